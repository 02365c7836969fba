import { useId } from 'react';
import type { SessionEntry } from '../model/shellState.gen.ts';
import type { SessionsTexts } from './sessionsTexts.ts';

export interface SessionItemProps {
  entry: SessionEntry;
  texts: SessionsTexts;
  locale: string;
  busy: boolean;
  onEnd: (handle: string) => void;
}

function when(iso: string, locale: string, texts: SessionsTexts): string {
  const t = Date.parse(iso);
  if (!iso || Number.isNaN(t)) return texts.unknown;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(t);
}

/** deviceName is "Phone · Safari" from the edge's coarse device kind and browser family. */
export function deviceName(entry: SessionEntry, texts: SessionsTexts): string {
  const kind = texts.devices[entry.device as keyof SessionsTexts['devices']] ?? texts.unknown;
  return entry.browser && entry.browser !== 'Other' ? `${kind} · ${entry.browser}` : kind;
}

/** SessionItem is one session of the list: its device, market and times, and its End button. */
export function SessionItem({ entry, texts, locale, busy, onEnd }: SessionItemProps) {
  const nameId = useId();
  return (
    <li className="shell-sessions__item" aria-labelledby={nameId}>
      <h2 className="shell-sessions__device" id={nameId}>
        {deviceName(entry, texts)}
        {entry.current && <span className="shell-sessions__current"> ({texts.thisDevice})</span>}
      </h2>
      <dl className="shell-sessions__facts">
        <div>
          <dt>{texts.started}</dt>
          <dd>{when(entry.startedAt, locale, texts)}</dd>
        </div>
        <div>
          <dt>{texts.lastActive}</dt>
          <dd>{when(entry.lastActiveAt, locale, texts)}</dd>
        </div>
        <div>
          <dt>{texts.market}</dt>
          <dd>{entry.market || texts.unknown}</dd>
        </div>
      </dl>
      {!entry.current && (
        <button type="button" className="shell-sessions__end" disabled={busy} aria-describedby={nameId} onClick={() => onEnd(entry.handle)}>
          {texts.end}
        </button>
      )}
    </li>
  );
}
