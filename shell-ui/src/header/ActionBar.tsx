import type { ActionItem } from '../model/header.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './ActionBar.css';

export interface ActionBarProps {
  items: ActionItem[];
  label: string;
  /** placement "header" shows from lg beside the menus; "bottom" is the mobile bottom action bar. */
  placement: 'header' | 'bottom';
}

/** ActionBar shows the login and registration actions. */
export function ActionBar({ items, label, placement }: ActionBarProps) {
  if (items.length === 0) return null;
  return (
    <div className={`shell-actions shell-actions--${placement}`} role="group" aria-label={label}>
      {items.map((item) => (
        <ShellLink key={item.id} href={item.href} className={`shell-button shell-button--${item.type === 'registration' ? 'primary' : 'secondary'}`}>
          {item.title}
        </ShellLink>
      ))}
    </div>
  );
}
