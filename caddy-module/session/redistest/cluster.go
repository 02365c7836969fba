package redistest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cluster is a Redis Cluster of primaries only, each owning an equal share of the 16384
// slots, for tests that must prove keys are Cluster-safe: a script or command touching keys
// in two slots fails with CROSSSLOT, as in production. A new cluster takes about 2 s to
// accept writes (Redis's own delay), so tests share one (NewCluster in TestMain, or
// StartCluster for one test) and keep apart by key prefix.
type Cluster struct {
	Nodes []*Server

	mu      sync.Mutex
	clients []*redis.ClusterClient
	dir     string
}

// StartCluster runs an n-node cluster for t, stopped when t ends; it skips t when no
// redis-server is installed.
func StartCluster(t testing.TB, n int) *Cluster {
	t.Helper()
	if _, err := os.Stat(binary()); err != nil {
		t.Skipf("redis-server not found at %s (set REDIS_SERVER): %v", binary(), err)
	}
	c, err := NewCluster(n)
	if err != nil {
		t.Fatalf("start a redis cluster: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

// ErrNoRedis: no redis-server binary is installed.
var ErrNoRedis = errors.New("redis-server not installed")

// NewCluster runs an n-node cluster that lives until Close, for sharing between tests.
func NewCluster(n int) (*Cluster, error) {
	if _, err := os.Stat(binary()); err != nil {
		return nil, fmt.Errorf("%w at %s (set REDIS_SERVER)", ErrNoRedis, binary())
	}
	dir, err := os.MkdirTemp("", "redistest-cluster-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir}
	if err := c.form(n); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Cluster) form(n int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for i := range n {
		nodeDir := fmt.Sprintf("%s/node%d", c.dir, i)
		if err := os.Mkdir(nodeDir, 0o700); err != nil {
			return err
		}
		s, err := newServer(nodeDir, []string{"--cluster-enabled", "yes",
			"--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000"})
		if err != nil {
			return err
		}
		c.Nodes = append(c.Nodes, s)
	}
	const slots = 16384
	for i, node := range c.Nodes {
		cl := node.Client()
		lo, hi := i*slots/n, (i+1)*slots/n-1
		if err := cl.Do(ctx, "CLUSTER", "ADDSLOTSRANGE", lo, hi).Err(); err != nil {
			return fmt.Errorf("assign slots %d-%d to %s: %w", lo, hi, node.Addr, err)
		}
		if i > 0 {
			host, port, _ := strings.Cut(node.Addr, ":")
			if err := c.Nodes[0].Client().ClusterMeet(ctx, host, port).Err(); err != nil {
				return fmt.Errorf("join %s to the cluster: %w", node.Addr, err)
			}
		}
	}
	for _, node := range c.Nodes {
		cl := node.Client()
		for {
			info, err := cl.ClusterInfo(ctx).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") &&
				strings.Contains(info, fmt.Sprintf("cluster_known_nodes:%d", n)) {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("cluster not ready on %s: %w\n%s", node.Addr, ctx.Err(), info)
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	// Slots are assigned, but a fresh node refuses writes for a moment: wait for one to land.
	cl := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs()})
	defer cl.Close()
	for i := range slotProbes {
		for {
			err := cl.Set(ctx, fmt.Sprintf("redistest:probe:%d", i), 1, time.Second).Err()
			if err == nil {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("cluster refuses writes: %w (last: %v)", ctx.Err(), err)
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	return nil
}

// slotProbes is how many keys (spread over the slots) must be writable before use.
const slotProbes = 16

// Addrs are the nodes' addresses.
func (c *Cluster) Addrs() []string {
	out := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		out[i] = n.Addr
	}
	return out
}

// Client returns a new cluster client, closed by Close.
func (c *Cluster) Client() *redis.ClusterClient {
	cl := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs()})
	c.mu.Lock()
	c.clients = append(c.clients, cl)
	c.mu.Unlock()
	return cl
}

// Close stops every node and removes their files.
func (c *Cluster) Close() {
	c.mu.Lock()
	clients := c.clients
	c.clients = nil
	c.mu.Unlock()
	for _, cl := range clients {
		_ = cl.Close()
	}
	for _, n := range c.Nodes {
		n.stop()
	}
	if c.dir != "" {
		_ = os.RemoveAll(c.dir)
	}
}
