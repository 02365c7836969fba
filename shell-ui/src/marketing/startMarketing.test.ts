import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ShellState } from '../model/shellState.gen.ts';
import { visitorState } from '../../test/visitorState.ts';
import { ConsentPollMs, IdentifyTries, MarketingSDKEvent, consentGranted, startMarketing } from './startMarketing.ts';

const visitor: ShellState = visitorState;
const customer: ShellState = { ...visitor, headerVariant: 'private', isLoggedIn: true, customerId: 'DE5000001' };

/** gtag writes an arguments object into the data layer, as the consent manager's update does. */
function gtag(...args: unknown[]): void {
  const w = window as unknown as { dataLayer: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  w.dataLayer.push(arguments);
  void args;
}
const denyByDefault = () => gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', wait_for_update: 2000 });
const grant = (purpose: string) => gtag('consent', 'update', { [purpose]: 'granted' });

/** fakeCDP is a CDP SDK on window.analytics that records its identify calls. */
function fakeCDP() {
  const identify = vi.fn();
  vi.stubGlobal('analytics', { identify });
  return identify;
}

const logs: string[] = [];
const log = (m: string) => logs.push(m);
let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
  logs.length = 0;
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('consentGranted', () => {
  test('the latest consent call naming the purpose decides', () => {
    const call = (...a: unknown[]) => a;
    expect(consentGranted(undefined, 'analytics_storage')).toBe(false);
    expect(consentGranted([call('consent', 'default', { analytics_storage: 'denied' })], 'analytics_storage')).toBe(false);
    const granted = [call('consent', 'default', { analytics_storage: 'denied' }), call('consent', 'update', { analytics_storage: 'granted' }), call('consent', 'update', { ad_storage: 'denied' })];
    expect(consentGranted(granted, 'analytics_storage')).toBe(true);
    expect(consentGranted(granted, 'ad_storage')).toBe(false);
    expect(consentGranted([...granted, call('consent', 'update', { analytics_storage: 'denied' })], 'analytics_storage')).toBe(false);
    // A page's own push of a look-alike object is no consent call.
    expect(consentGranted([{ analytics_storage: 'granted' }, ['event', 'consent', { analytics_storage: 'granted' }]], 'analytics_storage')).toBe(false);
  });
});

describe('the CDP identify', () => {
  const cdp = { cdpGlobal: 'analytics' };

  test('runs exactly once, only after consent, with the bacNumber', () => {
    const identify = fakeCDP();
    denyByDefault();
    stop = startMarketing({ ...customer, marketing: cdp }, window, log);
    vi.advanceTimersByTime(10 * ConsentPollMs);
    expect(identify).not.toHaveBeenCalled();
    grant('analytics_storage');
    vi.advanceTimersByTime(ConsentPollMs);
    expect(identify).toHaveBeenCalledTimes(1);
    expect(identify).toHaveBeenCalledWith('DE5000001', { bac_number: 'DE5000001' });
    grant('analytics_storage');
    vi.advanceTimersByTime(20 * ConsentPollMs);
    expect(identify).toHaveBeenCalledTimes(1);
  });

  test('identifies the customer logged in while an account switch shows another', () => {
    const identify = fakeCDP();
    grant('analytics_storage');
    stop = startMarketing({ ...customer, customerId: 'DE5000009', loginCustomerId: 'DE5000001', marketing: cdp }, window, log);
    expect(identify).toHaveBeenCalledExactlyOnceWith('DE5000001', { bac_number: 'DE5000001' });
  });

  test('waits for the SDK to load, up to 10 looks at 300 ms', () => {
    grant('analytics_storage');
    stop = startMarketing({ ...customer, marketing: cdp }, window, log);
    vi.advanceTimersByTime((IdentifyTries - 2) * ConsentPollMs);
    const identify = fakeCDP(); // loads late, within the tries
    vi.advanceTimersByTime(ConsentPollMs);
    expect(identify).toHaveBeenCalledTimes(1);
  });

  test('gives up after 10 looks, and the log never names the bacNumber', () => {
    grant('analytics_storage');
    stop = startMarketing({ ...customer, marketing: cdp }, window, log);
    vi.advanceTimersByTime(IdentifyTries * ConsentPollMs);
    const identify = fakeCDP();
    vi.advanceTimersByTime(20 * ConsentPollMs);
    expect(identify).not.toHaveBeenCalled();
    expect(logs).toHaveLength(1);
    expect(logs.join()).not.toContain('DE5000001');
  });

  test('never for a visitor, without consent, or when not configured', () => {
    const identify = fakeCDP();
    grant('analytics_storage');
    stop = startMarketing({ ...visitor, marketing: cdp }, window, log);
    vi.advanceTimersByTime(20 * ConsentPollMs);
    stop();
    stop = startMarketing({ ...customer, marketing: { trackingAppId: 'web-de' } }, window, log);
    stop();
    stop = startMarketing(customer, window, log);
    vi.advanceTimersByTime(20 * ConsentPollMs);
    stop();
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
    denyByDefault();
    grant('ad_storage'); // ad consent is not analytics consent
    stop = startMarketing({ ...customer, marketing: cdp }, window, log);
    vi.advanceTimersByTime(100 * ConsentPollMs);
    expect(identify).not.toHaveBeenCalled();
  });
});

describe('the tracking app id', () => {
  test('goes into the data layer once, without consent', () => {
    stop = startMarketing({ ...visitor, marketing: { trackingAppId: 'web-uk' } }, window, log);
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([{ tracking_app_id: 'web-uk' }]);
  });
});

describe('the app’s marketing SDK', () => {
  const inApp = { sdkBridge: 'marketingSdk', trackingAppId: 'app-de' };

  test('an iOS bridge gets one consent message after ad consent, and window an event', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('webkit', { messageHandlers: { marketingSdk: { postMessage } } });
    const events: unknown[] = [];
    const onEvent = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener(MarketingSDKEvent, onEvent);
    denyByDefault();
    stop = startMarketing({ ...customer, marketing: inApp }, window, log);
    grant('analytics_storage');
    vi.advanceTimersByTime(5 * ConsentPollMs);
    expect(postMessage).not.toHaveBeenCalled();
    grant('ad_storage');
    vi.advanceTimersByTime(5 * ConsentPollMs);
    const message = { type: 'consent', granted: true, trackingAppId: 'app-de' };
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(message);
    expect(events).toEqual([message]);
    window.removeEventListener(MarketingSDKEvent, onEvent);
  });

  test('an Android bridge gets the message as JSON; no bridge in the state, no message', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('marketingSdk', { postMessage });
    grant('ad_storage');
    stop = startMarketing({ ...visitor, marketing: { trackingAppId: 'web-de' } }, window, log);
    vi.advanceTimersByTime(5 * ConsentPollMs);
    expect(postMessage).not.toHaveBeenCalled();
    stop = startMarketing({ ...visitor, marketing: { sdkBridge: 'marketingSdk' } }, window, log);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(JSON.stringify({ type: 'consent', granted: true, trackingAppId: '' }));
  });
});
