package session

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// sharedCluster is one 3-node Redis Cluster for every test of the package, started on first
// use (a cluster needs about 2 s before it accepts writes) and stopped after the last test.
// Tests keep apart by key prefix.
var sharedCluster struct {
	once sync.Once
	c    *redistest.Cluster
	err  error
}

func cluster(t *testing.T) *redistest.Cluster {
	t.Helper()
	sharedCluster.once.Do(func() { sharedCluster.c, sharedCluster.err = redistest.NewCluster(3) })
	if errors.Is(sharedCluster.err, redistest.ErrNoRedis) {
		t.Skip(sharedCluster.err)
	}
	if sharedCluster.err != nil {
		t.Fatalf("start the shared redis cluster: %v", sharedCluster.err)
	}
	return sharedCluster.c
}

// quietRedis drops go-redis's own log lines (Sentinel discovery, dial retries while a test
// has Redis down): failures are reported by the tests themselves.
type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

func TestMain(m *testing.M) {
	redis.SetLogger(quietRedis{})
	code := m.Run()
	if sharedCluster.c != nil {
		sharedCluster.c.Close()
	}
	os.Exit(code)
}
