import type { FooterContent } from '../../model/footer.ts';

// Footer of the Dutch market (nl-NL).
export const footer = {
  labels: {
    footerNavigation: 'Footernavigatie',
    legalNavigation: 'Juridisch',
    marketPicker: 'Kies uw land',
    marketPickerCurrent: 'Huidig land',
    socialHeading: 'Volg ons',
    followUs: 'Shellgate op {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Meer rente op uw spaargeld bij zorgvuldig geselecteerde Europese banken.',
    disclaimer: 'Tegoeden bij onze partnerbanken vallen onder het depositogarantiestelsel van het land van de bank.',
    closeDialog: 'Sluiten',
  },
  footerLinks: [
    {
      id: 'producten',
      heading: 'Producten',
      links: [{ title: 'Spaarrekening', href: '/spaarrekening/' }, { title: 'Deposito', href: '/deposito/' }],
    },
    {
      id: 'hulp',
      heading: 'Hulp',
      links: [
        { title: 'Veelgestelde vragen', href: 'https://help.shellgate.example/nl/' },
        { title: 'Contact', href: '/contact/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Colofon', href: '/colofon/' },
    { title: 'Privacy', href: '/privacy/' },
    { title: 'Voorwaarden', href: '/voorwaarden/' },
    { title: 'Cookie-instellingen', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgatenl' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgatenl' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgatenl' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
