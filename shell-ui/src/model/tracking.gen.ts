// Code generated from caddy-module/tracking by `make contracts`. DO NOT EDIT.

/** Event is the tracking event of spec 3. */
export interface TrackingEvent {
  eventName: string;
  object?: string;
  action?: string;
  portal?: string;
  description?: string;
  boundedContext?: string;
  zone?: string;
  context?: string;
  component?: string;
  productId?: string;
  browsingPlatform?: string;
  countryPlatform?: string;
  customerGroup?: string;
  /** CustomAttributes are up to ten free attributes, e.g. {"target": "cdvc"}. */
  customAttributes?: Record<string, string> | null;
}

/** EventSessionCountdown names every event of the countdown; the action says what happened. It is not one of the edge's own names (session.<reason>): the route refuses those from browsers, and the countdown's "expired" is the shell's view of a session the edge ends itself. */
export const EventSessionCountdown = "session-countdown";

/** CountdownObject is the object of the countdown's events. */
export const CountdownObject = "session_countdown";

/** CountdownActionValues are the values of CountdownAction, in the order of their Go constants. */
export const CountdownActionValues = ["shown", "extended-automatically", "extended", "expired", "logout-succeeded"] as const;
/** CountdownAction is what happened in the countdown. */
export type CountdownAction = (typeof CountdownActionValues)[number];
