// Package customertest serves persona files as the platform's customer APIs (spec 7), for
// contract tests of the customer client and for the demo ("local development uses mock files").
//
// A persona is a folder under the personas directory with one JSON file per call, named after
// the call (customer.json, accounts.json, deposit-types.json, ...; see
// testdata/personas/README.md). A missing file answers 404. faults.json makes calls fail or
// slow: {"status": {"accounts": 503}, "delay": {"balance": "200ms"}}.
//
// The server checks the contract as the platform would: a bearer token is required (401
// without), the token's customer must be the one asked for or one of its switchable accounts
// (403 otherwise), and each call's
// query parameters must be present (400 otherwise). The token is a JWT whose customer_number
// claim names the customer (not verified: this is a mock), or else the customer number itself.
package customertest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// BasePath is where the mock serves the API, as the platform does.
const BasePath = "/rest/open_api/v2"

// Calls are the call names, which are also the persona file names without ".json".
var Calls = []string{"customer", "accounts", "balance", "deposit-types", "cobranding", "product-types",
	"product-instances", "pension-products", "migrated-products", "unread-count", "switchable-accounts"}

// Persona is one persona folder, loaded.
type Persona struct {
	// Name is the folder's name.
	Name string
	// CustomerNumber is customer.json's bacNumber.
	CustomerNumber string
	files          map[string]json.RawMessage
	accounts       []map[string]any
	faults         faults
}

type faults struct {
	Status map[string]int    `json:"status"`
	Delay  map[string]string `json:"delay"`
	delays map[string]time.Duration
}

// Request is one request the mock received, for contract tests.
type Request struct {
	Call          string
	Method        string
	Path          string
	Query         url.Values
	Authorization string
}

// Handler serves the personas of one directory.
type Handler struct {
	personas map[string]*Persona // by customer number
	accounts map[string]*Persona // by account id

	mu       sync.Mutex
	requests []Request
	status   map[string]int           // "customerNumber/call" -> forced status
	delay    map[string]time.Duration // call -> extra delay for every persona
	gate     chan struct{}            // when set, every call waits for it to close
}

// NewHandler loads every persona folder under dir.
func NewHandler(dir string) (*Handler, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("customertest: reading personas: %w", err)
	}
	h := &Handler{personas: map[string]*Persona{}, accounts: map[string]*Persona{},
		status: map[string]int{}, delay: map[string]time.Duration{}}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		p, err := loadPersona(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		if other, dup := h.personas[p.CustomerNumber]; dup {
			return nil, fmt.Errorf("customertest: personas %s and %s share customer number %s: give each its own", other.Name, p.Name, p.CustomerNumber)
		}
		h.personas[p.CustomerNumber] = p
		for _, a := range p.accounts {
			if id, _ := a["id"].(string); id != "" {
				h.accounts[id] = p
			}
		}
	}
	if len(h.personas) == 0 {
		return nil, fmt.Errorf("customertest: no persona folders in %s", dir)
	}
	return h, nil
}

func loadPersona(dir string) (*Persona, error) {
	p := &Persona{Name: filepath.Base(dir), files: map[string]json.RawMessage{}}
	for _, call := range append(slices.Clone(Calls), "faults") {
		b, err := os.ReadFile(filepath.Join(dir, call+".json"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("customertest: persona %s: %w", p.Name, err)
		}
		if !json.Valid(b) {
			return nil, fmt.Errorf("customertest: persona %s: %s.json is not valid JSON: fix the file", p.Name, call)
		}
		p.files[call] = b
	}
	var cust struct {
		BacNumber string `json:"bacNumber"`
	}
	if err := json.Unmarshal(p.files["customer"], &cust); err != nil || cust.BacNumber == "" {
		return nil, fmt.Errorf("customertest: persona %s: customer.json needs a bacNumber", p.Name)
	}
	p.CustomerNumber = cust.BacNumber
	if b, ok := p.files["accounts"]; ok {
		var list struct {
			Data []map[string]any `json:"data"`
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber() // amounts go out exactly as the file has them
		if err := dec.Decode(&list); err != nil {
			return nil, fmt.Errorf("customertest: persona %s: accounts.json: %w", p.Name, err)
		}
		p.accounts = list.Data
	}
	if b, ok := p.files["faults"]; ok {
		if err := json.Unmarshal(b, &p.faults); err != nil {
			return nil, fmt.Errorf("customertest: persona %s: faults.json: %w", p.Name, err)
		}
		p.faults.delays = map[string]time.Duration{}
		for call, s := range p.faults.Delay {
			d, err := time.ParseDuration(s)
			if err != nil {
				return nil, fmt.Errorf("customertest: persona %s: faults.json delay of %s: %w", p.Name, call, err)
			}
			p.faults.delays[call] = d
		}
	}
	return p, nil
}

// Personas lists the loaded personas by name.
func (h *Handler) Personas() map[string]*Persona {
	out := map[string]*Persona{}
	for _, p := range h.personas {
		out[p.Name] = p
	}
	return out
}

// SetStatus forces call to answer status for one customer; 0 removes the override.
func (h *Handler) SetStatus(customerNumber, call string, status int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if status == 0 {
		delete(h.status, customerNumber+"/"+call)
		return
	}
	h.status[customerNumber+"/"+call] = status
}

// SetDelay slows call down for every customer; 0 removes it.
func (h *Handler) SetDelay(call string, d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.delay[call] = d
}

// Hold makes every call wait until the returned release function is called, so a test can
// pile up concurrent requests on one call in flight.
func (h *Handler) Hold() (release func()) {
	gate := make(chan struct{})
	h.mu.Lock()
	h.gate = gate
	h.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			h.gate = nil
			h.mu.Unlock()
			close(gate)
		})
	}
}

