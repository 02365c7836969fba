import type { FooterContent } from '../../model/footer.ts';

// Footer of the Italian market (it-IT).
export const footer = {
  labels: {
    footerNavigation: 'Navigazione del piè di pagina',
    legalNavigation: 'Note legali',
    marketPicker: 'Scegli il tuo paese',
    marketPickerCurrent: 'Paese attuale',
    socialHeading: 'Seguici',
    followUs: 'Shellgate su {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Tassi migliori per i tuoi risparmi presso banche europee selezionate.',
    disclaimer: 'I depositi presso le banche partner sono protetti dal sistema di garanzia dei depositi del paese della banca.',
    closeDialog: 'Chiudi',
  },
  footerLinks: [
    {
      id: 'prodotti',
      heading: 'Prodotti',
      links: [
        { title: 'Conti deposito vincolati', href: '/conti-vincolati/' },
        { title: 'Conti deposito non vincolati', href: '/conti-non-vincolati/' },
      ],
    },
    {
      id: 'aiuto',
      heading: 'Aiuto',
      links: [
        { title: 'Domande frequenti', href: 'https://aiuto.shellgate.example/it/' },
        { title: 'Contatti', href: '/contatti/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Note legali', href: '/note-legali/' },
    { title: 'Privacy', href: '/privacy/' },
    { title: 'Termini e condizioni', href: '/termini-e-condizioni/' },
    { title: 'Impostazioni dei cookie', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgateit' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgateit' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgateit' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
