package rules

import (
	"strings"
	"testing"
	"time"
)

func TestReauthRulesMatchTheDecisionPathAndMethods(t *testing.T) {
	payout, err := NewReauthRule([]string{"/en-gb/payout/*", "/bank-details"}, nil, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	posts, err := NewReauthRule([]string{"/rest/open_api/v2/payouts"}, []string{"POST", "GET"}, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	rs := ReauthRules{payout, posts}
	for _, tc := range []struct {
		method, path, base string
		want               time.Duration
		match              bool
	}{
		{"GET", "/en-gb/payout/", "/en-gb", 5 * time.Minute, true},
		{"GET", "/en-gb/payout", "/en-gb", 5 * time.Minute, true},
		{"POST", "/en-gb/payout/confirm", "/en-gb", 5 * time.Minute, true},
		{"GET", "/EN-GB/payout/", "/en-gb", 5 * time.Minute, true},    // case folded
		{"GET", "//en-gb/./payout/", "/en-gb", 5 * time.Minute, true}, // cleaned
		{"GET", "/de-de/bank-details/iban", "/de-de", 5 * time.Minute, true},
		{"GET", "/en-gb/payoutx", "/en-gb", 0, false},
		{"GET", "/de-de/payout/", "/de-de", 0, false},
		{"POST", "/rest/open_api/v2/payouts", "", 2 * time.Minute, true},
		{"HEAD", "/rest/open_api/v2/payouts", "", 2 * time.Minute, true},
		{"DELETE", "/rest/open_api/v2/payouts", "", 0, false},
	} {
		got, ok := rs.MaxAge(tc.method, tc.path, tc.base)
		if ok != tc.match || got != tc.want {
			t.Errorf("%s %s: %s %t, want %s %t", tc.method, tc.path, got, ok, tc.want, tc.match)
		}
	}
}

func TestReauthRuleRefusals(t *testing.T) {
	for _, tc := range []struct {
		paths, methods []string
		maxAge         time.Duration
		says           string
	}{
		{nil, nil, 5 * time.Minute, "one or more paths"},
		{[]string{"payout"}, nil, 5 * time.Minute, "starts with /"},
		{[]string{"/pay*out"}, nil, 5 * time.Minute, "trailing *"},
		{[]string{"/*"}, nil, 5 * time.Minute, "whole site"},
		{[]string{"/payout"}, []string{"post"}, 5 * time.Minute, "upper case"},
		{[]string{"/payout"}, nil, 0, "give one such as 5m"},
		{[]string{"/payout"}, nil, 30 * time.Second, "give one such as 5m"},
	} {
		_, err := NewReauthRule(tc.paths, tc.methods, tc.maxAge)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%v %v %s: error %v, want one saying %q", tc.paths, tc.methods, tc.maxAge, err, tc.says)
		}
	}
}
