import { afterFrame } from '../lib/afterFrame.ts';
import { clockText, spokenText } from './countdownTime.ts';
import { extendedText, logoutInText, textsFor } from './sessionTexts.ts';
import type { CountdownView, SessionMonitor } from './sessionMonitor.ts';
import './SessionCountdown.css';

// The countdown is a few nodes whose texts change once a second: written to the DOM directly,
// without React. With React the view's arrival on a customer's page was React's evaluation and
// initialisation, a task of 50-80 ms on a slow phone, a minute before the countdown could show
// (bench/HISTORY.md, 2026-11-27 "task", session 14); a page no one touches needs React for
// nothing else.

// Screen readers hear the countdown when it appears and at these seconds, not every second.
const Milestones = [60, 30, 10];

/** MessageId names the dialog's message (its accessible name); a page has one countdown. */
export const MessageId = 'shellgate-countdown-message';

/** isTyping: focus is in a field, where moving it away would take the customer's keystrokes. */
function isTyping(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'range', 'color', 'file'].includes(el.type);
  return el instanceof HTMLElement && el.isContentEditable;
}

/** setText changes a node's text only when it differs: a live region speaks on every change. */
function setText(node: Element, text: string) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * showCountdown is the session's end warning (spec 2.6) in mount, following the page's
 * monitor: a non-modal alert dialog with the time left and "Extend session", and afterwards a
 * status line confirming the extension. Once painted it takes focus (WAI-ARIA alertdialog),
 * unless the customer is typing in a field: then an assertive live region reads it out, and
 * the dialog, first in the page, is one Shift+Tab from the top. Nothing is shown while the
 * monitor is off. It gives the function that removes it.
 */
export function showCountdown(mount: HTMLElement, monitor: SessionMonitor, locale: string): () => void {
  const doc = mount.ownerDocument;
  const { locale: textLocale, texts } = textsFor(locale);
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}) => {
    const node = doc.createElement(tag);
    node.className = className;
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  };

  let root: HTMLDivElement | null = null;
  let live: HTMLDivElement | null = null;
  let status: HTMLDivElement | null = null;
  let dialog: HTMLDivElement | null = null;
  let message: HTMLParagraphElement | null = null;
  let button: HTMLButtonElement | null = null;
  // The first second shown, then each milestone passed, is what the live region says.
  let firstShown: number | null = null;
  // Where focus was when the dialog took it: it goes back there when the dialog goes.
  let focusBefore: Element | null = null;

  const appear = () => {
    dialog = make('div', 'shell-session-countdown', { role: 'alertdialog', 'aria-modal': 'false', 'aria-labelledby': MessageId, tabindex: '-1' });
    message = make('p', 'shell-session-message', { id: MessageId });
    dialog.append(message);
    root!.append(dialog);
  };
  const disappear = () => {
    const shown = dialog!;
    shown.remove();
    dialog = null;
    message = null;
    button = null;
    const before = focusBefore;
    focusBefore = null;
    // The dialog took focus; give it back if nothing else took it since.
    const now = doc.activeElement;
    if ((now === null || now === doc.body || shown.contains(now)) && before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
  };

  const render = (view: CountdownView) => {
    if (view.status === 'off') {
      root?.remove();
      root = live = status = dialog = message = button = null;
      return;
    }
    if (!root) {
      root = make('div', 'shell-session');
      live = make('div', 'shell-visually-hidden', { 'aria-live': 'assertive', 'aria-atomic': 'true' });
      status = make('div', 'shell-session-confirmation', { role: 'status' });
      root.append(live, status);
      mount.append(root);
    }
    if (!view.countdown) firstShown = null;
    else firstShown ??= view.remainingSeconds;
    const spokenSecond = view.countdown ? (Milestones.filter((m) => m < firstShown! && view.remainingSeconds <= m).at(-1) ?? firstShown!) : null;
    setText(live!, spokenSecond !== null ? logoutInText(texts, spokenText(spokenSecond, texts, textLocale)) : '');
    setText(status!, view.extendedMinutes !== null ? extendedText(texts, textLocale, view.extendedMinutes) : '');

    if (!view.countdown) {
      if (dialog) disappear();
      return;
    }
    const appearing = dialog === null;
    if (appearing) appear();
    setText(message!, logoutInText(texts, clockText(view.remainingSeconds)));
    if (view.canExtend && !button) {
      button = make('button', 'shell-session-extend', { type: 'button' });
      button.textContent = texts.extend;
      button.addEventListener('click', () => void monitor.extend());
      dialog!.append(button);
    } else if (!view.canExtend && button) {
      button.remove();
      button = null;
    }
    if (button && view.extending) button.setAttribute('aria-disabled', 'true');
    else button?.removeAttribute('aria-disabled');
    if (appearing) {
      const shown = dialog!;
      // Focus needs the page laid out: moved in the task that adds the dialog, it laid the page
      // out there (up to 80 ms at 4x when the page had layout pending); after the frame the
      // browser has done that in its own rendering (or after a second in a tab that paints none).
      afterFrame(() => {
        if (dialog !== shown) return; // gone again before the frame
        const previous = doc.activeElement;
        if (isTyping(previous)) return;
        focusBefore = previous;
        (button ?? shown).focus({ preventScroll: true });
      }, 1000);
    }
  };

  const unsubscribe = monitor.subscribe(render);
  render(monitor.getView());
  return () => {
    unsubscribe();
    root?.remove();
    root = null;
  };
}
