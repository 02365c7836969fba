package identity

import (
	"context"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// RequestID is the request's id as Caddy's access log shows it ("uuid", the placeholder
// {http.request.uuid}), so an operator can join identity's log lines to the request's access
// log line. Caddy makes the id on first use; outside a Caddy server (unit tests) there is none
// and the field is left out.
func RequestID(ctx context.Context) zap.Field {
	if id, ok := ctx.Value(detachedIDKey{}).(string); ok {
		if id == "" {
			return zap.Skip()
		}
		return zap.String("request_id", id)
	}
	repl, _ := ctx.Value(caddy.ReplacerCtxKey).(*caddy.Replacer)
	if repl == nil {
		return zap.Skip()
	}
	// The replacer records the id in the access log's extra fields and needs them present.
	if _, ok := ctx.Value(caddyhttp.ExtraLogFieldsCtxKey).(*caddyhttp.ExtraLogFields); !ok {
		return zap.Skip()
	}
	id, _ := repl.GetString("http.request.uuid")
	if id == "" {
		return zap.Skip()
	}
	return zap.String("request_id", id)
}

// detachedIDKey holds the request id that Detach resolved.
type detachedIDKey struct{}

// Detach is ctx for work that runs beside the request or outlives it (a background refresh,
// a provider logout): the request's values without its cancellation, and its id resolved
// now. Such work must not ask the request's replacer for the id later: the replacer writes
// the access log's fields, which are not safe for two goroutines.
func Detach(ctx context.Context) context.Context {
	id := ""
	if f := RequestID(ctx); f.Type == zapcore.StringType {
		id = f.String
	}
	return context.WithValue(context.WithoutCancel(ctx), detachedIDKey{}, id)
}
