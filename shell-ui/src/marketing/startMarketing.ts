// The platform's marketing integrations in the browser (spec 6, 7, 9), each on only when the
// gateway's marketing block names it (state.marketing): the page host's tracking app id goes
// into the data layer; the customer-data platform's identify runs once on a logged-in
// customer's page, after consent; in the app's embedded view the app's marketing SDK is told
// once that consent is granted. Consent is the consent manager's Google consent-mode call in
// the data layer (the gateway's consent block writes its denied default there).
import type { ShellState } from '../model/shellState.gen.ts';

/** ConsentPollMs is how often the shell looks for the consent manager's grant. */
export const ConsentPollMs = 300;
/** IdentifyTries: the CDP's SDK is looked for this often, ConsentPollMs apart (spec 9). */
export const IdentifyTries = 10;
/** MarketingSDKEvent is dispatched on window with the message posted to the app's SDK. */
export const MarketingSDKEvent = 'shell:marketing-sdk';

type ConsentPurpose = 'analytics_storage' | 'ad_storage';

interface Postable {
  postMessage?: (message: unknown) => void;
}

interface CDP {
  identify?: (userId: string, traits: Record<string, string>) => void;
}

type MarketingWindow = Record<string, unknown> & {
  dataLayer?: unknown[];
  webkit?: { messageHandlers?: Record<string, Postable | undefined> };
};

/** SDKMessage is what the app's marketing SDK receives: no personal data. */
export interface SDKMessage {
  type: 'consent';
  granted: true;
  trackingAppId: string;
}

/**
 * consentGranted tells whether the data layer's latest consent call that names purpose
 * grants it. A gtag call is an arguments object: ['consent', 'default'|'update', {...}].
 */
export function consentGranted(dataLayer: unknown, purpose: ConsentPurpose): boolean {
  if (!Array.isArray(dataLayer)) return false;
  for (let i = dataLayer.length - 1; i >= 0; i--) {
    const call = dataLayer[i] as ArrayLike<unknown> | null;
    if (typeof call !== 'object' || call === null || call[0] !== 'consent') continue;
    const settings = call[2] as Record<string, unknown> | null | undefined;
    const value = typeof settings === 'object' && settings !== null ? settings[purpose] : undefined;
    if (value === 'granted') return true;
    if (value === 'denied') return false;
  }
  return false;
}

/**
 * startMarketing starts the integrations state.marketing names, on win; it gives a function
 * that stops what still waits. log never receives the bacNumber.
 */
export function startMarketing(state: ShellState, win: Window, log: (message: string) => void): () => void {
  const m = state.marketing;
  const w = win as unknown as MarketingWindow;
  if (!m) return () => undefined;
  if (m.trackingAppId) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ tracking_app_id: m.trackingAppId });
  }
  // The customer identified is the one logged in, also while an account switch shows another.
  const bacNumber = state.isLoggedIn ? state.loginCustomerId || state.customerId || '' : '';
  let identify = Boolean(m.cdpGlobal && bacNumber);
  let sdk = Boolean(m.sdkBridge);
  const timers: ReturnType<typeof setTimeout>[] = [];
  let poll: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (poll !== undefined) clearInterval(poll);
    timers.forEach(clearTimeout);
  };
  const identifyWhenLoaded = (tries: number) => {
    const cdp = w[m.cdpGlobal ?? ''] as CDP | undefined;
    if (typeof cdp?.identify === 'function') {
      cdp.identify(bacNumber, { bac_number: bacNumber });
      return;
    }
    if (tries <= 1) {
      log(`the customer-data platform's ${m.cdpGlobal ?? ''}.identify did not load; the customer is not identified on this page`);
      return;
    }
    timers.push(setTimeout(() => identifyWhenLoaded(tries - 1), ConsentPollMs));
  };
  const tellSDK = (bridge: string) => {
    const message: SDKMessage = { type: 'consent', granted: true, trackingAppId: m.trackingAppId ?? '' };
    const ios = w.webkit?.messageHandlers?.[bridge];
    const android = w[bridge] as Postable | undefined;
    if (typeof ios?.postMessage === 'function') ios.postMessage(message);
    else if (typeof android?.postMessage === 'function') android.postMessage(JSON.stringify(message));
    win.dispatchEvent(new CustomEvent(MarketingSDKEvent, { detail: message }));
  };
  const check = () => {
    if (identify && consentGranted(w.dataLayer, 'analytics_storage')) {
      identify = false;
      identifyWhenLoaded(IdentifyTries);
    }
    if (sdk && consentGranted(w.dataLayer, 'ad_storage')) {
      sdk = false;
      tellSDK(m.sdkBridge ?? '');
    }
    if (!identify && !sdk && poll !== undefined) clearInterval(poll);
  };
  check();
  if (identify || sdk) poll = setInterval(check, ConsentPollMs);
  return stop;
}
