package flags

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeFlagService is a local OFREP service: it records the contexts it was sent and answers
// what answer gives.
type fakeFlagService struct {
	*httptest.Server
	calls    atomic.Int32
	mu       sync.Mutex
	contexts []map[string]any
}

func newFakeFlagService(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) *fakeFlagService {
	t.Helper()
	f := &fakeFlagService{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.calls.Add(1)
		if r.Method != http.MethodPost || r.URL.Path != "/ofrep/v1/evaluate/flags" || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "not OFREP bulk evaluation", http.StatusNotFound)
			return
		}
		var body struct {
			Context map[string]any `json:"context"`
		}
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.contexts = append(f.contexts, body.Context)
		f.mu.Unlock()
		answer(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

func ofrep(body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}
}

type stepClock struct{ t time.Time }

func (c *stepClock) Now() time.Time { return c.t }

func newRemote(url string, clock *stepClock) *Remote {
	return &Remote{URL: url, Timeout: 100 * time.Millisecond, TTL: 30 * time.Second, Backoff: 10 * time.Second, Now: clock.Now}
}

func TestRemoteSendsTheSpecsContextAndReadsOFREP(t *testing.T) {
	svc := newFakeFlagService(t, ofrep(`{"flags":[
		{"key":"b2cUseNewDashboard","value":true,"reason":"TARGETING_MATCH","variant":"on"},
		{"key":"umtMinorAccountSwitch","value":false},
		{"key":"b2cUnifiedDomainLocales","value":["PL-pl","fi-FI"]},
		{"key":"missing","errorCode":"FLAG_NOT_FOUND"},
		{"key":"aNumber","value":3},
		{"key":"aNull","value":null},
		{"key":"evil:key","value":true},
		{"key":"<script>","value":true},
		{"key":"b2cNewMarketLocales","value":["de-CH","x\"><b>"]}]}`))
	r := newRemote(svc.URL+"/", &stepClock{t: time.Unix(1e9, 0)})
	tests := []struct {
		name string
		in   Request
		want map[string]any
	}{
		{"a visitor: the device only", Request{Locale: "nl-NL", Device: DeviceMobile, DeviceID: "device-0b5c4e1e-7d3f-4c39-9f47-0f2f1c1a9d10"},
			map[string]any{"targetingKey": "device-0b5c4e1e-7d3f-4c39-9f47-0f2f1c1a9d10", "locale": "nl-nl", "deviceKind": "mobile"}},
		{"an investor: country and status too", Request{Locale: "en-GB", Device: "", Country: "GBR"},
			map[string]any{"locale": "en-gb", "deviceKind": "desktop", "country": "GBR", "investorStatus": "web-investor"}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Evaluate(context.Background(), tt.in)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{"b2cUseNewDashboard": true, "umtMinorAccountSwitch": false, "b2cUnifiedDomainLocales:pl-pl": true, "b2cUnifiedDomainLocales:fi-fi": true, "b2cNewMarketLocales:de-ch": true}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("flags %v, want %v", got, want)
			}
			if sent := svc.contexts[i]; !reflect.DeepEqual(sent, tt.want) {
				t.Errorf("context sent %v, want %v (and nothing else)", sent, tt.want)
			}
		})
	}
}

func TestRemoteCachesForItsTTL(t *testing.T) {
	svc := newFakeFlagService(t, ofrep(`{"flags":[{"key":"b2cUseNewDashboard","value":true}]}`))
	clock := &stepClock{t: time.Unix(1e9, 0)}
	r := newRemote(svc.URL, clock)
	in := Request{Locale: "de-DE", DeviceID: "device-a"}
	for range 3 {
		if _, err := r.Evaluate(context.Background(), in); err != nil {
			t.Fatal(err)
		}
	}
	if n := svc.calls.Load(); n != 1 {
		t.Errorf("%d calls within the TTL, want 1", n)
	}
	clock.t = clock.t.Add(31 * time.Second)
	_, _ = r.Evaluate(context.Background(), in)
	if n := svc.calls.Load(); n != 2 {
		t.Errorf("%d calls after the TTL, want 2", n)
	}
}

