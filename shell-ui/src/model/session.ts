// The words of the customer's session views, one language each, as src/content/ fills them.

/** SessionTexts are the countdown's words in one language (spec 2.6, 8). */
export interface SessionTexts {
  /** logoutIn: "You will be logged out in {time}." */
  logoutIn: string;
  /** extend: the button, "Extend session". */
  extend: string;
  /**
   * extended: "Your session was successfully extended by {n} minutes", by the plural
   * category of n (Intl.PluralRules of the locale); "other" is required.
   */
  extended: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  /**
   * minutes, seconds: the time left as a screen reader hears it, "{n} minutes", by the plural
   * category of n; "other" is required. Words, not Intl.NumberFormat's units: its first use on
   * a page is a task of 60-90 ms on a slow phone, when the countdown appears.
   */
  minutes: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  seconds: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  /** minutesAndSeconds joins the two: "{minutes}, {seconds}" (the language's list of units). */
  minutesAndSeconds: string;
}

/** SessionsTexts are the sessions page's words in one language (ASVS 3.3.4). */
export interface SessionsTexts {
  title: string;
  intro: string;
  loading: string;
  failed: string;
  /** thisDevice marks the session of the browser that shows the list. */
  thisDevice: string;
  started: string;
  lastActive: string;
  market: string;
  /** unknown stands in for a device or time the edge does not know (older sessions). */
  unknown: string;
  end: string;
  endAll: string;
  /** ended: "{n} sessions ended.", by the plural category of n; "other" is required. */
  ended: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  endFailed: string;
  /** reauth is said while the page goes to the login: ending sessions needs a fresh one. */
  reauth: string;
  /** devices name the device kinds the edge reports. */
  devices: Record<'desktop' | 'mobile' | 'tablet', string>;
}
