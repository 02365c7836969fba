import type { SessionsTexts } from '../../model/session.ts';

/** The list of the customer's sessions in English (ASVS 3.3.4). */
export const sessionsTexts: SessionsTexts = {
  title: 'Signed-in devices',
  intro: 'These devices are signed in to your account. If you do not recognise one, end its session and change your password.',
  loading: 'Loading your sessions…',
  failed: 'Your sessions could not be loaded. Please try again later.',
  thisDevice: 'This device',
  started: 'Signed in',
  lastActive: 'Last active',
  market: 'Market',
  unknown: 'Unknown',
  end: 'End session',
  endAll: 'End all other sessions',
  ended: { one: '{n} session ended.', other: '{n} sessions ended.' },
  endFailed: 'The session could not be ended. Please try again.',
  reauth: 'For your security, please sign in again to end sessions.',
  devices: { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet' },
};
