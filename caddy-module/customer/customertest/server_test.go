package customertest

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const personas = "../../../testdata/personas"

func get(t *testing.T, s *Server, path, token string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.BaseURL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out map[string]any
	json.Unmarshal(b, &out)
	return resp.StatusCode, out
}

func TestServerKeepsThePlatformsContract(t *testing.T) {
	s, err := NewServer(personas)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	jwt := "e30." + base64.RawURLEncoding.EncodeToString([]byte(`{"customer_number":"DE5000001"}`)) + ".sig"
	tests := []struct {
		name, path, token string
		status            int
	}{
		{"customer", "/customers/DE5000001?embed=all-persons,reference-accounts", "DE5000001", 200},
		{"customer by a JWT's claim", "/customers/DE5000001?embed=all-persons,reference-accounts", jwt, 200},
		{"no token", "/customers/DE5000001?embed=all-persons,reference-accounts", "", 401},
		{"another customer's token", "/customers/DE5000001?embed=all-persons,reference-accounts", "DE5000002", 403},
		{"embeds missing", "/customers/DE5000001", "DE5000001", 400},
		{"unknown customer", "/customers/DE0000000?embed=all-persons,reference-accounts", "DE0000000", 404},
		{"accounts without the filter", "/accounts", "DE5000001", 400},
		{"accounts with a wrong filter", "/accounts?filter=customerId%20ne%20DE5000001", "DE5000001", 400},
		{"balance without the embed", "/accounts/acc-5000001", "DE5000001", 400},
		{"another customer's balance", "/accounts/acc-5000001?embed=balance", "DE5000002", 403},
		{"product types need both parameters", "/products/types?distributor_id=", "DE5000001", 400},
		{"product types with the default distributor", "/products/types?distributor_id=&distribution_channel_id=WEB", "DE5000001", 200},
		{"a persona without the file", "/customer/cobranding", "DE5000001", 404},
		{"a persona's fault", "/accounts/acc-5000008?embed=balance", "DE5000008", 500},
		{"no such call", "/nothing", "DE5000001", 404},
		{"a switchable account's customer, with the login's token", "/customers/DE5000012?embed=all-persons,reference-accounts", "DE5000011", 200},
		{"a switchable account's balance, with the login's token", "/accounts/acc-5000013?embed=balance", "DE5000011", 200},
		{"the other way round is refused", "/customers/DE5000011?embed=all-persons,reference-accounts", "DE5000012", 403},
		{"another login may not act for the minor", "/customers/DE5000012?embed=all-persons,reference-accounts", "DE5000001", 403},
	}
	for _, tt := range tests {
		if status, body := get(t, s, tt.path, tt.token); status != tt.status {
			t.Errorf("%s: GET %s = %d %v, want %d", tt.name, tt.path, status, body, tt.status)
		}
	}
}

func TestServerShapesAnswersLikeThePlatform(t *testing.T) {
	s, err := NewServer(personas)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, cust := get(t, s, "/customers/DE5000005?embed=all-persons,reference-accounts", "DE5000005")
	if _, ok := cust["embedded"].(map[string]any)["dataValidity"]; ok {
		t.Error("data validity sent without its embed")
	}
	_, cust = get(t, s, "/customers/DE5000005?embed=all-persons,reference-accounts,data-validity", "DE5000005")
	if _, ok := cust["embedded"].(map[string]any)["dataValidity"]; !ok {
		t.Error("data validity missing with its embed")
	}
	_, list := get(t, s, "/accounts?filter=customerId%20eq%20DE5000001", "DE5000001")
	for _, a := range list["data"].([]any) {
		if _, ok := a.(map[string]any)["balance"]; ok {
			t.Error("the account list carries balances; only the balance call does")
		}
	}
	_, acct := get(t, s, "/accounts/acc-5000001?embed=balance", "DE5000001")
	if bal, ok := acct["balance"].(map[string]any); !ok || bal["current"] != 48210.4 {
		t.Errorf("balance answer %v", acct)
	}
}

func TestNewHandlerRefusesBrokenPersonas(t *testing.T) {
	write := func(t *testing.T, files map[string]string) string {
		dir := t.TempDir()
		for name, body := range files {
			p := filepath.Join(dir, name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(body), 0o644)
		}
		return dir
	}
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no personas", map[string]string{"README.md": "x"}, "no persona folders"},
		{"no bacNumber", map[string]string{"a/customer.json": `{}`}, "needs a bacNumber"},
		{"invalid JSON", map[string]string{"a/customer.json": `{"bacNumber":"X1"}`, "a/accounts.json": `{`}, "not valid JSON"},
		{"shared number", map[string]string{"a/customer.json": `{"bacNumber":"X1"}`, "b/customer.json": `{"bacNumber":"X1"}`}, "share customer number"},
		{"bad delay", map[string]string{"a/customer.json": `{"bacNumber":"X1"}`, "a/faults.json": `{"delay":{"customer":"soon"}}`}, "delay"},
	}
	for _, tt := range tests {
		_, err := NewHandler(write(t, tt.files))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}
