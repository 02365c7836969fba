/** CountryBannerTexts are the country banner's texts in one market's language. */
export interface CountryBannerTexts {
  /** label names the banner's form landmark. */
  label: string;
  /** suggest says why the suggested market may suit the visitor better. */
  suggest: (market: string) => string;
  /** choose is the text when no market is suggested: this site's market, and the choice. */
  choose: (current: string) => string;
  /** go is the button to the suggested market. */
  go: (market: string) => string;
  /** goChoice is the button to the market chosen in the list. */
  goChoice: string;
  /** select labels the market list. */
  select: string;
  /** stay is the "all good" button: keep this market and hide the banner. */
  stay: string;
}

const de: CountryBannerTexts = {
  label: 'Markt wählen',
  suggest: (m) => `Unsere Website für ${m} passt vielleicht besser zu Ihnen.`,
  choose: (c) => `Dies ist unsere Website für ${c}. Sie sind in einem anderen Land? Wählen Sie Ihren Markt.`,
  go: (m) => `Weiter zu ${m}`,
  goChoice: 'Weiter',
  select: 'Markt',
  stay: 'Alles gut',
};

const en: CountryBannerTexts = {
  label: 'Choose your market',
  suggest: (m) => `Our site for ${m} may suit you better.`,
  choose: (c) => `This is our site for ${c}. Visiting from another country? Choose your market.`,
  go: (m) => `Go to ${m}`,
  goChoice: 'Go',
  select: 'Market',
  stay: 'All good',
};

const byLanguage: Record<string, CountryBannerTexts> = {
  de,
  en,
  fr: {
    label: 'Choisir votre marché',
    suggest: (m) => `Notre site pour ${m} vous convient peut-être mieux.`,
    choose: (c) => `Ceci est notre site pour ${c}. Vous êtes dans un autre pays ? Choisissez votre marché.`,
    go: (m) => `Aller sur ${m}`,
    goChoice: 'Continuer',
    select: 'Marché',
    stay: 'Tout est bon',
  },
  es: {
    label: 'Elija su mercado',
    suggest: (m) => `Nuestro sitio para ${m} puede adaptarse mejor a usted.`,
    choose: (c) => `Este es nuestro sitio para ${c}. ¿Está en otro país? Elija su mercado.`,
    go: (m) => `Ir a ${m}`,
    goChoice: 'Continuar',
    select: 'Mercado',
    stay: 'Todo bien',
  },
  nl: {
    label: 'Kies uw markt',
    suggest: (m) => `Onze website voor ${m} past misschien beter bij u.`,
    choose: (c) => `Dit is onze website voor ${c}. Bent u in een ander land? Kies uw markt.`,
    go: (m) => `Naar ${m}`,
    goChoice: 'Verder',
    select: 'Markt',
    stay: 'Alles goed',
  },
  pl: {
    label: 'Wybierz rynek',
    suggest: (m) => `Nasza strona dla rynku ${m} może lepiej odpowiadać Twoim potrzebom.`,
    choose: (c) => `To jest nasza strona dla rynku ${c}. Jesteś w innym kraju? Wybierz swój rynek.`,
    go: (m) => `Przejdź do: ${m}`,
    goChoice: 'Dalej',
    select: 'Rynek',
    stay: 'Wszystko w porządku',
  },
  fi: {
    label: 'Valitse markkina',
    suggest: (m) => `Sivustomme markkinalle ${m} voi sopia sinulle paremmin.`,
    choose: (c) => `Tämä on sivustomme markkinalle ${c}. Oletko toisessa maassa? Valitse markkinasi.`,
    go: (m) => `Siirry: ${m}`,
    goChoice: 'Jatka',
    select: 'Markkina',
    stay: 'Kaikki hyvin',
  },
  it: {
    label: 'Scegli il mercato',
    suggest: (m) => `Il nostro sito per ${m} potrebbe essere più adatto a te.`,
    choose: (c) => `Questo è il nostro sito per ${c}. Ti trovi in un altro paese? Scegli il tuo mercato.`,
    go: (m) => `Vai a ${m}`,
    goChoice: 'Continua',
    select: 'Mercato',
    stay: 'Va bene così',
  },
};

/** countryBannerTexts gives the banner's texts for a page locale, by its language; English otherwise. */
export function countryBannerTexts(locale: string): CountryBannerTexts {
  return byLanguage[locale.slice(0, 2).toLowerCase()] ?? en;
}
