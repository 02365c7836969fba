package redistest

import (
	"context"
	"testing"
)

func TestStartKillRestart(t *testing.T) {
	ctx := context.Background()
	s := Start(t)
	c := s.Client()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET on a fresh server: %v", err)
	}
	s.Kill()
	if err := c.Get(ctx, "k").Err(); err == nil {
		t.Fatal("GET succeeded on a killed server")
	}
	s.Restart()
	if got, err := c.Exists(ctx, "k").Result(); err != nil || got != 0 {
		t.Fatalf("after Restart: EXISTS k = %d, %v; want an empty, reachable server", got, err)
	}
}
