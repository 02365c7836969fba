package shell

import (
	"net/http"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/rules"
)

// The token relay: requests under the API prefix go on to the next handler (the operator's
// reverse_proxy to the APIs) with the session's access token as a bearer token. The browser
// never holds a token, so this is the only way its calls reach the APIs authenticated.

// underRelay tells whether a request's decision path (decisionPath: cleaned, lower case) is
// under the relay prefix, read the same way whatever spelling it is configured in:
// /REST/open_api/v2/x and //rest/open_api/v2/x are relay requests too, never pages for the
// content origin.
func underRelay(prefix, path string) bool {
	if prefix == "" || prefix == relayOff {
		return false
	}
	prefix, err := rules.DecisionPath(prefix)
	if err != nil {
		return false
	}
	prefix = strings.TrimSuffix(prefix, "/")
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// relayAPI forwards r with the session's bearer token, or answers 401 when there is no
// session. Whatever Authorization header the browser sent is dropped first: only the edge
// decides which token an API sees.
func (h *Handler) relayAPI(w http.ResponseWriter, r *http.Request, v *visitor, next caddyhttp.Handler) error {
	r.Header.Del("Authorization")
	if v == nil || v.session == nil {
		w.Header().Set("Cache-Control", "no-store")
		writeJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	r.Header.Set("Authorization", "Bearer "+v.session.Tokens.AccessToken)
	dropSessionCookies(r)
	rw := &relayWriter{ResponseWriter: w}
	err := next.ServeHTTP(rw, r)
	if rw.status == http.StatusForbidden {
		// Spec 8, "403: handler called, auth header removed": at the edge the 403 goes to the
		// browser unchanged, the token stays at the edge (the browser never had it), and the
		// session is kept: a 403 says the customer may not do this, not that the login ended.
		h.Identity.rt.relayForbidden.Add(1)
		h.logger.Warn("api relay: upstream refused the request (403)",
			zap.String("method", r.Method),
			zap.String("path", r.URL.Path),
			zap.Int64("forbidden_total", h.Identity.rt.relayForbidden.Load()), requestID(r.Context()))
	}
	return err
}

// relayWriter notes the status the upstream answered with.
type relayWriter struct {
	http.ResponseWriter
	status int
}

func (w *relayWriter) WriteHeader(code int) {
	if w.status == 0 && code >= 200 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *relayWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the real writer (flushing streamed answers).
func (w *relayWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
