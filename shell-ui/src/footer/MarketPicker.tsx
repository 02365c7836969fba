import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { Market } from '../model/market.ts';
import { useDropdown } from '../header/useDropdown.ts';
import { LargeBreakpoint } from '../lib/viewport.ts';
import { pickerEntries } from '../market/pickerEntries.ts';
import { flagProps, MarketList } from './MarketList.tsx';
import { dropGateProps } from '../lib/flagCondition.ts';
import { useHydratedId } from '../lib/useHydratedId.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';
import './MarketPicker.css';

export interface MarketPickerProps {
  /** markets are listed in their order (markets.ts keeps the picker's). */
  markets: readonly Market[];
  /** current is the locale of this page's market; it is highlighted and not a link. */
  current: string;
  label: string;
  currentLabel: string;
  closeLabel: string;
  /** gate is the flag condition the picker shows under (Footer: not inside the app). */
  gate?: string;
}

const PickerId = 'market-picker';

// The dialog is code a page needs only once the button is pressed below lg: its own chunk.
const MarketDialog = lazy(() => import('./MarketDialog.tsx').then((m) => ({ default: m.MarketDialog })));

/**
 * useSmallViewport tells whether the picker opens its dialog (below lg). false in the
 * prerender and the hydration render, which must agree; a phone learns its width once mounted.
 */
function useSmallViewport(): boolean {
  const [small, setSmall] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const large = window.matchMedia(`(min-width: ${LargeBreakpoint}px)`);
    const update = () => setSmall(!large.matches);
    update();
    large.addEventListener('change', update);
    return () => large.removeEventListener('change', update);
  }, []);
  return small;
}

/**
 * MarketPicker lists the markets (spec 2.5): a drop-down from lg, a modal dialog below. Every
 * row the flags may show is in the markup, gated on its flags (pickerEntries), so the gateway
 * shows the right ones in the first HTML.
 */
export function MarketPicker({ markets, current, label, currentLabel, closeLabel, gate }: MarketPickerProps) {
  const { flags } = useShellSettings();
  const dropdown = useDropdown();
  const listId = useHydratedId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const entries = pickerEntries(markets, current);
  const here = markets.find((m) => m.locale.toLowerCase() === current.toLowerCase());
  const open = dropdown.isOpen(PickerId);
  const button = dropdown.buttonProps(PickerId, listId);
  // Below lg the button opens a modal dialog and says so (aria-haspopup); from lg it discloses
  // the list of market links, the disclosure pattern of the header's menus.
  const small = useSmallViewport();
  const dialogId = useId();
  const dialogOpener = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': dialogOpen,
    'aria-controls': dialogOpen ? dialogId : undefined,
    onClick: () => setDialogOpen(true),
  };
  const gated = dropGateProps(gate, flags);
  if (gated === null) return null;
  return (
    <div className="shell-market" {...dropdown.itemProps(PickerId)} {...gated}>
      <button className="shell-market__button" {...flagProps(here?.code ?? '')} {...button} {...(small ? dialogOpener : {})}>
        {/* The name says what the button is for, and the visible text is part of it. */}
        <span className="shell-visually-hidden">{`${label}:`}</span>
        {/* One text node: two would be written with a <!-- --> between them. */}
        {` ${here?.country ?? current}`}
      </button>
      <MarketList id={listId} entries={entries} current={here} label={label} currentLabel={currentLabel} hidden={!open} onNavigate={dropdown.close} />
      {dialogOpen ? (
        <Suspense fallback={null}>
          <MarketDialog id={dialogId} title={label} closeLabel={closeLabel} onClose={() => setDialogOpen(false)}>
            <MarketList entries={entries} current={here} label={label} currentLabel={currentLabel} onNavigate={() => setDialogOpen(false)} />
          </MarketDialog>
        </Suspense>
      ) : null}
    </div>
  );
}
