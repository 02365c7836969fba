import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in Italian (spec 2.6, 8). */
export const sessionTexts: SessionTexts = {
  logoutIn: 'Verrai disconnesso tra {time}.',
  extend: 'Prolunga la sessione',
  extended: {
    one: 'La tua sessione è stata prolungata correttamente di {n} minuto',
    other: 'La tua sessione è stata prolungata correttamente di {n} minuti',
  },
  minutes: {
    one: '{n} minuto',
    other: '{n} minuti',
  },
  seconds: {
    one: '{n} secondo',
    other: '{n} secondi',
  },
  minutesAndSeconds: '{minutes} e {seconds}',
};
