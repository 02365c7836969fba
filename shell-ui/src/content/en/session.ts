import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in English (spec 2.6, 8). */
export const sessionTexts: SessionTexts = {
  logoutIn: 'You will be logged out in {time}.',
  extend: 'Extend session',
  extended: {
    one: 'Your session was successfully extended by {n} minute',
    other: 'Your session was successfully extended by {n} minutes',
  },
  minutes: {
    one: '{n} minute',
    other: '{n} minutes',
  },
  seconds: {
    one: '{n} second',
    other: '{n} seconds',
  },
  minutesAndSeconds: '{minutes}, {seconds}',
};
