import type { FooterContent } from '../../model/footer.ts';
// A file of its own (never inlined): the logo's URL, not its markup, is in the page and the script.
import partnerbankLogo from './partnerbank-ag.svg?no-inline';

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
  // Placeholder partner logo: an SVG asset the gateway serves with the shell's own (immutable).
  credits: [
    {
      instituteLogo: { url: partnerbankLogo, title: 'Partnerbank AG' },
      instituteLink: { href: 'https://partnerbank.example/', title: 'Partnerbank AG' },
    },
  ],
  disclaimerHtml:
    '<p>Die Shellgate GmbH ist keine Bank. Einlagen halten unsere <a href="/bank/">Partnerbanken</a>; es gilt die <strong>gesetzliche Einlagensicherung</strong> bis 100.000 €.</p>',
} satisfies FooterContent;
