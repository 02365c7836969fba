import type { Market } from '../model/market.ts';
import { ShellLink } from '../shell/ShellLink.tsx';

export interface MarketListProps {
  id?: string;
  markets: readonly Market[];
  current: Market | undefined;
  label: string;
  currentLabel: string;
  hidden?: boolean;
  onNavigate?: () => void;
}

export function MarketBadge({ code }: { code: string }) {
  return (
    <span className="shell-market__badge" aria-hidden="true">
      {code || '··'}
    </span>
  );
}

/** MarketList lists the markets; the current one is highlighted and not a link. */
export function MarketList({ id, markets, current, label, currentLabel, hidden, onNavigate }: MarketListProps) {
  return (
    <ul id={id} className="shell-market__list" hidden={hidden} aria-label={label}>
      {markets.map((m) =>
        m.locale === current?.locale ? (
          <li key={m.locale}>
            <span className="shell-market__option shell-market__option--current" aria-current="true">
              <MarketBadge code={m.code} />
              {m.country}
              <span className="shell-visually-hidden"> ({currentLabel})</span>
            </span>
          </li>
        ) : (
          <li key={m.locale}>
            <ShellLink href={m.href} siteAbsolute className="shell-market__option" onNavigate={onNavigate}>
              <MarketBadge code={m.code} />
              {m.country}
            </ShellLink>
          </li>
        ),
      )}
    </ul>
  );
}