// A slow or failing service never holds a page longer than the timeout, and is then left
// alone: the next pages do not wait at all.
func TestRemoteNeverHoldsAPageForASlowOrFailingService(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	tests := []struct {
		name   string
		answer func(http.ResponseWriter, *http.Request)
	}{
		{"slow", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}},
		{"500", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "down", http.StatusInternalServerError) }},
		{"garbage", ofrep(`<html>`)},
		{"redirect", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/elsewhere", http.StatusFound) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeFlagService(t, tt.answer)
			r := newRemote(svc.URL, &stepClock{t: time.Unix(1e9, 0)})
			r.Client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			start := time.Now()
			got, err := r.Evaluate(context.Background(), Request{Locale: "de-DE"})
			if took := time.Since(start); took > time.Second {
				t.Errorf("the page waited %s, want at most about the timeout (100ms)", took)
			}
			if err == nil || got != nil {
				t.Fatalf("flags %v err %v, want none and an error", got, err)
			}
			got, err = r.Evaluate(context.Background(), Request{Locale: "nl-NL"})
			if !errors.Is(err, ErrServiceDown) || got != nil || svc.calls.Load() != 1 {
				t.Errorf("right after a failure: %v %v after %d calls, want ErrServiceDown without a call", got, err, svc.calls.Load())
			}
		})
	}
}

// After a failure a context the service answered before keeps that answer, even past its TTL.
func TestRemoteKeepsTheLastAnswerWhileTheServiceIsDown(t *testing.T) {
	var fail atomic.Bool
	svc := newFakeFlagService(t, func(w http.ResponseWriter, r *http.Request) {
		if fail.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		ofrep(`{"flags":[{"key":"b2cUseNewDashboard","value":true}]}`)(w, r)
	})
	clock := &stepClock{t: time.Unix(1e9, 0)}
	r := newRemote(svc.URL, clock)
	in := Request{Locale: "de-DE"}
	if _, err := r.Evaluate(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	fail.Store(true)
	clock.t = clock.t.Add(time.Minute)
	for range 2 {
		got, _ := r.Evaluate(context.Background(), in)
		if !got["b2cUseNewDashboard"] {
			t.Errorf("flags %v while the service is down, want its last answer", got)
		}
	}
}

func TestOverlayPutsTheServiceOverTheFile(t *testing.T) {
	base := map[string]bool{"isDWMLaunchNL": false, "ippDwmLaunchNl": false, "mobileAppBanner": true, "b2cNewMarketLocales:pl-pl": true}
	got := Overlay(base, map[string]bool{"ippDwmLaunchNl": true, "b2cNewMarketLocales:fi-fi": true})
	want := map[string]bool{"isDWMLaunchNL": true, "ippDwmLaunchNl": true, "mobileAppBanner": true, "b2cNewMarketLocales:fi-fi": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}

// A browser that goes away while its page waits for the flags is not the service failing: the
// next page still asks the service.
func TestRemoteCancelledPageIsNotAFailedService(t *testing.T) {
	svc := newFakeFlagService(t, ofrep(`{"flags":[{"key":"b2cUseNewDashboard","value":true}]}`))
	r := newRemote(svc.URL, &stepClock{t: time.Unix(1e9, 0)})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Evaluate(ctx, Request{Locale: "de-DE"}); err != nil {
		t.Errorf("a page whose browser left: %v", err)
	}
	got, err := r.Evaluate(context.Background(), Request{Locale: "nl-NL"})
	if err != nil || !got["b2cUseNewDashboard"] || svc.calls.Load() != 2 {
		t.Errorf("next page: %v %v after %d calls, want the service's flags from a second call", got, err, svc.calls.Load())
	}
}
