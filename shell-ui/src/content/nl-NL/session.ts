import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in Dutch (spec 2.6, 8). */
export const sessionTexts: SessionTexts = {
  logoutIn: 'U wordt over {time} uitgelogd.',
  extend: 'Sessie verlengen',
  extended: {
    one: 'Uw sessie is met succes met {n} minuut verlengd',
    other: 'Uw sessie is met succes met {n} minuten verlengd',
  },
  minutes: {
    one: '{n} minuut',
    other: '{n} minuten',
  },
  seconds: {
    one: '{n} seconde',
    other: '{n} seconden',
  },
  minutesAndSeconds: '{minutes} en {seconds}',
};
