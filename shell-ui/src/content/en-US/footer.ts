import type { FooterContent } from '../../model/footer.ts';

// Footer of the US market (en-US).
export const footer = {
  labels: {
    footerNavigation: 'Footer navigation',
    legalNavigation: 'Legal',
    marketPicker: 'Choose your country',
    marketPickerCurrent: 'Current country',
    socialHeading: 'Follow us',
    followUs: 'Shellgate on {network}',
    copyright: '© {year} Shellgate Inc.',
    claim: 'Compare high-yield savings, money market and CD rates from FDIC-insured banks and NCUA-insured credit unions.',
    disclaimer: 'Deposits are held at FDIC-insured banks and NCUA-insured credit unions, insured up to the applicable limits.',
  },
  footerLinks: [
    {
      id: 'products',
      heading: 'Products',
      links: [
        { title: 'High-yield savings accounts', href: '/savings-accounts/' },
        { title: 'Money market accounts', href: '/money-market-accounts/' },
        { title: 'CD accounts', href: '/cd-accounts/' },
        { title: 'No-penalty CDs', href: '/cd-accounts/no-penalty-cd-rates/' },
        { title: 'Explore products', href: '/explore-products/' },
      ],
    },
    {
      id: 'partners',
      heading: 'Our partners',
      links: [
        { title: 'Banks', href: '/banks/' },
        { title: 'Credit unions', href: '/credit-unions/' },
        { title: 'Deposit insurance', href: '/deposit-insurance/' },
      ],
    },
    {
      id: 'support',
      heading: 'Support',
      links: [
        { title: 'Refer a friend', href: '/refer-a-friend/' },
        { title: 'Help center', href: 'https://help.shellgate.example/en-us/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Privacy policy', href: '/privacy-policy/' },
    { title: 'Terms of use', href: '/terms-of-use/' },
    { title: 'Cookie settings', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgateus' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgateus' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgateus' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
