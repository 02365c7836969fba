import { gateProps } from '../lib/flagCondition.ts';
import type { MenuItem, SubMenuArea, SubMenus } from '../model/header.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';
import { MenuEntry } from './MenuEntry.tsx';
import './SubMenuPanel.css';

export interface SubMenuPanelProps {
  subMenus: SubMenus;
  onNavigate?: () => void;
}

// Whole class names: the build shortens each one (shell-ui/shortClassNames.ts).
const areaClasses: Record<SubMenuArea, string> = {
  top: 'shell-submenu__top',
  main: 'shell-submenu__main',
  sidebar: 'shell-submenu__sidebar',
  bottom: 'shell-submenu__bottom',
};

function Area({ area, items, onNavigate }: { area: SubMenuArea; items: MenuItem[] | undefined; onNavigate?: () => void }) {
  const { flags } = useShellSettings();
  if (!items || items.length === 0) return null;
  return (
    <ul className={areaClasses[area]}>
      {items.map((item) => (
        <li key={item.id} {...gateProps(item.gate, flags)}>
          <MenuEntry item={item} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

/**
 * SubMenuPanel lays out a nav item's areas: top, then main beside sidebar, then bottom. Only a
 * layout other than the default gets a modifier class: the default one is the block's own.
 */
export function SubMenuPanel({ subMenus, onNavigate }: SubMenuPanelProps) {
  const layout = subMenus.layout ?? 'default';
  return (
    <div className={layout === 'even' ? 'shell-submenu shell-submenu--even' : 'shell-submenu'}>
      <Area area="top" items={subMenus.top} onNavigate={onNavigate} />
      <div className="shell-submenu__body">
        <Area area="main" items={subMenus.main} onNavigate={onNavigate} />
        <Area area="sidebar" items={subMenus.sidebar} onNavigate={onNavigate} />
      </div>
      <Area area="bottom" items={subMenus.bottom} onNavigate={onNavigate} />
    </div>
  );
}
