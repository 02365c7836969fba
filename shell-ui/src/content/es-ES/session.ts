import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in Spanish (spec 2.6, 8). */
export const sessionTexts: SessionTexts = {
  logoutIn: 'Tu sesión se cerrará en {time}.',
  extend: 'Ampliar sesión',
  extended: {
    one: 'Tu sesión se ha ampliado correctamente {n} minuto',
    other: 'Tu sesión se ha ampliado correctamente {n} minutos',
  },
  minutes: {
    one: '{n} minuto',
    other: '{n} minutos',
  },
  seconds: {
    one: '{n} segundo',
    other: '{n} segundos',
  },
  minutesAndSeconds: '{minutes} y {seconds}',
};
