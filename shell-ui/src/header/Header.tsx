import type { HeaderDataSource, HeaderLabels } from '../model/header.ts';
import { ActionBar } from './ActionBar.tsx';
import { Logo } from './Logo.tsx';
import { MobilePanel } from './MobilePanel.tsx';
import { NavBar } from './NavBar.tsx';
import './Header.css';

export interface HeaderProps {
  data: HeaderDataSource;
  labels: HeaderLabels;
}

/** Header is the shell's header: logo, main menus, actions; nothing for the integrated type. */
export function Header({ data, labels }: HeaderProps) {
  if (data.type === 'integrated') return null;
  return (
    <header className="shell-header">
      <div className="shell-header__bar">
        <Logo item={data.logoItems[0]} homeLabel={labels.homeLink} />
        {data.navItems.length > 0 ? (
          <MobilePanel labels={labels}>{(close) => <NavBar items={data.navItems} label={labels.mainNavigation} onNavigate={close} />}</MobilePanel>
        ) : null}
        <ActionBar items={data.actionItems} label={labels.actions} placement="header" />
      </div>
      <ActionBar items={data.actionItems} label={labels.actions} placement="bottom" />
    </header>
  );
}
