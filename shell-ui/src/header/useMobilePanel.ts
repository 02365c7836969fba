import { useCallback, useEffect, useRef, useState } from 'react';
import { useDismiss } from '../lib/useDismiss.ts';
import { LargeBreakpoint } from '../lib/viewport.ts';

/**
 * useMobilePanel runs the mobile navigation panel (spec section 4): the hamburger toggles it;
 * while it is open the page behind does not scroll; Escape closes it and returns focus to the
 * toggle; growing to the lg breakpoint closes it. Opening scrolls a scrolled-away header back
 * into view, since the panel hangs below it.
 */
export function useMobilePanel() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement | null>(null);

  const toggle = useCallback(() => {
    // The panel hangs below the header bar: bring a scrolled-away header back first.
    const header = toggleRef.current?.closest('header');
    if (!open && header && header.getBoundingClientRect().top < 0) header.scrollIntoView({ block: 'start' });
    setOpen(!open);
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  // Escape closes the panel unless a menu open in it is the layer above (it closes first).
  useDismiss(open, { inside: () => toggleRef.current?.closest('header'), onDismiss: close, returnFocus: () => toggleRef.current, pointerOutside: false, focusOutside: false });

  useEffect(() => {
    if (!open) return;
    const { body, documentElement: root } = document;
    const before = { body: body.style.overflow, root: root.style.overflow };
    body.style.overflow = 'hidden';
    root.style.overflow = 'hidden';

    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(`(min-width: ${LargeBreakpoint}px)`) : null;
    const onWide = (e: MediaQueryListEvent) => {
      if (e.matches) setOpen(false);
    };
    wide?.addEventListener('change', onWide);

    return () => {
      body.style.overflow = before.body;
      root.style.overflow = before.root;
      wide?.removeEventListener('change', onWide);
    };
  }, [open]);

  return { open, toggle, close, toggleRef };
}
