import type { FooterLink } from '../model/footer.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './LegalLinks.css';

export interface LegalLinksProps {
  links: FooterLink[];
  label: string;
}

/** LegalLinks is the row of legal links; "#consent-settings" opens the consent manager. */
export function LegalLinks({ links, label }: LegalLinksProps) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="shell-legal__list">
        {links.map((link) => (
          <li key={`${link.title}|${link.href}`}>
            <ShellLink href={link.href}>
              {link.title}
            </ShellLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
