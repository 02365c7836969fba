import { useEffect } from 'react';
import { SessionItem } from './SessionItem.tsx';
import type { SessionsEndpoints } from './sessionsEndpoints.ts';
import { endedText, sessionsTextsFor } from './sessionsTexts.ts';
import type { SessionsNotice } from './useSessions.ts';
import { useSessions } from './useSessions.ts';
import './SessionsPage.css';

export interface SessionsPageProps {
  locale: string;
  endpoints: SessionsEndpoints;
  /** loginPath is the locale's login page, where ending the current session leads. */
  loginPath: string;
  navigate: (to: string) => void;
}

function noticeText(notice: SessionsNotice, texts: ReturnType<typeof sessionsTextsFor>): string {
  switch (notice?.kind) {
    case 'ended':
      return endedText(texts.texts, texts.locale, notice.n);
    case 'failed':
      return texts.texts.endFailed;
    case 'reauth':
      return texts.texts.reauth;
  }
  return '';
}

/**
 * SessionsPage lists the customer's signed-in devices (ASVS 3.3.4) and ends one or all
 * others. It fills the gateway's account/sessions page; it knows sessions only by handle.
 */
export function SessionsPage({ locale, endpoints, loginPath, navigate }: SessionsPageProps) {
  const t = sessionsTextsFor(locale);
  const { texts } = t;
  const { view, notice, busy, end } = useSessions(endpoints, navigate, loginPath);
  useEffect(() => {
    document.title = texts.title;
  }, [texts.title]);
  const others = view.kind === 'loaded' ? view.sessions.filter((s) => !s.current).length : 0;
  return (
    <section className="shell-sessions" aria-labelledby="shell-sessions-title" aria-busy={view.kind === 'loading' || busy}>
      <h1 id="shell-sessions-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      {view.kind === 'loading' && <p>{texts.loading}</p>}
      {view.kind === 'failed' && <p role="alert">{texts.failed}</p>}
      {view.kind === 'loaded' && (
        <ul className="shell-sessions__list">
          {view.sessions.map((entry) => (
            <SessionItem key={entry.handle} entry={entry} texts={texts} locale={t.locale} busy={busy} onEnd={(handle) => void end({ handle })} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <button type="button" className="shell-sessions__end-all" disabled={busy} onClick={() => void end({ all: true })}>
          {texts.endAll}
        </button>
      )}
      <p className="shell-sessions__notice" role="status">
        {noticeText(notice, t)}
      </p>
    </section>
  );
}
