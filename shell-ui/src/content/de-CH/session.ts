import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in Swiss German (spec 2.6, 8): "ss", never "ß". */
export const sessionTexts: SessionTexts = {
  logoutIn: 'Sie werden in {time} abgemeldet.',
  extend: 'Sitzung verlängern',
  extended: {
    one: 'Ihre Sitzung wurde erfolgreich um {n} Minute verlängert',
    other: 'Ihre Sitzung wurde erfolgreich um {n} Minuten verlängert',
  },
  minutes: {
    one: '{n} Minute',
    other: '{n} Minuten',
  },
  seconds: {
    one: '{n} Sekunde',
    other: '{n} Sekunden',
  },
  minutesAndSeconds: '{minutes}, {seconds}',
};