// Requests returns the requests received so far.
func (h *Handler) Requests() []Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.requests)
}

// Count is how many requests call received.
func (h *Handler) Count(call string) int {
	n := 0
	for _, r := range h.Requests() {
		if r.Call == call {
			n++
		}
	}
	return n
}

// ResetRequests forgets the requests received.
func (h *Handler) ResetRequests() {
	h.mu.Lock()
	h.requests = nil
	h.mu.Unlock()
}

// Server is a Handler on an httptest server.
type Server struct {
	*Handler
	*httptest.Server
	// BaseURL is the API's base URL, ending in BasePath: the customer client's Options.BaseURL.
	BaseURL string
}

// NewServer starts a server over the personas of dir. Close it when done.
func NewServer(dir string) (*Server, error) {
	h, err := NewHandler(dir)
	if err != nil {
		return nil, err
	}
	s := httptest.NewServer(h)
	return &Server{Handler: h, Server: s, BaseURL: s.URL + BasePath}, nil
}

// route is a call matched from a request: its name, the customer it is about (from the path
// or the query; "" when the token says), and the query parameters it must carry.
type route struct {
	call     string
	customer string
	account  string
	missing  string // a required parameter that is absent or wrong
}

// CallOf names the call a request to the API is (a name of Calls), or "" for none: for
// clients that time the calls they make, such as the customer page benchmark.
func CallOf(r *http.Request) string {
	rt, _ := match(r)
	return rt.call
}

