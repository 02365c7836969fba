package session

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// latencies is a log-linear histogram of durations: 64 linear buckets per power of two, so a
// percentile is within 1.6 % of the true value, in constant memory however long b.N is.
type latencies struct {
	counts [64 * 64]uint64
	n      uint64
}

func (h *latencies) record(d time.Duration) {
	v := uint64(max(d, 1))
	e := bits.Len64(v) // 1..64
	var i int
	if e <= 6 {
		i = int(v)
	} else {
		i = (e-6)*64 + int(v>>(e-7)) - 64 // top 7 bits, leading one dropped
	}
	h.counts[i]++
	h.n++
}

// percentile returns the upper edge of the bucket holding the p-th percentile.
func (h *latencies) percentile(p float64) time.Duration {
	want := uint64(p/100*float64(h.n) + 0.5)
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= want && c > 0 {
			if i < 64 {
				return time.Duration(i)
			}
			e, sub := i/64+6, uint64(i%64)+64
			return time.Duration((sub + 1) << (e - 7))
		}
	}
	return 0
}

func (h *latencies) report(b *testing.B) {
	b.ReportMetric(float64(h.percentile(50)), "p50-ns")
	b.ReportMetric(float64(h.percentile(99)), "p99-ns")
}

func TestLatenciesPercentile(t *testing.T) {
	var h latencies
	for i := 1; i <= 10000; i++ {
		h.record(time.Duration(i) * time.Microsecond)
	}
	for _, tt := range []struct {
		p    float64
		want time.Duration
	}{{50, 5 * time.Millisecond}, {99, 9900 * time.Microsecond}} {
		got := h.percentile(tt.p)
		if got < tt.want || float64(got) > float64(tt.want)*1.02 {
			t.Errorf("p%.0f = %v, want within 2 %% above %v", tt.p, got, tt.want)
		}
	}
}

// benchGetTiming measures what every page request does: read the session, apply the rules,
// with requests spread evenly over population sessions.
func benchGetTiming(b *testing.B, st Store, population int) {
	ctx := context.Background()
	ids := make([]string, population)
	at := time.Now()
	for i := range ids {
		s := customerSession(i, "sid", at)
		ids[i] = s.ID
		if err := st.Save(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
	var h latencies
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		s, err := st.Get(ctx, ids[rng.IntN(population)])
		if err != nil {
			b.Fatal(err)
		}
		if TimingOf(s, start, Lifecycle{}).Expired {
			b.Fatal("fresh session expired")
		}
		h.record(time.Since(start))
	}
	h.report(b)
}

func BenchmarkGetTiming(b *testing.B) {
	// 100 customers clicking through pages: every read finds its session unpacked.
	b.Run("memory-100-active", func(b *testing.B) {
		benchGetTiming(b, NewMemoryStore(MemoryOptions{}), 100)
	})
	// 10,000 customers read evenly: most reads unpack.
	b.Run("memory-10000-active", func(b *testing.B) {
		benchGetTiming(b, NewMemoryStore(MemoryOptions{}), 10_000)
	})
	b.Run("redis-loopback", func(b *testing.B) {
		srv := redistest.Start(b)
		st, err := NewRedisStore(srv.Client(), RedisOptions{Sealer: mustSealer(b, newKey(b))})
		if err != nil {
			b.Fatal(err)
		}
		benchGetTiming(b, st, 10_000)
	})
}

// BenchmarkMemoryStore100kSessions reports the heap that 100,000 logged-in customers with
// Keycloak-sized tokens take in the memory store: everything the store keeps reachable
// (tokens, records, map, LRU list, indexes). Budget: 200 MB.
func BenchmarkMemoryStore100kSessions(b *testing.B) {
	const n = 100_000
	ctx := context.Background()
	at := time.Now()
	for b.Loop() {
		b.StopTimer()
		before := heapInUse()
		m := NewMemoryStore(MemoryOptions{MaxSessions: n})
		for i := range n {
			m.Save(ctx, customerSession(i, NewID(), at))
		}
		after := heapInUse()
		if m.Len() != n {
			b.Fatalf("store holds %d sessions, want %d", m.Len(), n)
		}
		b.ReportMetric(float64(after-before)/1e6, "MB/100k-sessions")
		b.ReportMetric(float64(after-before)/n, "B/session")
		runtime.KeepAlive(m)
		b.StartTimer()
	}
}

// BenchmarkRedisMemory reports Redis's used_memory for the store's keys, measured over 10,000
// sessions with Keycloak-sized tokens and given per 100,000.
func BenchmarkRedisMemory(b *testing.B) {
	const n = 10_000
	ctx := context.Background()
	at := time.Now()
	for b.Loop() {
		b.StopTimer()
		srv := redistest.Start(b)
		c := srv.Client()
		st, err := NewRedisStore(c, RedisOptions{Sealer: mustSealer(b, newKey(b))})
		if err != nil {
			b.Fatal(err)
		}
		before := redisUsedMemory(b, c)
		for i := range n {
			if err := st.Save(ctx, customerSession(i, NewID(), at)); err != nil {
				b.Fatal(err)
			}
		}
		after := redisUsedMemory(b, c)
		b.ReportMetric(float64(after-before)*100_000/n/1e6, "MB/100k-sessions")
		srv.Kill()
		b.StartTimer()
	}
}

func redisUsedMemory(b *testing.B, c interface {
	Info(context.Context, ...string) *redis.StringCmd
}) int64 {
	info, err := c.Info(context.Background(), "memory").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\r\n") {
		if v, ok := strings.CutPrefix(line, "used_memory:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
	b.Fatal("no used_memory in INFO memory")
	return 0
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
