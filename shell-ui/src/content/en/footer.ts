import type { FooterContent } from '../../model/footer.ts';

// Footer of the Corporate site and country selector (bare en).
export const footer = {
  labels: {
    footerNavigation: 'Footer navigation',
    legalNavigation: 'Legal',
    marketPicker: 'Choose your country',
    marketPickerCurrent: 'Current country',
    socialHeading: 'Follow us',
    followUs: 'Shellgate on {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Shellgate connects savers and banks across Europe and the United States.',
    disclaimer: 'Shellgate GmbH is not a bank. Deposits are held with our partner banks.',
    closeDialog: 'Close',
  },
  footerLinks: [
    {
      id: 'solutions',
      heading: 'Solutions',
      links: [
        { title: 'Banking as a service', href: '/banking-as-a-service/' },
        { title: 'Cash solutions', href: '/cash-solutions/' },
        { title: 'Become a partner bank', href: '/become-a-partner-bank/' },
        { title: 'Become a distribution partner', href: '/become-a-distribution-partner/' },
      ],
    },
    {
      id: 'company',
      heading: 'Company',
      links: [
        { title: 'About Shellgate', href: '/corporate/' },
        { title: 'Careers', href: '/careers/' },
        { title: 'Press', href: '/press/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Imprint', href: '/imprint/' },
    { title: 'Privacy', href: '/privacy/' },
    { title: 'Cookie settings', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgate' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgate' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgate' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
