// The footer data of spec section 3, as content modules under src/content/ fill it.

/** FooterLink is a titled link; an empty href renders as text without a target. */
export interface FooterLink {
  title: string;
  /** href "#consent-settings" opens the consent manager's settings instead of navigating. */
  href: string;
}

/** FooterLinkGroup is a heading with its links: an accordion on small screens, a column from lg. */
export interface FooterLinkGroup {
  id: string;
  heading: string;
  links: FooterLink[];
}

/** SocialNetwork names the networks whose icons the shell draws inline. */
export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'x' | 'youtube';

/** SocialMediaIcon links to the market's account on a network. */
export interface SocialMediaIcon {
  uid: SocialNetwork;
  account: string;
  link: string;
}

/** FooterLabels are the footer's own words. */
export interface FooterLabels {
  footerNavigation: string;
  legalNavigation: string;
  marketPicker: string;
  marketPickerCurrent: string;
  socialHeading: string;
  /** followUs is the accessible name of a social link; "{network}" is replaced. */
  followUs: string;
  /** copyright holds "{year}" where the current year goes. */
  copyright: string;
  claim: string;
  disclaimer: string;
}

/** FooterContent is one market's footer content module. */
export interface FooterContent {
  labels: FooterLabels;
  footerLinks: FooterLinkGroup[];
  legalLinks: FooterLink[];
  socialMediaIcons: SocialMediaIcon[];
  hideSocialMediaHeading?: boolean;
  hideFooterLinks?: boolean;
  hideCountryPicker?: boolean;
}
