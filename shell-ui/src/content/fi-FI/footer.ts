import type { FooterContent } from '../../model/footer.ts';

// Footer of the Finnish market (fi-FI).
export const footer = {
  labels: {
    footerNavigation: 'Alatunnisteen valikko',
    legalNavigation: 'Oikeudelliset tiedot',
    marketPicker: 'Valitse maa',
    marketPickerCurrent: 'Nykyinen maa',
    socialHeading: 'Seuraa meitä',
    followUs: 'Shellgate palvelussa {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Parempaa korkoa säästöillesi valikoiduista eurooppalaisista pankeista.',
    disclaimer: 'Kumppanipankkien talletukset kuuluvat pankin kotimaan talletussuojan piiriin.',
    closeDialog: 'Sulje',
  },
  footerLinks: [
    {
      id: 'tuotteet',
      heading: 'Tuotteet',
      links: [
        { title: 'Määräaikaistalletukset', href: '/maaraaikaistalletukset/' },
        { title: 'Säästötilit', href: '/saastotilit/' },
      ],
    },
    {
      id: 'apua',
      heading: 'Apua',
      links: [
        { title: 'Usein kysytyt kysymykset', href: 'https://apua.shellgate.example/fi/' },
        { title: 'Yhteystiedot', href: '/yhteystiedot/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Oikeudellinen huomautus', href: '/oikeudellinen-huomautus/' },
    { title: 'Tietosuoja', href: '/tietosuoja/' },
    { title: 'Käyttöehdot', href: '/kayttoehdot/' },
    { title: 'Evästeasetukset', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgatefi' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgatefi' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgatefi' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
