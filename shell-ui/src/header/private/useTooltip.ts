import { useEffect, useRef, useState } from 'react';
import { useDismiss } from '../../lib/useDismiss.ts';

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
  // A shown tooltip is the topmost layer: Escape hides it (focus stays on its trigger).
  useDismiss(shown, { inside: () => null, onDismiss: () => setShown(false), pointerOutside: false, focusOutside: false });
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
