// What the gateway's session endpoints answer, as the countdown reads it: the results of the
// calls in session/sessionEndpoints.ts and session/sessionEndCalls.ts, here so that both read
// them from the model and neither imports the other.
import type { Session } from './shellState.gen.ts';
import type { CountdownAction } from './tracking.gen.ts';

/** SessionEvent is the action of a countdown's tracking event (tracking.CountdownAction). */
export type SessionEvent = CountdownAction;

/** ActivityResult: the edge recorded it, the session is gone, or the call failed. */
export type ActivityResult = 'ok' | 'ended' | 'failed';

export type ExtendResult = { kind: 'ok'; session: Session } | { kind: 'ended' } | { kind: 'failed' };

/** StateResult: the session's timing now, no session any more, or no answer. */
export type StateResult = { kind: 'ok'; session: Session } | { kind: 'ended' } | { kind: 'failed' };
