import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { useDismiss } from '../lib/useDismiss.ts';
import { isLargeViewport } from '../lib/viewport.ts';

/** HoverEnterDelay is how long a mouse rests on a menu before it opens (spec section 9). */
export const HoverEnterDelay = 50;

type OpenedBy = 'hover' | 'click';

interface OpenMenu {
  id: string;
  by: OpenedBy;
}

/**
 * useDropdown runs a group of disclosure menus (spec section 4, desktop drop-down): one open
 * at a time; opened by click (Enter and Space click a button) or by a resting mouse after
 * 50 ms (never by touch or pen); closed by a second click, a click away, Escape (which returns
 * focus to the menu's button) or focus leaving the menu.
 */
export function useDropdown() {
  const [openMenu, setOpenMenu] = useState<OpenMenu | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const items = useRef(new Map<string, HTMLElement>());
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openId = openMenu?.id ?? null;

  const close = useCallback(() => setOpenMenu(null), []);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // The open menu is a layer above an enclosing mobile panel: its Escape closes the menu only.
  useDismiss(openId !== null, {
    inside: () => (openId === null ? null : items.current.get(openId)),
    onDismiss: close,
    returnFocus: () => (openId === null ? null : buttons.current.get(openId)),
  });

  /** itemProps go on the element that holds a menu's button and its panel. */
  const itemProps = (id: string) => ({
    ref: (el: HTMLElement | null) => {
      if (el) items.current.set(id, el);
      else items.current.delete(id);
    },
    onPointerEnter: (e: PointerEvent) => {
      // Hover is for mice on wide screens; touch detection lives here, never in a render.
      if (e.pointerType !== 'mouse' || !isLargeViewport()) return;
      clearTimeout(hoverTimer.current);
      hoverTimer.current = setTimeout(() => {
        setOpenMenu((cur) => (cur?.id === id ? cur : { id, by: 'hover' }));
      }, HoverEnterDelay);
    },
    onPointerLeave: (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      clearTimeout(hoverTimer.current);
      setOpenMenu((cur) => (cur?.id === id && cur.by === 'hover' ? null : cur));
    },
  });

  /** buttonProps go on a menu's disclosure button. */
  const buttonProps = (id: string, panelId: string | undefined) => ({
    ref: (el: HTMLButtonElement | null) => {
      if (el) buttons.current.set(id, el);
      else buttons.current.delete(id);
    },
    type: 'button' as const,
    'aria-expanded': openId === id,
    'aria-controls': panelId,
    onClick: () => {
      clearTimeout(hoverTimer.current);
      // A click on a menu the mouse just opened keeps it open instead of closing it at once.
      setOpenMenu((cur) => (cur?.id === id && cur.by === 'click' ? null : { id, by: 'click' }));
    },
  });

  return { openId, isOpen: (id: string) => openId === id, close, itemProps, buttonProps };
}

export type Dropdown = ReturnType<typeof useDropdown>;
