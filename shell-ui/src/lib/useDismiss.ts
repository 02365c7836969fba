import { useEffect, useRef } from 'react';

/** DismissReason says what dismissed a layer. */
export type DismissReason = 'escape' | 'pointer-outside' | 'focus-outside';

export interface DismissOptions {
  /** inside gives the layer's element(s): a pointer or focus there is not outside. */
  inside: () => (Element | null | undefined)[] | Element | null | undefined;
  onDismiss: (reason: DismissReason) => void;
  /** returnFocus gives what takes focus after an Escape (the disclosure's button). */
  returnFocus?: () => HTMLElement | null | undefined;
  /** Which of the three dismiss; each is on unless set false. */
  escape?: boolean;
  pointerOutside?: boolean;
  focusOutside?: boolean;
}

interface Layer {
  contains: (node: Node) => boolean;
}

// The open layers, oldest first. Escape dismisses only the topmost; a pointer or focus inside
// a layer above (a dropdown in the mobile panel) is not outside the ones below it.
const layers: Layer[] = [];

/** openLayers tells how many layers are open (for tests). */
export const openLayers = () => layers.length;

/**
 * useDismiss makes an open element a dismissable layer, as Radix's DismissableLayer does
 * (EXAMPLES 13), in the few lines this shell needs: Escape dismisses the topmost layer only and
 * gives focus back (WAI-ARIA disclosure), a pointer going down outside or focus moving outside
 * dismisses the layer. The dropdowns, the account menu, the mobile panel, the tooltip and the
 * market dialog all close through it.
 */
export function useDismiss(open: boolean, options: DismissOptions): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!open) return;
    const insideOf = () => {
      const i = latest.current.inside();
      return (Array.isArray(i) ? i : [i]).filter((el): el is Element => el instanceof Element);
    };
    const layer: Layer = { contains: (node) => insideOf().some((el) => el.contains(node)) };
    layers.push(layer);
    const above = () => layers.slice(layers.indexOf(layer) + 1);
    const outside = (target: EventTarget | null) => target instanceof Node && !layer.contains(target) && !above().some((l) => l.contains(target));

    // Capture phase: the topmost layer sees the Escape first and marks it handled.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || latest.current.escape === false) return;
      if (layers[layers.length - 1] !== layer) return;
      e.preventDefault();
      latest.current.onDismiss('escape');
      latest.current.returnFocus?.()?.focus();
    };
    const onPointerDown = (e: Event) => {
      if (latest.current.pointerOutside !== false && outside(e.target)) latest.current.onDismiss('pointer-outside');
    };
    const onFocusIn = (e: FocusEvent) => {
      if (latest.current.focusOutside !== false && outside(e.target)) latest.current.onDismiss('focus-outside');
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);
}
