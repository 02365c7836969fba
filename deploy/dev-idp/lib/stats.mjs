// Counters that integration tests read at GET /_dev/stats to assert, e.g., "exactly one refresh".
export function createStats() {
  let counts;
  const reset = () => {
    counts = {
      token: { authorization_code: 0, refresh_token: 0 },
      refreshRejected: 0,
      logout: 0,
      backchannelSent: 0,
    };
  };
  reset();
  return {
    tokenCall(grantType) {
      if (grantType in counts.token) counts.token[grantType] += 1;
    },
    refreshRejected() { counts.refreshRejected += 1; },
    logout() { counts.logout += 1; },
    backchannelSent() { counts.backchannelSent += 1; },
    snapshot: () => structuredClone(counts),
    reset,
  };
}
