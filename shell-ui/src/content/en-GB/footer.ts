import type { FooterContent } from '../../model/footer.ts';

// Footer of the UK market (en-GB).
export const footer = {
  labels: {
    footerNavigation: 'Footer navigation',
    legalNavigation: 'Legal',
    marketPicker: 'Choose your country',
    marketPickerCurrent: 'Current country',
    socialHeading: 'Follow us',
    followUs: 'Shellgate on {network}',
    copyright: '© {year} Shellgate UK Ltd',
    claim: 'Make your savings work harder with rates from carefully selected banks.',
    disclaimer:
      'Eligible deposits with our partner banks are protected by the deposit guarantee scheme of the bank’s home country.',
    closeDialog: 'Close',
  },
  footerLinks: [
    {
      id: 'savings',
      heading: 'Savings accounts',
      links: [
        { title: 'Fixed rate bonds', href: '/savings-accounts/fixed-rate-bonds/' },
        { title: 'Easy access accounts', href: '/savings-accounts/easy-access-accounts/' },
        { title: 'Notice accounts', href: '/savings-accounts/notice-accounts/' },
        { title: 'Exclusive offers', href: '/savings-accounts/exclusive-offers/' },
      ],
    },
    {
      id: 'learn',
      heading: 'Learn',
      links: [
        { title: 'Guides', href: '/guides/' },
        { title: 'Deposit protection', href: '/deposit-protection/' },
        { title: 'Help centre', href: 'https://help.shellgate.example/en-gb/' },
      ],
    },
    {
      id: 'company',
      heading: 'Company',
      links: [
        { title: 'About us', href: '/about-us/' },
        { title: 'Our partner banks', href: '/bank/' },
        { title: 'Newsroom', href: '/newsroom/' },
      ],
    },
    {
      id: 'support',
      heading: 'Support',
      links: [
        { title: 'Contact', href: '/contact/' },
        { title: 'Log in', href: '/login/' },
        { title: 'Open an account', href: '/register/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Imprint', href: '/imprint/' },
    { title: 'Privacy', href: '/privacy/' },
    { title: 'Terms', href: '/terms/' },
    { title: 'Cookie settings', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgateuk' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgateuk' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgateuk' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
  review: {
    score: 4.4,
    count: 3920,
    href: 'https://uk.trustpilot.com/review/shellgate.co.uk',
    words: ['No reviews yet', 'Bad', 'Poor', 'Average', 'Great', 'Excellent'],
    countText: '{count} reviews',
    scoreText: 'Rated {score} out of 5',
  },
  displayTrustpilot: true,
  mobileBanner: {
    text: 'Save on the go with the Shellgate app.',
    region: 'gb',
    android: { href: 'https://play.google.com/store/apps/details?id=example.shellgate&gl=GB', label: 'Get it on Google Play' },
    ios: { href: 'https://apps.apple.com/gb/app/shellgate/id000000001', label: 'Download on the App Store' },
  },
} satisfies FooterContent;
