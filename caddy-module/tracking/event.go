package tracking

import (
	"errors"
	"fmt"
	"regexp"
	"unicode/utf8"
)

// MaxCustomAttributes is how many custom attributes an event may carry (spec 3).
const MaxCustomAttributes = 10

// maxFieldLength bounds each text field (runes), so that a relayed event stays small.
const maxFieldLength = 256

// Event is the tracking event of spec 3.
type Event struct {
	EventName        string `json:"eventName"`
	Object           string `json:"object,omitempty"`
	Action           string `json:"action,omitempty"`
	Portal           string `json:"portal,omitempty"`
	Description      string `json:"description,omitempty"`
	BoundedContext   string `json:"boundedContext,omitempty"`
	Zone             string `json:"zone,omitempty"`
	Context          string `json:"context,omitempty"`
	Component        string `json:"component,omitempty"`
	ProductID        string `json:"productId,omitempty"`
	BrowsingPlatform string `json:"browsingPlatform,omitempty"`
	CountryPlatform  string `json:"countryPlatform,omitempty"`
	CustomerGroup    string `json:"customerGroup,omitempty"`
	// CustomAttributes are up to ten free attributes, e.g. {"target": "cdvc"}.
	CustomAttributes map[string]string `json:"customAttributes,omitempty"`
}

var (
	eventNamePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.:-]*$`)
	attributePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
)

// Validate reports the first problem of e, saying what to change.
func (e *Event) Validate() error {
	if e.EventName == "" {
		return errors.New("tracking: eventName is empty; name the event, e.g. customer-redirect")
	}
	if !eventNamePattern.MatchString(e.EventName) {
		return fmt.Errorf("tracking: eventName %q: use letters, digits and _ . : -, starting with a letter", e.EventName)
	}
	for name, v := range map[string]string{
		"eventName": e.EventName, "object": e.Object, "action": e.Action, "portal": e.Portal,
		"description": e.Description, "boundedContext": e.BoundedContext, "zone": e.Zone,
		"context": e.Context, "component": e.Component, "productId": e.ProductID,
		"browsingPlatform": e.BrowsingPlatform, "countryPlatform": e.CountryPlatform,
		"customerGroup": e.CustomerGroup,
	} {
		if err := checkText(name, v); err != nil {
			return err
		}
	}
	if n := len(e.CustomAttributes); n > MaxCustomAttributes {
		return fmt.Errorf("tracking: %d custom attributes; an event carries at most %d", n, MaxCustomAttributes)
	}
	for k, v := range e.CustomAttributes {
		if !attributePattern.MatchString(k) || len(k) > 64 {
			return fmt.Errorf("tracking: custom attribute name %q: use up to 64 letters, digits and _, starting with a letter", k)
		}
		if err := checkText("custom attribute "+k, v); err != nil {
			return err
		}
	}
	return nil
}

func checkText(name, v string) error {
	if !utf8.ValidString(v) {
		return fmt.Errorf("tracking: %s is not UTF-8 text", name)
	}
	if n := utf8.RuneCountInString(v); n > maxFieldLength {
		return fmt.Errorf("tracking: %s has %d characters; shorten it to at most %d", name, n, maxFieldLength)
	}
	return nil
}
