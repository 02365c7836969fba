import { useEffect, useRef, useState } from 'react';

/** TooltipEnterDelay is how long a pointer rests before the tooltip shows (spec 9: 50 ms). */
export const TooltipEnterDelay = 50;

/**
 * useTooltip runs a tooltip on its trigger: shown after a 50 ms rest of the pointer or at once
 * on keyboard focus, hidden when the pointer leaves, focus leaves, or on Escape.
 */
export function useTooltip() {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setShown(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown]);
  const hide = () => {
    clearTimeout(timer.current);
    setShown(false);
  };
  const triggerProps = {
    onPointerEnter: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setShown(true), TooltipEnterDelay);
    },
    onPointerLeave: hide,
    onFocus: () => setShown(true),
    onBlur: hide,
  };
  return { shown, triggerProps };
}
