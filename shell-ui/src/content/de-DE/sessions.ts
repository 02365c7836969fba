import type { SessionsTexts } from '../../model/session.ts';

/** Die Liste der Sitzungen des Kunden auf Deutsch (ASVS 3.3.4). */
export const sessionsTexts: SessionsTexts = {
  title: 'Angemeldete Geräte',
  intro: 'Diese Geräte sind bei Ihrem Konto angemeldet. Wenn Sie eines nicht kennen, beenden Sie seine Sitzung und ändern Sie Ihr Passwort.',
  loading: 'Ihre Sitzungen werden geladen…',
  failed: 'Ihre Sitzungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  thisDevice: 'Dieses Gerät',
  started: 'Angemeldet',
  lastActive: 'Zuletzt aktiv',
  market: 'Markt',
  unknown: 'Unbekannt',
  end: 'Sitzung beenden',
  endAll: 'Alle anderen Sitzungen beenden',
  ended: { one: '{n} Sitzung beendet.', other: '{n} Sitzungen beendet.' },
  endFailed: 'Die Sitzung konnte nicht beendet werden. Bitte versuchen Sie es erneut.',
  reauth: 'Bitte melden Sie sich zu Ihrer Sicherheit erneut an, um Sitzungen zu beenden.',
  devices: { desktop: 'Computer', mobile: 'Smartphone', tablet: 'Tablet' },
};
