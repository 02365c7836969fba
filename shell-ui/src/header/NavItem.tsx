import { isActiveHref } from '../lib/activeLink.ts';
import { gateProps } from '../lib/flagCondition.ts';
import { useHydratedId } from '../lib/useHydratedId.ts';
import { resolveHref } from '../lib/href.ts';
import type { NavItem as NavItemData, SubMenus } from '../model/header.ts';
import { useCurrentLocation, useShellSettings } from '../shell/ShellContext.tsx';
import { ShellLink } from '../shell/ShellLink.tsx';
import type { Dropdown } from './useDropdown.ts';
import { SubMenuPanel } from './SubMenuPanel.tsx';
import { CustomerFact } from './private/customerGates.ts';
import './NavItem.css';

export interface NavItemProps {
  item: NavItemData;
  dropdown: Dropdown;
  onNavigate?: () => void;
  /** gate is the flag condition the item shows on (lib/flagCondition.ts); none: always. */
  gate?: string;
}

function submenuHrefs(subMenus: SubMenus): string[] {
  return [subMenus.top, subMenus.main, subMenus.sidebar, subMenus.bottom].flatMap((area) => area ?? []).flatMap((m) => (m.href ? [m.href] : []));
}

/**
 * NavItem is a top-level entry: a plain link, or a disclosure button with its panel
 * (a drop-down from lg, an accordion section in the mobile panel).
 */
export function NavItem({ item, dropdown, onNavigate, gate }: NavItemProps) {
  const panelId = useHydratedId();
  const { basePath, flags } = useShellSettings();
  // Called before the early return below, so a NavItem has the same hooks whether it is a link
  // or a menu: content that turns one into the other re-renders it without breaking React.
  const at = useCurrentLocation();
  const gated = gateProps(gate, flags);
  // The unread dot of items flagged enableBadge is gated on the customer's unread fact, so the
  // edge shows it in the first HTML (spec 2.1: when showUnreadMessage is true).
  const dot = item.enableBadge ? (
    <span className="shell-nav__badge" aria-hidden={item.badgeLabel ? undefined : true} {...gateProps(CustomerFact.unread, flags)}>
      {item.badgeLabel ? <span className="shell-visually-hidden">{item.badgeLabel}</span> : null}
    </span>
  ) : null;

  if (!item.subMenus) {
    return (
      <li className="shell-nav__item" {...gated}>
        <ShellLink href={item.href} className="shell-nav__link" onNavigate={onNavigate}>
          {item.title}
          {dot}
        </ShellLink>
      </li>
    );
  }

  const open = dropdown.isOpen(item.id);
  // Marks the menu that holds the current page. Only once the client runs (hash known): the
  // prerender cannot know the page, and the hydration render must match it.
  const holdsCurrent =
    at?.hash !== undefined && submenuHrefs(item.subMenus).some((href) => isActiveHref(resolveHref(href, basePath), at));
  const closeAll = () => {
    dropdown.close();
    onNavigate?.();
  };
  return (
    <li className="shell-nav__item" {...gated} {...dropdown.itemProps(item.id)}>
      <button className="shell-nav__button" data-current={holdsCurrent ? 'true' : undefined} {...dropdown.buttonProps(item.id, panelId)}>
        {item.title}
        {dot}
      </button>
      {/* Focusable while open, so a click on the panel's background keeps focus in the menu;
          a closed panel, like the prerendered one, needs no tabindex. */}
      <div id={panelId} className="shell-nav__panel" hidden={!open} tabIndex={open ? -1 : undefined}>
        <SubMenuPanel subMenus={item.subMenus} onNavigate={closeAll} />
      </div>
    </li>
  );
}
