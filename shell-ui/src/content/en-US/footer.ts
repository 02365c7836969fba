import type { FooterContent } from '../../model/footer.ts';

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
  // Placeholder partner logos, inline so no request can fail until the real logos are served.
  credits: [
    {
      instituteLogo: { url: 'data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20width=%27120%27%20height=%2732%27%20viewBox=%270%200%20120%2032%27%3E%3Crect%20width=%27120%27%20height=%2732%27%20rx=%276%27%20fill=%27%23fff%27/%3E%3Ctext%20x=%2760%27%20y=%2720%27%20font-family=%27sans-serif%27%20font-size=%2711%27%20font-weight=%27700%27%20fill=%27%230b1d3a%27%20text-anchor=%27middle%27%3EPartner%20Bank%3C/text%3E%3C/svg%3E', title: 'Partner Bank, Member FDIC' },
      instituteLink: { href: 'https://partnerbank.example/', title: 'Partner Bank' },
    },
  ],
  disclaimerHtml: '<p>Shellgate Inc. is not a bank. Banking services are provided by our <a href="/banks/">partner banks</a>, <strong>Members FDIC</strong>.</p><p style="text-align: center"><em>APYs are accurate as of today and may change.</em></p>',
} satisfies FooterContent;
