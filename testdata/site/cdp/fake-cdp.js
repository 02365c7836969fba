// The demo's stand-in for the customer-data platform's browser SDK (docs/reference.md,
// "marketing"): it only records the calls the shell makes, in window.shellgateDemoCDP.calls,
// so that the demo and the browser tests can see what a real CDP would get. Nothing is sent.
window.shellgateDemoCDP = {
  calls: [],
  identify(userId, traits) {
    this.calls.push({ method: 'identify', userId, traits });
  },
};
