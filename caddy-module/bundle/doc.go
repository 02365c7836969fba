// Package bundle reads the built shell UI (shell-ui/dist): its manifest, the prerendered header
// and footer fragments, and the hashed assets with their precompressed variants.
//
// Fragments are prepared once at load so that a request only copies bytes: non-ASCII
// characters become character references (the fragments then read the same in any
// ASCII-compatible page charset), the year slot is located, and every link's path is indexed
// so that the active link can be marked with aria-current without parsing per request.
package bundle
