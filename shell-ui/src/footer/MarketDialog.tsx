import { useId, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import { useDismiss } from '../lib/useDismiss.ts';
import './MarketDialog.css';

export interface MarketDialogProps {
  /** id names the dialog, for its opener's aria-controls. */
  id?: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';
// Rows that flags hide stay in the markup (hidden): they take no focus.
const shown = (el: HTMLElement) => el.closest('[hidden]') === null;

/**
 * MarketDialog is the market picker below lg: a modal dialog (small, 414 px) that keeps focus
 * inside, closes on Escape, on its close button and on a click on the backdrop, and gives focus
 * back to what opened it.
 */
export function MarketDialog({ id, title, closeLabel, onClose, children }: MarketDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // A layout effect: focus is inside before the dialog is painted, also when its chunk arrives
  // outside any user event (a passive effect would leave one frame with focus on the opener).
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    [...(dialog.current?.querySelectorAll<HTMLElement>(focusable) ?? [])].find(shown)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);
  // Escape and a pointer on the backdrop close it; focus goes back to the opener (above).
  useDismiss(true, { inside: () => dialog.current, onDismiss: onClose, focusOutside: false });
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)].filter(shown);
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };
  return (
    <div className="shell-dialog__backdrop">
      <div ref={dialog} id={id} className="shell-dialog shell-dialog--small" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="shell-dialog__head">
          <h2 id={titleId} className="shell-dialog__title">
            {title}
          </h2>
          <button type="button" className="shell-dialog__close" aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="m3 3 10 10M13 3 3 13" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
