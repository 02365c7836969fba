package customer

import (
	"errors"
	"fmt"
	"net/http"
)

// Errors of the error catalogue (spec 8) that a caller tells apart with errors.Is.
var (
	// ErrInvalidMethod: a call was made with a method other than GET or POST (spec 7).
	ErrInvalidMethod = errors.New("customer: invalid HTTP method: use GET or POST")
	// ErrMaintenance: an account call answered 503 or 206; the account is under maintenance
	// and the balance shows the maintenance notice.
	ErrMaintenance = errors.New("customer: account under maintenance (503 or 206 from an account call)")
	// ErrForbidden: the platform refused the bearer token's customer this call (403).
	ErrForbidden = errors.New("customer: forbidden (403): the session's customer may not make this call")
	// ErrNotFound: 404 or 410; never retried.
	ErrNotFound = errors.New("customer: not found (404 or 410)")
)

// APIError is a call that did not give a usable answer: a non-2xx status, no response, or an
// answer that does not decode.
type APIError struct {
	// Call names the call of spec 7, e.g. "customer", "balance".
	Call string
	// Status is the HTTP status; 0 when no response arrived.
	Status int
	// Err is the cause; one of the Err* values above when the status has a meaning.
	Err error
}

func (e *APIError) Error() string {
	if e.Status == 0 {
		return fmt.Sprintf("customer API %s: %v", e.Call, e.Err)
	}
	return fmt.Sprintf("customer API %s: HTTP %d: %v", e.Call, e.Status, e.Err)
}

func (e *APIError) Unwrap() error { return e.Err }

// statusError gives the cause of an unusable status, as the catalogue reads it.
func statusError(status int, accountCall bool) error {
	switch {
	case accountCall && (status == http.StatusServiceUnavailable || status == http.StatusPartialContent):
		return ErrMaintenance
	case status == http.StatusForbidden:
		return ErrForbidden
	case status == http.StatusNotFound || status == http.StatusGone:
		return ErrNotFound
	default:
		return fmt.Errorf("unexpected status %d %s: check the API base URL and the upstream's health",
			status, http.StatusText(status))
	}
}
