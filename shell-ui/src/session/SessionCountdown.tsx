import { useCallback, useEffect, useId, useRef } from 'react';
import type { Session } from '../model/shellState.gen.ts';
import { clockText, spokenText } from './countdownTime.ts';
import { extendedText, logoutInText, textsFor } from './sessionTexts.ts';
import type { SessionMonitor } from './sessionMonitor.ts';
import { useRunningMonitor, useSessionMonitor } from './useSessionMonitor.ts';
import type { MonitorSetup } from './useSessionMonitor.ts';
import './SessionCountdown.css';

export interface SessionCountdownProps {
  /** session is state.session: no session, no countdown. */
  session: Session | null | undefined;
  /**
   * monitor is the page's monitor when it is already running (mountSessionCountdown starts it
   * before this view loads); then the countdown follows it and starts none of its own.
   */
  monitor?: SessionMonitor;
  /** locale is state.locale: it picks the texts. */
  locale: string;
  /** receivedAt is when the page's response began (local clock), for the clock skew. */
  receivedAt?: number;
  /** setup replaces the browser's endpoints and tab channel in tests. */
  setup?: Omit<MonitorSetup, 'ignoreActivity' | 'receivedAt'>;
}

// Screen readers hear the countdown when it appears and at these seconds, not every second.
const Milestones = [60, 30, 10];

/** isTyping: focus is in a field, where moving it away would take the customer's keystrokes. */
function isTyping(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'range', 'color', 'file'].includes(el.type);
  return el instanceof HTMLElement && el.isContentEditable;
}

/**
 * SessionCountdown is the session's end warning (spec 2.6): a non-modal alert dialog with the
 * time left and "Extend session", and afterwards a status line confirming the extension.
 * When it appears it takes focus (WAI-ARIA alertdialog), unless the customer is typing in a
 * field: then an assertive live region reads it out, and the dialog, first in the page, is
 * one Shift+Tab from the top.
 */
export function SessionCountdown({ session, monitor, locale, receivedAt, setup }: SessionCountdownProps) {
  const { locale: textLocale, texts } = textsFor(locale);
  const root = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ignoreActivity = useCallback((target: EventTarget | null) => target instanceof Node && (root.current?.contains(target) ?? false), []);
  const own = useSessionMonitor(monitor ? null : session, { ...setup, receivedAt, ignoreActivity });
  const running = useRunningMonitor(monitor);
  const { view, extend } = monitor ? running : own;
  const messageId = useId();

  // The first second shown, then each milestone passed, is what the live region says.
  const firstShown = useRef<number | null>(null);
  if (!view.countdown) firstShown.current = null;
  else firstShown.current ??= view.remainingSeconds;
  const spokenSecond = view.countdown ? (Milestones.filter((m) => m < firstShown.current! && view.remainingSeconds <= m).at(-1) ?? firstShown.current!) : null;

  useEffect(() => {
    if (!view.countdown) return;
    const previous = document.activeElement;
    if (isTyping(previous)) return;
    const shown = dialog.current;
    (button.current ?? shown)?.focus({ preventScroll: true });
    return () => {
      // The dialog took focus; give it back if nothing else took it since.
      const now = document.activeElement;
      if ((now === null || now === document.body || shown?.contains(now)) && previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, [view.countdown]);

  if (view.status === 'off') return null;
  return (
    <div ref={root} className="shell-session">
      <div className="shell-visually-hidden" aria-live="assertive" aria-atomic="true">
        {spokenSecond !== null ? logoutInText(texts, spokenText(spokenSecond, textLocale)) : ''}
      </div>
      <div role="status" className="shell-session-confirmation">
        {view.extendedMinutes !== null ? extendedText(texts, textLocale, view.extendedMinutes) : ''}
      </div>
      {view.countdown && (
        <div ref={dialog} role="alertdialog" aria-modal="false" aria-labelledby={messageId} tabIndex={-1} className="shell-session-countdown">
          <p id={messageId} className="shell-session-message">
            {logoutInText(texts, clockText(view.remainingSeconds))}
          </p>
          {view.canExtend && (
            <button ref={button} type="button" className="shell-session-extend" aria-disabled={view.extending || undefined} onClick={() => void extend()}>
              {texts.extend}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
