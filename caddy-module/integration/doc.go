// Package integration holds the gateway's process-level tests, as caddy's
// caddytest/integration does: each starts bin/shellgate (built from this tree, or
// SHELLGATE_BINARY) with a Caddyfile, as operators run it, and drives it over HTTP and its
// admin endpoint only, never the module's internals: several replicas sharing one redis, a
// redis outage behind a load balancer, reloads under load, and the logs an operator reads.
package integration
