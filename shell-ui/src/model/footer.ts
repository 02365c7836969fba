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
  /** closeDialog names the close button of the market dialog (below lg). */
  closeDialog: string;
}

/** ReviewRating is the review block (trustpilotData plus the market's words for it). */
export interface ReviewRating {
  /** score is 0 to 5, or null when there is none yet. */
  score: number | null;
  count: number;
  /** href is the market's review page. */
  href: string;
  /** words are the rating's words by review bucket, 0 (no score) to 5. */
  words: [string, string, string, string, string, string];
  /** countText holds "{count}". */
  countText: string;
  /** scoreText is the stars' accessible name; it holds "{score}". */
  scoreText: string;
}

/** UsContactBanner is the en-US contact banner. */
export interface UsContactBanner {
  email: { address: string; linkText: string };
  phone: { number: string; linkText: string };
  availability: string;
}

/** MobileAppBanner advertises the apps with the store badges of the market's region. */
export interface MobileAppBanner {
  text: string;
  /** region picks the store pages (the stores are regional). */
  region: string;
  android: { href: string; label: string };
  ios: { href: string; label: string };
}

/** PartnerCredit credits a partner institute with its logo, optionally linked (new tab). */
export interface PartnerCredit {
  instituteLogo: { url: string; title: string };
  instituteLink?: { href: string; title: string };
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
  /** review shows only with displayTrustpilot (display_trustpilot). */
  review?: ReviewRating;
  displayTrustpilot?: boolean;
  /** usContactBanner shows only with displayUsContactBanner. */
  usContactBanner?: UsContactBanner;
  displayUsContactBanner?: boolean;
  /** mobileBanner shows only when flag mobileAppBanner is on and flag embeddedAppView is not. */
  mobileBanner?: MobileAppBanner;
  credits?: PartnerCredit[];
  /** disclaimerHtml is rich text (spec 2.8 allowlist), shown below the plain disclaimer. */
  disclaimerHtml?: string;
}
