import { useState } from 'react';
import { useHydratedId } from '../lib/useHydratedId.ts';
import type { MouseEvent, PointerEvent, ReactNode } from 'react';
import type { HeaderLabels } from '../model/header.ts';
import { useMobilePanel } from './useMobilePanel.ts';
import './MobilePanel.css';

export interface MobilePanelProps {
  labels: HeaderLabels;
  /** children get a close function, so following a link closes the panel. */
  children: (close: () => void) => ReactNode;
}

/**
 * panelTop is where the open panel starts: the bottom of the header bar once the hook has
 * scrolled a scrolled-away header back to the top. undefined where nothing is laid out (the
 * stylesheet's header height then holds).
 */
function panelTop(toggle: HTMLElement | null): number | undefined {
  const bar = toggle?.parentElement?.getBoundingClientRect();
  const header = toggle?.closest('header')?.getBoundingClientRect();
  if (!bar || !header || bar.height === 0) return undefined;
  return bar.bottom - Math.min(0, header.top);
}

/**
 * Sections of the open panel fold on a press elsewhere (the menus' click-away, on pointerdown)
 * and when focus leaves them (on the press's focus move). Either way the entries below slide
 * up before the click lands, and the tap hits whatever moved under the finger: the next
 * section's button, a link. Inside the open panel a press neither counts as a click-away nor
 * moves focus; sections switch on click instead, one open at a time. Keyboard use is untouched.
 */
const keepSectionsUntilClick = {
  onPointerDown: (e: PointerEvent) => e.stopPropagation(),
  onMouseDown: (e: MouseEvent) => e.preventDefault(),
};

/**
 * MobilePanel holds the navigation. Below lg it is a full-width panel over the page, under the
 * header bar, behind a hamburger toggle (that becomes a close button: MobilePanel.css draws
 * either icon from aria-expanded); from lg the toggle hides
 * and the panel's content sits inline in the header bar. CSS alone decides which, so every
 * render is the same; only an open panel gets its measured top.
 */
export function MobilePanel({ labels, children }: MobilePanelProps) {
  const panel = useMobilePanel();
  const panelId = useHydratedId();
  const [top, setTop] = useState<number | undefined>(undefined);
  const toggle = () => {
    if (!panel.open) setTop(panelTop(panel.toggleRef.current));
    panel.toggle();
  };
  return (
    <>
      <button
        ref={panel.toggleRef}
        type="button"
        className="shell-mobile-toggle"
        aria-expanded={panel.open}
        aria-controls={panelId}
        aria-label={panel.open ? labels.closeMenu : labels.openMenu}
        onClick={toggle}
      />
      <div
        id={panelId}
        className="shell-mobile-panel"
        data-open={panel.open ? 'true' : undefined}
        style={panel.open && top !== undefined ? { top } : undefined}
        {...(panel.open ? keepSectionsUntilClick : {})}
      >
        {children(panel.close)}
      </div>
    </>
  );
}
