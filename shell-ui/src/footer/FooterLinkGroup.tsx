import type { FooterLinkGroup as FooterLinkGroupData } from '../model/footer.ts';
import { useDisclosure } from '../lib/useDisclosure.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './FooterLinkGroup.css';

export interface FooterLinkGroupProps {
  group: FooterLinkGroupData;
}

/**
 * FooterLinkGroup is a heading and its links: an accordion section below lg, a column from lg.
 * Its button and list are styled from the group (FooterLinkGroup.css), with no class of their own.
 */
export function FooterLinkGroup({ group }: FooterLinkGroupProps) {
  const { open, regionId, buttonProps } = useDisclosure();
  return (
    // data-open only while open: four closed groups in every page's HTML need no attribute.
    <div className="shell-link-group" data-open={open ? 'true' : undefined}>
      <h2>
        <button {...buttonProps}>
          {group.heading}
        </button>
      </h2>
      <ul id={regionId}>
        {group.links.map((link) => (
          <li key={`${link.title}|${link.href}`}>
            <ShellLink href={link.href}>
              {link.title}
            </ShellLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