func match(r *http.Request) (route, bool) {
	path, ok := strings.CutPrefix(r.URL.Path, BasePath)
	if !ok {
		return route{}, false
	}
	seg := strings.Split(strings.Trim(path, "/"), "/")
	q := r.URL.Query()
	// need checks that each parameter is there; only distributor_id may be empty (the
	// platform's own customers have none).
	need := func(rt route, names ...string) route {
		for _, n := range names {
			if !q.Has(n) || (q.Get(n) == "" && n != "distributor_id") {
				rt.missing = n
				return rt
			}
		}
		return rt
	}
	switch {
	case len(seg) == 2 && seg[0] == "customers":
		rt := route{call: "customer", customer: seg[1]}
		embeds := strings.Split(q.Get("embed"), ",")
		for _, e := range []string{"all-persons", "reference-accounts"} {
			if !slices.Contains(embeds, e) {
				rt.missing = "embed=" + e
			}
		}
		return rt, true
	case len(seg) == 1 && seg[0] == "accounts":
		id, ok := strings.CutPrefix(q.Get("filter"), "customerId eq ")
		rt := route{call: "accounts", customer: strings.TrimSpace(id)}
		if !ok || rt.customer == "" {
			rt.missing = "filter=customerId eq {id}"
		}
		return rt, true
	case len(seg) == 2 && seg[0] == "accounts":
		rt := route{call: "balance", account: seg[1]}
		if q.Get("embed") != "balance" {
			rt.missing = "embed=balance"
		}
		return rt, true
	case len(seg) == 2 && seg[0] == "deposits" && seg[1] == "types":
		return need(route{call: "deposit-types", customer: q.Get("customer_id")}, "customer_id"), true
	case len(seg) == 2 && seg[0] == "customer" && seg[1] == "cobranding":
		return route{call: "cobranding"}, true
	case len(seg) == 2 && seg[0] == "products" && seg[1] == "types":
		return need(route{call: "product-types"}, "distributor_id", "distribution_channel_id"), true
	case len(seg) == 1 && seg[0] == "product-instances":
		return need(route{call: "product-instances", customer: q.Get("customer_domain_id")}, "customer_domain_id", "pageId"), true
	case len(seg) == 4 && seg[0] == "pension" && seg[1] == "customers" && seg[3] == "products":
		return route{call: "pension-products", customer: seg[2]}, true
	case len(seg) == 2 && seg[0] == "migrated-products" && seg[1] == "dashboard":
		return need(route{call: "migrated-products", customer: q.Get("customer_id")}, "customer_id"), true
	case len(seg) == 2 && seg[0] == "threads" && seg[1] == "unread-count":
		return need(route{call: "unread-count", customer: q.Get("customer_id")}, "customer_id"), true
	case len(seg) == 5 && seg[0] == "public" && seg[1] == "users" && seg[3] == "switchable-accounts":
		rt := route{call: "switchable-accounts", customer: seg[4]}
		if seg[2] == "" {
			rt.missing = "userId"
		}
		return rt, true
	}
	return route{}, false
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rt, ok := match(r)
	h.mu.Lock()
	h.requests = append(h.requests, Request{Call: rt.call, Method: r.Method, Path: r.URL.EscapedPath(),
		Query: r.URL.Query(), Authorization: r.Header.Get("Authorization")})
	gate := h.gate
	extra := h.delay[rt.call]
	h.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-r.Context().Done():
			return
		}
	}
	if !ok {
		problem(w, http.StatusNotFound, "no such call: "+r.URL.Path)
		return
	}
	if r.Method != http.MethodGet {
		problem(w, http.StatusMethodNotAllowed, rt.call+" is a GET")
		return
	}
	if rt.missing != "" {
		problem(w, http.StatusBadRequest, rt.call+" needs "+rt.missing)
		return
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || token == "" {
		problem(w, http.StatusUnauthorized, "a bearer token is required")
		return
	}
	caller := tokenCustomer(token)
	customer := rt.customer
	if rt.call == "balance" {
		if p := h.accounts[rt.account]; p != nil {
			customer = p.CustomerNumber
		} else {
			problem(w, http.StatusNotFound, "no account "+rt.account)
			return
		}
	}
	if customer == "" {
		customer = caller
	}
	if customer != caller && !h.actsFor(caller, customer) {
		problem(w, http.StatusForbidden, "the token's customer may not read customer "+customer)
		return
	}
	p := h.personas[customer]
	if p == nil {
		problem(w, http.StatusNotFound, "no customer "+customer)
		return
	}
	h.mu.Lock()
	status := h.status[customer+"/"+rt.call]
	h.mu.Unlock()
	if status == 0 {
		status = p.faults.Status[rt.call]
	}
	if d := extra + p.faults.delays[rt.call]; d > 0 {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
	if status != 0 && status != http.StatusPartialContent {
		problem(w, status, "fault of persona "+p.Name)
		return
	}
	body, ok := p.answer(rt, r.URL.Query())
	if !ok {
		problem(w, http.StatusNotFound, "persona "+p.Name+" has no "+rt.call+".json")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if status == http.StatusPartialContent {
		w.WriteHeader(status)
	}
	w.Write(body)
}

// answer is the body of a call: the persona's file, with the accounts' balances only in the
// balance call and data validity only when embedded.
func (p *Persona) answer(rt route, q url.Values) ([]byte, bool) {
	switch rt.call {
	case "accounts", "balance":
		if p.accounts == nil {
			return nil, false
		}
		if rt.call == "balance" {
			for _, a := range p.accounts {
				if a["id"] == rt.account {
					b, _ := json.Marshal(a)
					return b, true
				}
			}
			return nil, false
		}
		list := make([]map[string]any, len(p.accounts))
		for i, a := range p.accounts {
			c := map[string]any{}
			for k, v := range a {
				if k != "balance" {
					c[k] = v
				}
			}
			list[i] = c
		}
		b, _ := json.Marshal(map[string]any{"data": list})
		return b, true
	case "customer":
		if slices.Contains(strings.Split(q.Get("embed"), ","), "data-validity") {
			return p.files["customer"], true
		}
		var c map[string]any
		json.Unmarshal(p.files["customer"], &c)
		if emb, ok := c["embedded"].(map[string]any); ok {
			delete(emb, "dataValidity")
		}
		b, _ := json.Marshal(c)
		return b, true
	}
	b, ok := p.files[rt.call]
	return b, ok
}

// actsFor tells whether the token of caller may read customer's data: customer is one of
// caller's switchable accounts (its switchable-accounts.json), as the platform lets a parent
// read a minor's accounts after an account switch with the parent's own token.
func (h *Handler) actsFor(caller, customer string) bool {
	p := h.personas[caller]
	if p == nil {
		return false
	}
	var list struct {
		Data struct {
			Accounts []struct {
				CustomerID string `json:"customer_id"`
			} `json:"accounts"`
		} `json:"data"`
	}
	if json.Unmarshal(p.files["switchable-accounts"], &list) != nil {
		return false
	}
	for _, a := range list.Data.Accounts {
		if a.CustomerID == customer {
			return true
		}
	}
	return false
}

// tokenCustomer reads the customer a token stands for: the customer_number claim of a JWT
// (unverified), else the token itself.
func tokenCustomer(token string) string {
	parts := strings.Split(token, ".")
	if len(parts) == 3 {
		if payload, err := base64.RawURLEncoding.DecodeString(parts[1]); err == nil {
			var claims struct {
				CustomerNumber string `json:"customer_number"`
			}
			if json.Unmarshal(payload, &claims) == nil && claims.CustomerNumber != "" {
				return claims.CustomerNumber
			}
		}
	}
	return token
}

func problem(w http.ResponseWriter, status int, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"status": status, "detail": detail})
}
