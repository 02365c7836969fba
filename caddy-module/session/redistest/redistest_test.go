package redistest

import (
	"context"
	"strings"
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

func TestCluster(t *testing.T) {
	ctx := context.Background()
	c := StartCluster(t, 3)
	cl := c.Client()
	// Keys in many slots land on all three nodes and read back through the cluster client.
	for i := range 30 {
		if err := cl.Set(ctx, string(rune('a'+i%26))+string(rune('0'+i/26)), i, 0).Err(); err != nil {
			t.Fatalf("SET through the cluster client: %v", err)
		}
	}
	for _, n := range c.Nodes {
		if keys := n.Client().DBSize(ctx).Val(); keys == 0 {
			t.Errorf("node %s holds no keys; slots are not spread", n.Addr)
		}
	}
	// The property the session store relies on: keys of two slots in one command fail.
	if err := cl.Do(ctx, "MSET", "{a}x", 1, "{b}y", 2).Err(); err == nil || !strings.Contains(err.Error(), "CROSSSLOT") {
		t.Errorf("MSET across slots: %v, want CROSSSLOT", err)
	}
}

func TestSentinel(t *testing.T) {
	ctx := context.Background()
	s := StartSentinel(t)
	c := s.Client()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET through the Sentinel client: %v", err)
	}
	if got := s.Master.Client().Get(ctx, "k").Val(); got != "v" {
		t.Fatalf("the master holds %q, want the value written through the Sentinel", got)
	}
}
