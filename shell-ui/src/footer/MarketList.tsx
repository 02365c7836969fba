import { dropGateProps } from '../lib/flagCondition.ts';
import type { Market } from '../model/market.ts';
import type { PickerEntry } from '../market/pickerEntries.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import { useShellSettings } from '../shell/ShellContext.tsx';

export interface MarketListProps {
  id?: string;
  /** entries are every row the flags may show, each gated on its flags (pickerEntries). */
  entries: readonly PickerEntry[];
  current: Market | undefined;
  label: string;
  currentLabel: string;
  hidden?: boolean;
  onNavigate?: () => void;
}

/**
 * flagProps give a row (or the picker's button) its market's flag before its name (spec 2.5):
 * MarketPicker.css paints it as the row's ::before from data-flag in CSS gradients, no element
 * and no picture to fetch; Europe's blue for the generic entry, which has no data-flag.
 * Decorative: a pseudo-element with no text is not read, the country's name stands beside it.
 */
export function flagProps(code: string): { 'data-flag'?: string } {
  return code ? { 'data-flag': code } : {};
}

/**
 * MarketList lists the markets; the current one is highlighted and not a link. Its rows are
 * styled from the list (MarketPicker.css), so the two dozen options carry no class. A market's
 * site opens in this tab (the visitor is changing country, not looking something up), so its
 * links carry no target or rel either.
 */
export function MarketList({ id, entries, current, label, currentLabel, hidden, onNavigate }: MarketListProps) {
  const { flags } = useShellSettings();
  return (
    <ul id={id} className="shell-market__list" hidden={hidden} aria-label={label}>
      {entries.map(({ key, market: m, href, gate }) => {
        const gated = dropGateProps(gate, flags);
        return gated === null ? null : m.locale === current?.locale ? (
          <li key={key} {...flagProps(m.code)}>
            <span aria-current="true">
              {m.country}
              <span className="shell-visually-hidden">{` (${currentLabel})`}</span>
            </span>
          </li>
        ) : (
          <li key={key} {...flagProps(m.code)} {...gated}>
            <ShellLink href={href} siteAbsolute sameTab onNavigate={onNavigate}>
              {m.country}
            </ShellLink>
          </li>
        );
      })}
    </ul>
  );
}
