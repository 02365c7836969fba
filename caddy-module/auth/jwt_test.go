package auth_test

import (
	"encoding/base64"
	"strconv"
	"testing"
	"time"
)

// jwt builds an unsigned compact JWS around payload: enough for the unverified reads of exp.
func jwt(t *testing.T, payload string) string {
	t.Helper()
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"none"}`)) + "." + enc([]byte(payload)) + ".sig"
}

func unix(at time.Time) string { return strconv.FormatInt(at.Unix(), 10) }
