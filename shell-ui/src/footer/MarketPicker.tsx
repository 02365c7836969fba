import { useId } from 'react';
import type { Market } from '../model/market.ts';
import { useDropdown } from '../header/useDropdown.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './MarketPicker.css';

export interface MarketPickerProps {
  markets: readonly Market[];
  /** current is the locale of this page's market; it is highlighted and not a link. */
  current: string;
  label: string;
  currentLabel: string;
}

const PickerId = 'market-picker';

function Badge({ code }: { code: string }) {
  return (
    <span className="shell-market__badge" aria-hidden="true">
      {code || '··'}
    </span>
  );
}

/** MarketPicker lists the markets: a drop-down from lg, an expanding list below. */
export function MarketPicker({ markets, current, label, currentLabel }: MarketPickerProps) {
  const dropdown = useDropdown();
  const listId = useId();
  const here = markets.find((m) => m.locale.toLowerCase() === current.toLowerCase());
  const open = dropdown.isOpen(PickerId);
  return (
    <div className="shell-market" {...dropdown.itemProps(PickerId)}>
      <button className="shell-market__button" {...dropdown.buttonProps(PickerId, listId)} aria-label={`${label}: ${here?.country ?? current}`}>
        <Badge code={here?.code ?? ''} />
        <span className="shell-market__name">{here?.country ?? current}</span>
        <svg className="shell-market__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="m4 10 4-4 4 4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className="shell-market__list" hidden={!open} aria-label={label}>
        {markets.map((m) =>
          m === here ? (
            <li key={m.locale}>
              <span className="shell-market__option shell-market__option--current" aria-current="true">
                <Badge code={m.code} />
                {m.country}
                <span className="shell-visually-hidden"> ({currentLabel})</span>
              </span>
            </li>
          ) : (
            <li key={m.locale}>
              <ShellLink href={m.href} siteAbsolute className="shell-market__option" onNavigate={dropdown.close}>
                <Badge code={m.code} />
                {m.country}
              </ShellLink>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
