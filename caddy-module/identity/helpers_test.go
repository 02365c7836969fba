package identity

// localIdentity is an identity block for tests that need no provider to answer.
func localIdentity() *Config {
	return &Config{Providers: []Provider{{Region: "DEU", Issuer: "http://127.0.0.1:1/auth/realms/global"}}}
}
