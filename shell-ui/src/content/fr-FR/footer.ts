import type { FooterContent } from '../../model/footer.ts';

// Footer of the French market (fr-FR).
export const footer = {
  labels: {
    footerNavigation: 'Navigation du pied de page',
    legalNavigation: 'Mentions légales',
    marketPicker: 'Choisir votre pays',
    marketPickerCurrent: 'Pays actuel',
    socialHeading: 'Suivez-nous',
    followUs: 'Shellgate sur {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'De meilleurs taux pour votre épargne auprès de banques européennes sélectionnées.',
    disclaimer: 'Les dépôts éligibles sont protégés par le système de garantie des dépôts du pays de la banque partenaire.',
    closeDialog: 'Fermer',
  },
  footerLinks: [
    {
      id: 'produits',
      heading: 'Produits',
      links: [
        { title: 'Compte à terme', href: '/compte-a-terme/' },
        { title: 'Livret d’épargne', href: '/livret-epargne/' },
        { title: 'Parrainage', href: '/parrainage/' },
      ],
    },
    {
      id: 'aide',
      heading: 'Aide',
      links: [{ title: 'FAQ', href: 'https://aide.shellgate.example/fr/' }, { title: 'Contact', href: '/contact/' }],
    },
  ],
  legalLinks: [
    { title: 'Mentions légales', href: '/mentions-legales/' },
    { title: 'Confidentialité', href: '/confidentialite/' },
    { title: 'CGU', href: '/cgu/' },
    { title: 'Paramètres des cookies', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgatefr' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgatefr' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgatefr' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
  review: {
    score: 4.2,
    count: 950,
    href: 'https://fr.trustpilot.com/review/shellgate.fr',
    words: ['Pas encore d’avis', 'Mauvais', 'Médiocre', 'Moyen', 'Bien', 'Excellent'],
    countText: '{count} avis',
    scoreText: 'Noté {score} sur 5',
  },
  displayTrustpilot: true,
} satisfies FooterContent;
