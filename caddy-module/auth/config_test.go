package auth

import (
	"strings"
	"testing"
)

func TestIssuerURLByRegionAndEnvironment(t *testing.T) {
	tmpl := "https://auth.{env}.{region}.example/auth/realms/global"
	tests := []struct {
		name string
		cfg  ProviderConfig
		env  string
		want string
	}{
		{"template DEU staging", ProviderConfig{Region: RegionDEU, Issuer: tmpl}, EnvStaging, "https://auth.staging.deu.example/auth/realms/global"},
		{"template GBR production", ProviderConfig{Region: RegionGBR, Issuer: tmpl}, EnvProduction, "https://auth.production.gbr.example/auth/realms/global"},
		{"named namespace", ProviderConfig{Region: RegionGBR, Issuer: tmpl}, "dev-payments", "https://auth.dev-payments.gbr.example/auth/realms/global"},
		{"upper-case region", ProviderConfig{Region: RegionDEU, Issuer: "https://{REGION}.auth.example/realms/{env}"}, EnvOnboarding, "https://DEU.auth.example/realms/onboarding"},
		{"environment override", ProviderConfig{Region: RegionDEU, Issuer: tmpl, Issuers: Environments{EnvLocal: "http://localhost:9000/auth/realms/global"}}, EnvLocal, "http://localhost:9000/auth/realms/global"},
		{"override for another env", ProviderConfig{Region: RegionDEU, Issuer: tmpl, Issuers: Environments{EnvLocal: "http://localhost:9000/auth/realms/global"}}, EnvDevelopment, "https://auth.development.deu.example/auth/realms/global"},
		{"plain URL ignores env", ProviderConfig{Region: RegionDEU, Issuer: "https://login.example/auth/realms/global"}, "", "https://login.example/auth/realms/global"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.cfg.IssuerURL(tt.env)
			if err != nil || got != tt.want {
				t.Errorf("IssuerURL(%q) = %q, %v; want %q", tt.env, got, err, tt.want)
			}
		})
	}
}

func TestValidateSaysWhatToChange(t *testing.T) {
	ok := ProviderConfig{Region: RegionDEU, Issuer: "https://auth.{env}.{region}.example/auth/realms/global"}
	tests := []struct {
		name   string
		change func(*ProviderConfig)
		env    string
		advice string // part of the message that tells the operator what to do
	}{
		{"no region", func(c *ProviderConfig) { c.Region = "" }, EnvProduction, "set it to DEU or GBR"},
		{"unknown region", func(c *ProviderConfig) { c.Region = "FRA" }, EnvProduction, "use DEU or GBR"},
		{"no issuer", func(c *ProviderConfig) { c.Issuer = "" }, EnvProduction, "set issuer"},
		{"empty environment with {env}", func(*ProviderConfig) {}, "", "set it to local, development"},
		{"environment not a host label", func(*ProviderConfig) {}, "Dev_Payments", "lower-case letters"},
		{"unknown placeholder", func(c *ProviderConfig) { c.Issuer = "https://auth.{stage}.example" }, EnvProduction, "use only {region}"},
		{"plain http off localhost", func(c *ProviderConfig) { c.Issuer = "http://auth.example/auth/realms/global" }, EnvProduction, "use https"},
		{"trailing slash", func(c *ProviderConfig) { c.Issuer = "https://auth.example/auth/realms/global/" }, EnvProduction, "remove it"},
		{"discovery URL given", func(c *ProviderConfig) { c.Issuer = "https://auth.example/.well-known/openid-configuration" }, EnvProduction, "drop /.well-known"},
		{"query in issuer", func(c *ProviderConfig) { c.Issuer = "https://auth.example/realm?x=1" }, EnvProduction, "scheme, host and path only"},
		{"userinfo in issuer", func(c *ProviderConfig) { c.Issuer = "https://u:p@auth.example/realm" }, EnvProduction, "remove it"},
		{"no host", func(c *ProviderConfig) { c.Issuer = "https:///realm" }, EnvProduction, "https://host/path"},
		{"not http", func(c *ProviderConfig) { c.Issuer = "ldap://auth.example" }, EnvProduction, "must start with https://"},
		{"bad override key", func(c *ProviderConfig) { c.Issuers = Environments{"Prod": "https://a.example"} }, EnvProduction, "lower-case letters"},
		{"bad logout style", func(c *ProviderConfig) { c.LogoutStyle = "saml" }, EnvProduction, "use keycloak, revocation, none"},
		{"scope with space", func(c *ProviderConfig) { c.Scopes = []string{"openid profile"} }, EnvProduction, "one per entry"},
		{"client id with space", func(c *ProviderConfig) { c.ClientID = "log in" }, EnvProduction, "remove it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := ok
			tt.change(&cfg)
			err := cfg.Validate(tt.env)
			if err == nil {
				t.Fatalf("Validate accepted %+v in %q", cfg, tt.env)
			}
			if !strings.Contains(err.Error(), tt.advice) {
				t.Errorf("Validate = %q; want advice containing %q", err, tt.advice)
			}
		})
	}
	if err := ok.Validate(EnvStaging); err != nil {
		t.Errorf("a good config failed: %v", err)
	}
	local := ProviderConfig{Region: RegionGBR, Issuer: "http://localhost:9000/auth/realms/global", LogoutStyle: LogoutKeycloak}
	if err := local.Validate(EnvLocal); err != nil {
		t.Errorf("plain http on localhost failed: %v", err)
	}
}

func TestScopesAlwaysStartWithOpenID(t *testing.T) {
	got := strings.Join(ProviderConfig{Scopes: []string{"profile", "openid", "offline_access"}}.scopes(), " ")
	if got != "openid profile offline_access" {
		t.Errorf("scopes = %q", got)
	}
	if id := (ProviderConfig{}).clientID(); id != "login" {
		t.Errorf("default client id = %q, want login", id)
	}
}

func FuzzIssuerURL(f *testing.F) {
	f.Add("https://auth.{env}.{region}.example/auth/realms/global", "staging")
	f.Add("http://localhost:9000/auth/realms/global", "local")
	f.Add("https://{REGION}.example/{env}/", "dev-x")
	f.Fuzz(func(t *testing.T, tmpl, env string) {
		got, err := ProviderConfig{Region: RegionDEU, Issuer: tmpl}.IssuerURL(env)
		if err != nil {
			return
		}
		if strings.ContainsAny(got, "{}") && !strings.ContainsAny(tmpl, "{}") {
			t.Fatalf("%q gained braces: %q", tmpl, got)
		}
		if strings.Contains(tmpl, "{env}") && ValidateEnvironment(env) != nil {
			t.Fatalf("template %q accepted environment %q", tmpl, env)
		}
		if checkIssuer(got) != nil {
			t.Fatalf("resolved issuer %q fails the issuer rules", got)
		}
	})
}
