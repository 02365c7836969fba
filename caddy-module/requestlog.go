package shell

import (
	"context"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"
)

// requestID is the request's id as Caddy's access log shows it ("uuid", the placeholder
// {http.request.uuid}), so an operator can join the module's log lines to the request's access
// log line. Caddy makes the id on first use; outside a Caddy server (unit tests) there is none
// and the field is left out.
func requestID(ctx context.Context) zap.Field {
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
