import type { MenuItem, MenuItemType } from '../model/header.ts';
import { openConsentSettings } from '../shell/consent.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import { menuIconClasses, menuIconStyle } from './MenuIcon.tsx';
import './MenuEntry.css';

export interface MenuEntryProps {
  item: MenuItem;
  onNavigate?: () => void;
}

// Callbacks a content item may name; anything else is ignored.
const callbacks: Record<string, () => void> = { openConsentSettings };

// advanced is the entry's own look; the other types modify it. Whole class names: the build
// shortens each one (shell-ui/shortClassNames.ts). An entry's title is its <b> and its
// description its <small>, styled from the entry (MenuEntry.css): every page carries a dozen of
// each, with no class.
const entryClasses: Record<MenuItemType, string> = {
  advanced: 'shell-menu-entry',
  basic: 'shell-menu-entry shell-menu-entry--basic',
  text: 'shell-menu-entry shell-menu-entry--text',
  image: 'shell-menu-entry shell-menu-entry--image',
  arrow: 'shell-menu-entry shell-menu-entry--arrow',
};

/** MenuEntry renders one submenu item by its type: basic, advanced, text, image or arrow. */
export function MenuEntry({ item, onNavigate }: MenuEntryProps) {
  if (item.type === 'text') {
    return (
      <div className="shell-menu-entry shell-menu-entry--text">
        <b>{item.title}</b>
        {item.description ? <small>{item.description}</small> : null}
      </div>
    );
  }

  const body =
    item.type === 'advanced' ? (
      <>
        {/* Title and description are the entry's own grid cells (MenuEntry.css), beside the
            icon its classes draw, with no wrapper and no icon element: nine entries a page. */}
        <b>
          {item.title}
          {item.tag ? <span className="shell-menu-entry__tag">{item.tag}</span> : null}
        </b>
        {item.description ? <small>{item.description}</small> : null}
      </>
    ) : item.type === 'image' ? (
      <>
        {item.imageUrl ? <img className="shell-menu-entry__image" src={item.imageUrl} alt="" width={240} height={135} loading="lazy" /> : null}
        <b>{item.title}</b>
      </>
    ) : item.type === 'arrow' ? (
      // The arrow is the entry's ::after (MenuEntry.css), not part of its name.
      <b>{item.title}</b>
    ) : (
      // basic: the entry's text is its title (MenuEntry.css styles it on the entry).
      item.title
    );

  const withIcon = item.type === 'advanced' && item.icon !== undefined;
  const className = withIcon ? `${entryClasses.advanced} ${menuIconClasses(item.icon!)}` : entryClasses[item.type];
  const style = withIcon ? menuIconStyle(item.iconColor) : undefined;
  if (item.href === undefined && item.callback) {
    const run = callbacks[item.callback];
    return (
      <button type="button" className={className} style={style} onClick={() => run?.()}>
        {body}
      </button>
    );
  }
  return (
    <ShellLink href={item.href} className={className} style={style} onNavigate={onNavigate}>
      {body}
    </ShellLink>
  );
}
