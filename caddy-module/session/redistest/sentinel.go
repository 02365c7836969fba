package redistest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/redis/go-redis/v9"
)

// SentinelMaster is the name the Sentinel monitors the master under.
const SentinelMaster = "shellgate"

// Sentinel is a master watched by one Sentinel: clients find the master through the
// Sentinel, as a Sentinel deployment's clients do.
type Sentinel struct {
	Master   *Server
	Sentinel *Server
}

// StartSentinel runs a master and a Sentinel for t, stopped when t ends.
func StartSentinel(t testing.TB) *Sentinel {
	t.Helper()
	master := Start(t)
	dir := t.TempDir()
	conf := filepath.Join(dir, "sentinel.conf")
	// Sentinel rewrites its config file, so it must be its own, writable one.
	body := fmt.Sprintf("sentinel monitor %s 127.0.0.1 %d 1\nsentinel down-after-milliseconds %s 1000\n",
		SentinelMaster, master.port, SentinelMaster)
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatalf("write sentinel.conf: %v", err)
	}
	s := &Server{dir: dir, conf: conf, args: []string{"--sentinel"}, ready: "+monitor master"}
	if err := s.listen(); err != nil {
		t.Fatalf("start redis sentinel: %v", err)
	}
	s.t = t
	t.Cleanup(s.stop)
	return &Sentinel{Master: master, Sentinel: s}
}

// Client returns a client that finds the master through the Sentinel, the way
// redis.NewUniversalClient does when given a master name; closed when the test ends.
func (s *Sentinel) Client() redis.UniversalClient {
	c := redis.NewUniversalClient(&redis.UniversalOptions{
		Addrs:      []string{s.Sentinel.Addr},
		MasterName: SentinelMaster,
	})
	s.Sentinel.t.Cleanup(func() { _ = c.Close() })
	return c
}
