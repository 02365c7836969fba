import type { SocialMediaIcon, SocialNetwork } from '../model/footer.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import './SocialIcons.css';

export interface SocialIconsProps {
  icons: SocialMediaIcon[];
  heading: string;
  hideHeading?: boolean;
  /** followUs names each link for screen readers; "{network}" is replaced. */
  followUs: string;
}

// Whole class names: the build shortens each one (shell-ui/shortClassNames.ts).
const linkClasses: Record<SocialNetwork, string> = {
  facebook: 'shell-social__link shell-social__link--facebook',
  instagram: 'shell-social__link shell-social__link--instagram',
  linkedin: 'shell-social__link shell-social__link--linkedin',
  x: 'shell-social__link shell-social__link--x',
  youtube: 'shell-social__link shell-social__link--youtube',
};

/**
 * SocialIcons links to the market's social media accounts, each a round button with its
 * network's glyph: SocialIcons.css paints it from the link's modifier (shell-social__link--x).
 */
export function SocialIcons({ icons, heading, hideHeading = false, followUs }: SocialIconsProps) {
  if (icons.length === 0) return null;
  return (
    // The block is unstyled: its heading and list carry the classes.
    <div>
      {hideHeading ? null : <p className="shell-social__heading">{heading}</p>}
      <ul className="shell-social__list">
        {icons.map((icon) => (
          <li key={icon.uid}>
            <ShellLink href={icon.link} className={linkClasses[icon.uid]} label={followUs.replace('{network}', icon.account)}>
              {null /* the glyph is the stylesheet's */}
            </ShellLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
