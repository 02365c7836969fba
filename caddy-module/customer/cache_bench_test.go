package customer

import (
	"context"
	"strconv"
	"testing"
	"time"
)

// What the answer cache costs a page: hits on a warm cache, and stores past its bound, which
// drop the least recently used.
func BenchmarkAnswerCache(b *testing.B) {
	ctx := context.Background()
	keys := make([]string, 4096)
	for i := range keys {
		keys[i] = "DE" + strconv.Itoa(5000000+i) + "\x00customer\x00/customers/x?"
	}
	b.Run("hit", func(b *testing.B) {
		c := newAnswerCache(time.Minute, len(keys), time.Now)
		for _, k := range keys {
			c.store(k, k, nil)
		}
		i := 0
		for b.Loop() {
			if _, err := c.do(ctx, keys[i%len(keys)], nil); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("store-evict", func(b *testing.B) {
		c := newAnswerCache(time.Minute, len(keys)/4, time.Now)
		i := 0
		for b.Loop() {
			c.store(keys[i%len(keys)], i, nil)
			i++
		}
	})
	b.Run("forget-full", func(b *testing.B) {
		// A logout on a full cache: every key is looked at.
		c := newAnswerCache(time.Minute, len(keys), time.Now)
		for _, k := range keys {
			c.store(k, k, nil)
		}
		i := 0
		for b.Loop() {
			k := keys[i%len(keys)]
			c.forget(k[:9])
			c.store(k, i, nil)
			i++
		}
	})
}
