import type { SocialMediaIcon, SocialNetwork } from '../model/footer.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './SocialIcons.css';

// Simple 24x24 glyphs, drawn inline so no request can fail.
const glyphs: Record<SocialNetwork, string> = {
  facebook: 'M14 8h2.5V4.5H14c-2.5 0-4 1.6-4 4V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V8.8c0-.5.3-.8.5-.8Z',
  instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM16.8 6a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4Z',
  linkedin: 'M5 9h3v11H5Zm1.5-5a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6ZM10 9h2.9v1.6c.5-.9 1.7-1.9 3.5-1.9 3.1 0 3.6 2 3.6 4.7V20h-3v-5.8c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3Z',
  x: 'M4 4h4.6l4 5.6L17.4 4H20l-6.2 7.2L20.5 20h-4.6l-4.4-6.1L6.2 20H3.6l6.7-7.7Z',
  youtube:
    'M21.6 7.2c-.2-.9-.9-1.6-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4c-.9.2-1.6.9-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8c.2.9.9 1.6 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4c.9-.2 1.6-.9 1.8-1.8.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3Z',
};

export interface SocialIconsProps {
  icons: SocialMediaIcon[];
  heading: string;
  hideHeading?: boolean;
  /** followUs names each link for screen readers; "{network}" is replaced. */
  followUs: string;
}

/** SocialIcons links to the market's social media accounts with 30 px icons. */
export function SocialIcons({ icons, heading, hideHeading = false, followUs }: SocialIconsProps) {
  if (icons.length === 0) return null;
  return (
    <div className="shell-social">
      {hideHeading ? null : <p className="shell-social__heading">{heading}</p>}
      <ul className="shell-social__list">
        {icons.map((icon) => (
          <li key={icon.uid}>
            <ShellLink href={icon.link} className="shell-social__link" label={followUs.replace('{network}', icon.account)}>
              <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
                <path d={glyphs[icon.uid]} fill="currentColor" fillRule="evenodd" />
              </svg>
            </ShellLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
