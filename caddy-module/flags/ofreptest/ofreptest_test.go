package ofreptest_test

import (
	"context"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/flags/ofreptest"
)

// The demo's stand-in answers what the gateway's OFREP client reads.
func TestStandInAnswersTheGatewaysClient(t *testing.T) {
	values, err := ofreptest.Load("../../../testdata/flag-service.json")
	if err != nil {
		t.Fatal(err)
	}
	values["b2cNewMarketLocales"] = []any{"de-CH"}
	srv := httptest.NewServer(ofreptest.Handler(values))
	defer srv.Close()
	r := &flags.Remote{URL: srv.URL, Timeout: time.Second, TTL: time.Second, Backoff: time.Second}
	got, err := r.Evaluate(context.Background(), flags.Request{Locale: "de-DE"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"mobileAppBanner": false, "userManagementPensionLogout": false, "b2cNewMarketLocales:de-ch": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
