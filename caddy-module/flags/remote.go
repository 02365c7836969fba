package flags

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Remote is the flag service as a Provider, over OFREP (the OpenFeature Remote Evaluation
// Protocol, bulk evaluation): POST {URL}/ofrep/v1/evaluate/flags with
//
//	{"context": {"targetingKey": "device-…", "locale": "nl-nl", "deviceKind": "mobile",
//	             "country": "GBR", "investorStatus": "web-investor"}}
//
// answered 200 with {"flags": [{"key": "b2cUseNewDashboard", "value": true}, …]}. A boolean
// value is the flag; a list of strings is a list-valued flag (one "name:value" key each);
// other values and flags with an errorCode are left out. The context is the spec's (3): the
// anonymous device (its id as the targeting key, its kind) and, for a logged-in investor,
// the country and the investor status; never a customer number or a name.
//
// A page never waits long for it nor breaks because of it: answers are cached per context
// for TTL, a call gives up after Timeout, and after a failure the service is left alone for
// Backoff, answering from the last answer for the context (even past its TTL) or not at all
// (the caller keeps the file's flags). Safe for concurrent use.
type Remote struct {
	// URL is the service's base URL; the OFREP path is appended.
	URL string
	// Client makes the calls. Default: http.DefaultClient.
	Client *http.Client
	// Timeout bounds one call.
	Timeout time.Duration
	// TTL is how long an answer stands.
	TTL time.Duration
	// Backoff is how long the service is left alone after a failure.
	Backoff time.Duration
	// Now is the clock. Default: time.Now.
	Now func() time.Time

	mu        sync.Mutex
	cache     map[Request]remoteAnswer
	downUntil time.Time
}

type remoteAnswer struct {
	flags   map[string]bool
	expires time.Time
}

// maxRemoteEntries bounds the cache (one entry per device and locale): when full it starts over.
const maxRemoteEntries = 10000

// ErrServiceDown is Evaluate's error while the service is left alone after a failure.
var ErrServiceDown = errors.New("flag service: failed a moment ago, not asked")

// ofrepPath is OFREP's bulk evaluation.
const ofrepPath = "/ofrep/v1/evaluate/flags"

// maxRemoteAnswer bounds the service's answer.
const maxRemoteAnswer = 1 << 20

// Evaluate gives the service's flags for r (the caller's map), from the cache when fresh.
func (s *Remote) Evaluate(ctx context.Context, r Request) (map[string]bool, error) {
	r.Locale = strings.ToLower(r.Locale) // flag locales compare lowercase (spec 5)
	if r.Device != DeviceMobile {
		r.Device = DeviceDesktop
	}
	now := s.now()
	s.mu.Lock()
	a, cached := s.cache[r]
	down := now.Before(s.downUntil)
	s.mu.Unlock()
	if cached && now.Before(a.expires) {
		return clone(a.flags), nil
	}
	if down {
		if cached {
			return clone(a.flags), nil
		}
		return nil, ErrServiceDown
	}
	got, err := s.call(ctx, r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.downUntil = s.now().Add(s.Backoff)
		if cached {
			return clone(a.flags), err // stale beats the file: the caller may log err and use them
		}
		return nil, err
	}
	if s.cache == nil || len(s.cache) >= maxRemoteEntries {
		s.cache = map[Request]remoteAnswer{}
	}
	s.cache[r] = remoteAnswer{flags: got, expires: s.now().Add(s.TTL)}
	return clone(got), nil
}

func (s *Remote) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func clone(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ofrepContext is the evaluation context sent; empty fields are left out.
type ofrepContext struct {
	TargetingKey   string `json:"targetingKey,omitempty"`
	Locale         string `json:"locale,omitempty"`
	DeviceKind     string `json:"deviceKind,omitempty"`
	Country        string `json:"country,omitempty"`
	InvestorStatus string `json:"investorStatus,omitempty"`
}

type ofrepAnswer struct {
	Flags []struct {
		Key       string          `json:"key"`
		Value     json.RawMessage `json:"value"`
		ErrorCode string          `json:"errorCode"`
	} `json:"flags"`
}

// investorStatus is the investor identity's status (spec 3) of a logged-in customer.
const investorStatus = "web-investor"

func (s *Remote) call(ctx context.Context, r Request) (map[string]bool, error) {
	// A browser that goes away must not count as the service failing (and start the
	// backoff): the call is bounded by the timeout alone.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.Timeout)
	defer cancel()
	c := ofrepContext{TargetingKey: r.DeviceID, Locale: r.Locale, DeviceKind: string(r.Device), Country: r.Country}
	if r.Country != "" {
		c.InvestorStatus = investorStatus
	}
	body, _ := json.Marshal(map[string]ofrepContext{"context": c})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(s.URL, "/")+ofrepPath, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("flag service: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	client := s.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("flag service: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxRemoteAnswer))
		return nil, fmt.Errorf("flag service: status %d", res.StatusCode)
	}
	var a ofrepAnswer
	if err := json.NewDecoder(io.LimitReader(res.Body, maxRemoteAnswer)).Decode(&a); err != nil {
		return nil, fmt.Errorf("flag service: unreadable answer: %w", err)
	}
	out := map[string]bool{}
	for _, f := range a.Flags {
		if !namePattern.MatchString(f.Key) || len(f.Key) > 100 || f.ErrorCode != "" || len(f.Value) == 0 || string(f.Value) == "null" {
			continue
		}
		var on bool
		if json.Unmarshal(f.Value, &on) == nil {
			out[f.Key] = on
			continue
		}
		var values []string
		if json.Unmarshal(f.Value, &values) == nil {
			for _, v := range values {
				if valuePattern.MatchString(v) && len(v) <= 100 {
					out[f.Key+":"+strings.ToLower(v)] = true
				}
			}
		}
	}
	return out, nil
}
