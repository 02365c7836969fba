import type { FooterContent } from '../../model/footer.ts';
// A file of its own (never inlined): the logo's URL, not its markup, is in the page and the script.
import partnerBankLogo from './partner-bank.svg?no-inline';

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
    closeDialog: 'Close',
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
  usContactBanner: {
    email: { address: 'support@shellgate.example', linkText: 'Email us' },
    phone: { number: '+1-888-555-0142', linkText: 'Call 1-888-555-0142' },
    availability: 'Monday to Friday, 9 am to 6 pm ET',
  },
  displayUsContactBanner: true,
  review: {
    score: 4.6,
    count: 2180,
    href: 'https://www.trustpilot.com/review/shellgate.com',
    words: ['No reviews yet', 'Bad', 'Poor', 'Average', 'Great', 'Excellent'],
    countText: '{count} reviews',
    scoreText: 'Rated {score} out of 5',
  },
  displayTrustpilot: true,
  mobileBanner: {
    text: 'Save on the go with the Shellgate app.',
    region: 'us',
    android: {
      href: 'https://play.google.com/store/apps/details?id=example.shellgate&gl=US',
      label: 'Get it on Google Play',
    },
    ios: { href: 'https://apps.apple.com/us/app/shellgate/id000000001', label: 'Download on the App Store' },
  },
  // Placeholder partner logo: an SVG asset the gateway serves with the shell's own (immutable).
  credits: [
    {
      instituteLogo: { url: partnerBankLogo, title: 'Partner Bank, Member FDIC' },
      instituteLink: { href: 'https://partnerbank.example/', title: 'Partner Bank' },
    },
  ],
  disclaimerHtml: '<p>Shellgate Inc. is not a bank. Banking services are provided by our <a href="/banks/">partner banks</a>, <strong>Members FDIC</strong>.</p><p style="text-align: center"><em>APYs are accurate as of today and may change.</em></p>',
} satisfies FooterContent;
