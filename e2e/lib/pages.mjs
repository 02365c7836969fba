// The demo site's content pages, by market, and what a visitor must see on each.
export const pages = [
  { market: 'de-DE', path: '/', slug: 'home', h1: 'Mehr Zinsen für Ihr Erspartes' },
  { market: 'de-DE', path: '/festgeld/', slug: 'festgeld', h1: 'Festgeld vergleichen' },
  { market: 'de-DE', path: '/festgeld/nachhaltig/', slug: 'festgeld-nachhaltig', h1: 'Nachhaltiges Festgeld' },
  { market: 'de-DE', path: '/tagesgeld/', slug: 'tagesgeld', h1: 'Tagesgeld' },
  { market: 'de-DE', path: '/kuendigungsgeld/', slug: 'kuendigungsgeld', h1: 'Kündigungsgeld' },
  { market: 'de-DE', path: '/kontakt/', slug: 'kontakt', h1: 'Kontakt' },
  { market: 'en-GB', path: '/en-gb/', slug: 'home', h1: 'Make your savings work harder' },
  { market: 'en-GB', path: '/en-gb/savings-accounts/fixed-rate-bonds/', slug: 'savings-accounts-fixed-rate-bonds', h1: 'Fixed rate bonds' },
  { market: 'en-GB', path: '/en-gb/savings-accounts/easy-access-accounts/', slug: 'savings-accounts-easy-access-accounts', h1: 'Easy access accounts' },
  { market: 'en-GB', path: '/en-gb/about-us/', slug: 'about-us', h1: 'About us' },
];

// Words of the public shell a visitor reads first, per market (from
// shell-ui/src/content/). German words must never show on a UK page and back.
export const shellWords = {
  'de-DE': { login: 'Anmelden', register: 'Registrieren' },
  'en-GB': { login: 'Log in', register: 'Register' },
};

export const screenshotName = (page, width, suffix = '') =>
  `${page.market}-${page.slug}-${width}${suffix ? `-${suffix}` : ''}.png`;
