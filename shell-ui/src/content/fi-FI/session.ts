import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in Finnish (spec 2.6, 8). */
export const sessionTexts: SessionTexts = {
  logoutIn: 'Sinut kirjataan ulos {time} kuluttua.',
  extend: 'Jatka istuntoa',
  extended: {
    one: 'Istuntoasi jatkettiin onnistuneesti {n} minuutilla',
    other: 'Istuntoasi jatkettiin onnistuneesti {n} minuutilla',
  },
  minutes: {
    one: '{n} minuutti',
    other: '{n} minuuttia',
  },
  seconds: {
    one: '{n} sekunti',
    other: '{n} sekuntia',
  },
  minutesAndSeconds: '{minutes} ja {seconds}',
};
