import type { FooterContent } from '../../model/footer.ts';

// Footer of the Polish market (pl-PL).
export const footer = {
  labels: {
    footerNavigation: 'Nawigacja w stopce',
    legalNavigation: 'Informacje prawne',
    marketPicker: 'Wybierz kraj',
    marketPickerCurrent: 'Bieżący kraj',
    socialHeading: 'Obserwuj nas',
    followUs: 'Shellgate w serwisie {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Wyższe oprocentowanie oszczędności w wybranych bankach europejskich.',
    disclaimer: 'Depozyty w bankach partnerskich są chronione przez system gwarantowania depozytów kraju banku.',
    closeDialog: 'Zamknij',
  },
  footerLinks: [
    {
      id: 'produkty',
      heading: 'Produkty',
      links: [
        { title: 'Lokaty', href: '/lokaty/' },
        { title: 'Konta oszczędnościowe', href: '/konta-oszczednosciowe/' },
      ],
    },
    {
      id: 'pomoc',
      heading: 'Pomoc',
      links: [
        { title: 'Najczęstsze pytania', href: 'https://pomoc.shellgate.example/pl/' },
        { title: 'Kontakt', href: '/kontakt/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Nota prawna', href: '/nota-prawna/' },
    { title: 'Prywatność', href: '/prywatnosc/' },
    { title: 'Regulamin', href: '/regulamin/' },
    { title: 'Ustawienia plików cookie', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgatepl' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgatepl' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgatepl' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
