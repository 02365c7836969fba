import type { ActionItem } from '../model/header.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './ActionBar.css';

export interface ActionBarProps {
  items: ActionItem[];
  label: string;
}

/**
 * ActionBar shows the login and registration actions: one element, which ActionBar.css puts
 * beside the menus from lg and in a bar fixed to the bottom of the screen below, so the page
 * carries them once.
 */
export function ActionBar({ items, label }: ActionBarProps) {
  if (items.length === 0) return null;
  return (
    <div className="shell-actions" role="group" aria-label={label}>
      {items.map((item) => (
        <ShellLink key={item.id} href={item.href} className={item.type === 'registration' ? 'shell-button shell-button--primary' : 'shell-button shell-button--secondary'}>
          {item.title}
        </ShellLink>
      ))}
    </div>
  );
}
