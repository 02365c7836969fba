import type { FooterContent } from '../../model/footer.ts';

// Footer of the Austrian market (de-AT).
export const footer = {
  labels: {
    footerNavigation: 'Fußzeilennavigation',
    legalNavigation: 'Rechtliches',
    marketPicker: 'Land wählen',
    marketPickerCurrent: 'Aktuelles Land',
    socialHeading: 'Folgen Sie uns',
    followUs: 'Shellgate auf {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Mehr Zinsen für Ihr Erspartes – Einlagen bei geprüften Partnerbanken, auch für Sparerinnen und Sparer in Österreich.',
    disclaimer: 'Einlagen bei unseren Partnerbanken sind nach der Einlagensicherung des jeweiligen Sitzlandes der Bank geschützt.',
    closeDialog: 'Schließen',
  },
  footerLinks: [
    {
      id: 'produkte',
      heading: 'Produkte',
      links: [
        { title: 'Festgeld', href: '/festgeld/' },
        { title: 'Tagesgeld', href: '/tagesgeld/' },
        { title: 'Sparen', href: '/sparen/' },
      ],
    },
    {
      id: 'wissen',
      heading: 'Wissen',
      links: [
        { title: 'So funktioniert’s', href: '/so-funktionierts/' },
        { title: 'Einlagensicherung', href: '/einlagensicherung/' },
        { title: 'Häufige Fragen', href: 'https://hilfe.shellgate.example/de-at/' },
      ],
    },
    {
      id: 'service',
      heading: 'Service',
      links: [
        { title: 'Kontakt', href: '/kontakt/' },
        { title: 'Anmelden', href: '/login/' },
        { title: 'Konto eröffnen', href: '/register/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Impressum', href: '/impressum/' },
    { title: 'Datenschutz', href: '/datenschutz/' },
    { title: 'AGB', href: '/agb/' },
    { title: 'Cookie-Einstellungen', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgateat' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgateat' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgateat' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
