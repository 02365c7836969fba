import { useId } from 'react';
import type { ReactNode } from 'react';
import type { HeaderLabels } from '../model/header.ts';
import { useMobilePanel } from './useMobilePanel.ts';
import './MobilePanel.css';

export interface MobilePanelProps {
  labels: HeaderLabels;
  /** children get a close function, so following a link closes the panel. */
  children: (close: () => void) => ReactNode;
}

/**
 * MobilePanel holds the navigation. Below lg it is a full-width panel behind a hamburger
 * toggle (that becomes a close button); from lg the toggle hides and the panel's content sits
 * inline in the header bar. CSS alone decides which, so every render is the same.
 */
export function MobilePanel({ labels, children }: MobilePanelProps) {
  const panel = useMobilePanel();
  const panelId = useId();
  return (
    <>
      <button
        ref={panel.toggleRef}
        type="button"
        className="shell-mobile-toggle"
        aria-expanded={panel.open}
        aria-controls={panelId}
        aria-label={panel.open ? labels.closeMenu : labels.openMenu}
        onClick={panel.toggle}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          {panel.open ? (
            <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      <div id={panelId} className="shell-mobile-panel" data-open={panel.open ? 'true' : 'false'}>
        {children(panel.close)}
      </div>
    </>
  );
}
