import type { FooterContent } from '../../model/footer.ts';

// Footer of the German market (de-DE).
export const footer = {
  labels: {
    footerNavigation: 'Fußzeilennavigation',
    legalNavigation: 'Rechtliches',
    marketPicker: 'Land wählen',
    marketPickerCurrent: 'Aktuelles Land',
    socialHeading: 'Folgen Sie uns',
    followUs: 'Shellgate auf {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Mehr Zinsen für Ihr Erspartes. Einlagen bei geprüften Partnerbanken in Europa.',
    disclaimer:
      'Einlagen sind je Kunde und Bank bis 100.000 Euro durch die jeweilige nationale Einlagensicherung geschützt.',
    closeDialog: 'Schließen',
  },
  footerLinks: [
    {
      id: 'produkte',
      heading: 'Produkte',
      links: [
        { title: 'Festgeld', href: '/festgeld/' },
        { title: 'Tagesgeld', href: '/tagesgeld/' },
        { title: 'Kündigungsgeld', href: '/kuendigungsgeld/' },
        { title: 'Vermögensverwaltung', href: '/vermoegensverwaltung/' },
        { title: 'Zinsportfolio', href: '/zinsportfolio/' },
      ],
    },
    {
      id: 'wissen',
      heading: 'Wissen',
      links: [
        { title: 'So funktioniert’s', href: '/so-funktionierts/' },
        { title: 'Einlagensicherung', href: '/einlagensicherung/' },
        { title: 'Geldanlage', href: '/geldanlage/' },
        { title: 'Steuern', href: '/steuern/' },
        { title: 'Häufige Fragen', href: 'https://hilfe.shellgate.example/de/' },
      ],
    },
    {
      id: 'unternehmen',
      heading: 'Unternehmen',
      links: [
        { title: 'Über uns', href: '/ueber-uns/' },
        { title: 'Banken', href: '/bank/' },
        { title: 'Presse', href: '/presse/' },
        { title: 'Karriere', href: '/karriere/' },
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
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgate' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgate' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgate' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
  review: {
    score: 4.7,
    count: 12480,
    href: 'https://de.trustpilot.com/review/shellgate.de',
    words: ['Noch keine Bewertungen', 'Ungenügend', 'Mangelhaft', 'Befriedigend', 'Gut', 'Hervorragend'],
    countText: '{count} Bewertungen',
    scoreText: 'Bewertet mit {score} von 5',
  },
  displayTrustpilot: true,
  mobileBanner: {
    text: 'Sparen, wo Sie gerade sind: mit der Shellgate-App.',
    region: 'de',
    android: { href: 'https://play.google.com/store/apps/details?id=example.shellgate&gl=DE', label: 'Jetzt bei Google Play' },
    ios: { href: 'https://apps.apple.com/de/app/shellgate/id000000001', label: 'Laden im App Store' },
  },
  // Placeholder partner logos, inline so no request can fail until the real logos are served.
  credits: [
    {
      instituteLogo: { url: 'data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20width=%27120%27%20height=%2732%27%20viewBox=%270%200%20120%2032%27%3E%3Crect%20width=%27120%27%20height=%2732%27%20rx=%276%27%20fill=%27%23fff%27/%3E%3Ctext%20x=%2760%27%20y=%2720%27%20font-family=%27sans-serif%27%20font-size=%2711%27%20font-weight=%27700%27%20fill=%27%230b1d3a%27%20text-anchor=%27middle%27%3EPartnerbank%20AG%3C/text%3E%3C/svg%3E', title: 'Partnerbank AG' },
      instituteLink: { href: 'https://partnerbank.example/', title: 'Partnerbank AG' },
    },
  ],
  disclaimerHtml:
    '<p>Die Shellgate GmbH ist keine Bank. Einlagen halten unsere <a href="/bank/">Partnerbanken</a>; es gilt die <strong>gesetzliche Einlagensicherung</strong> bis 100.000 €.</p>',
} satisfies FooterContent;
