// Package check holds the offline checks of the deployment files, for CI machines without
// a container engine: the Kubernetes manifests decoded strictly into the k8s.io/api types,
// the compose file through the Compose specification's loader and schema, the Dockerfile
// through BuildKit's own parser, and every Caddyfile validated by bin/shellgate and adapted
// by it to JSON, where the admin address (loopback only) and the servers' timeouts are read.
//
// It is a module of its own so that the gateway's module does not carry the Kubernetes,
// Compose and BuildKit dependencies. Run it with `make test-deploy`.
package check
