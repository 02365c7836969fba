// Package ofreptest is a stand-in flag service for the demo and tests: it answers OFREP bulk
// evaluation (POST /ofrep/v1/evaluate/flags) with the same flags for every context.
package ofreptest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
)

// Path is OFREP's bulk evaluation.
const Path = "/ofrep/v1/evaluate/flags"

// Load reads a stand-in's flags: a JSON object of flag name to value (true, false, or a list
// of strings), e.g. {"mobileAppBanner": false, "b2cNewMarketLocales": ["de-CH"]}.
func Load(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var values map[string]any
	if err := json.Unmarshal(b, &values); err != nil {
		return nil, fmt.Errorf("%s: %w; write {\"flagName\": true, ...}", path, err)
	}
	return values, nil
}

// Handler answers every OFREP bulk evaluation with values; other paths are 404.
func Handler(values map[string]any) http.Handler {
	type flag struct {
		Key    string `json:"key"`
		Value  any    `json:"value"`
		Reason string `json:"reason"`
	}
	var answer struct {
		Flags []flag `json:"flags"`
	}
	answer.Flags = []flag{}
	for k, v := range values {
		answer.Flags = append(answer.Flags, flag{Key: k, Value: v, Reason: "STATIC"})
	}
	sort.Slice(answer.Flags, func(i, j int) bool { return answer.Flags[i].Key < answer.Flags[j].Key })
	body, _ := json.Marshal(answer)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != Path {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, 1<<16))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
}
