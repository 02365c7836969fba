import type { FooterContent } from '../../model/footer.ts';

// Footer of the Irish market (en-IE).
export const footer = {
  labels: {
    footerNavigation: 'Footer navigation',
    legalNavigation: 'Legal',
    marketPicker: 'Choose your country',
    marketPickerCurrent: 'Current country',
    socialHeading: 'Follow us',
    followUs: 'Shellgate on {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Better rates for your savings from carefully selected European banks.',
    disclaimer: 'Eligible deposits are protected by the deposit guarantee scheme of the partner bank’s home country.',
    closeDialog: 'Close',
  },
  footerLinks: [
    {
      id: 'savings',
      heading: 'Savings accounts',
      links: [
        { title: 'Deposit accounts', href: '/savings-accounts/deposit-accounts/' },
        { title: 'Demand deposit accounts', href: '/savings-accounts/demand-deposit-accounts/' },
      ],
    },
    {
      id: 'learn',
      heading: 'Learn',
      links: [
        { title: 'How it works', href: '/how-it-works/' },
        { title: 'Deposit guarantee', href: '/deposit-guarantee/' },
        { title: 'Tax', href: '/tax/' },
        { title: 'FAQ', href: 'https://help.shellgate.example/en-ie/' },
      ],
    },
    {
      id: 'support',
      heading: 'Support',
      links: [
        { title: 'How to register', href: '/how-to-register/' },
        { title: 'Log in', href: '/login/' },
        { title: 'Register', href: '/register/' },
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
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgateie' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgateie' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgateie' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
