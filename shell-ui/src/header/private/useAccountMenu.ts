import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useDismiss } from '../../lib/useDismiss.ts';

/** menuItems are the menu's items a customer can reach now: gated-off ones are hidden. */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((el) => el.closest('[hidden]') === null);
}

type Focus = 'first' | 'last' | null;

/**
 * useAccountMenu runs the avatar menu as a WAI-ARIA menu button: the button toggles the menu;
 * Enter, Space and ArrowDown open it on its first item, ArrowUp on its last; in the menu
 * ArrowDown/ArrowUp move (wrapping), Home/End jump; Escape closes it and returns focus to the
 * button; Tab, a click away or following an entry closes it. onClose runs on every close
 * (the copied-identifier mark clears with it).
 */
export function useAccountMenu(onClose?: () => void) {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const menuRef = useRef<HTMLUListElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    onCloseRef.current?.();
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const show = (at: Focus) => {
    setOpen(true);
    setFocus(at);
  };

  // Focus moves once the menu is shown (it is hidden until the render commits).
  useEffect(() => {
    if (!open || focus === null) return;
    const items = menuItems(menuRef.current);
    (focus === 'first' ? items[0] : items[items.length - 1])?.focus();
    setFocus(null);
  }, [open, focus]);

  // Escape (from the button or the menu) closes it and gives focus back; so does a click away,
  // without taking focus. Tab closes it below, so focus leaving needs no rule of its own.
  useDismiss(open, { inside: () => rootRef.current, onDismiss: () => close(false), returnFocus: () => buttonRef.current, focusOutside: false });

  const buttonProps = (menuId: string) => ({
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': menuId,
    onClick: () => (open ? close(false) : show(null)),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        show('first');
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        show('last');
      }
    },
  });

  const menuProps = {
    ref: menuRef,
    onKeyDown: (e: KeyboardEvent) => {
      const items = menuItems(menuRef.current);
      const at = items.indexOf(document.activeElement as HTMLElement);
      const move = (to: number) => {
        e.preventDefault();
        items[(to + items.length) % items.length]?.focus();
      };
      if (e.key === 'ArrowDown') move(at + 1);
      else if (e.key === 'ArrowUp') move(at < 0 ? items.length - 1 : at - 1);
      else if (e.key === 'Home') move(0);
      else if (e.key === 'End') move(items.length - 1);
      else if (e.key === 'Tab') close(false);
    },
  };

  return { open, rootRef, buttonProps, menuProps, close };
}
