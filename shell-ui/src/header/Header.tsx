import type { HeaderDataSource, HeaderLabels } from '../model/header.ts';
import { ActionBar } from './ActionBar.tsx';
import { Logo } from './Logo.tsx';
import { MobilePanel } from './MobilePanel.tsx';
import { NavBar } from './NavBar.tsx';
import { NavSkeleton } from './NavSkeleton.tsx';
import { PartnerSlot } from './PartnerSlot.tsx';
import './Header.css';

export interface HeaderProps {
  data: HeaderDataSource;
  labels: HeaderLabels;
}

/**
 * Header is the shell's header: logo (and a partner slot), main menus or their loading
 * placeholders, actions; nothing for the integrated type.
 */
export function Header({ data, labels }: HeaderProps) {
  if (data.type === 'integrated') return null;
  return (
    <header className="shell-header" aria-busy={data.isHeaderDataLoading ? true : undefined}>
      <div className="shell-header__bar">
        <span className="shell-header__brand">
          <Logo item={data.logoItems[0]} homeLabel={labels.homeLink} />
          {data.partner ? <PartnerSlot partner={data.partner} /> : null}
        </span>
        {data.isHeaderDataLoading ? <NavSkeleton /> : null}
        {data.navItems.length > 0 ? (
          <MobilePanel labels={labels}>{(close) => <NavBar items={data.navItems} label={labels.mainNavigation} onNavigate={close} />}</MobilePanel>
        ) : null}
        <ActionBar items={data.actionItems} label={labels.actions} />
      </div>
    </header>
  );
}
