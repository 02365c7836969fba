import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in French (spec 2.6, 8). */
export const sessionTexts: SessionTexts = {
  logoutIn: 'Vous serez déconnecté dans {time}.',
  extend: 'Prolonger la session',
  extended: {
    one: 'Votre session a bien été prolongée de {n} minute',
    other: 'Votre session a bien été prolongée de {n} minutes',
  },
  minutes: {
    one: '{n} minute',
    other: '{n} minutes',
  },
  seconds: {
    one: '{n} seconde',
    other: '{n} secondes',
  },
  minutesAndSeconds: '{minutes} et {seconds}',
};
