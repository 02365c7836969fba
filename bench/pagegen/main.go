// Command pagegen writes the benchmark's content pages: realistic de-DE
// article pages of about 100 KB and 1 MB, byte-for-byte the same on every run
// so figures from different runs compare.
//
//	go run ./bench/pagegen -dir bench/results/pages
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// pages are the benchmark's pages by file name.
var pages = []struct {
	name string
	size int
}{
	{"article-100kb.html", 100 << 10},
	{"article-1mb.html", 1 << 20},
}

func main() {
	dir := flag.String("dir", "bench/results/pages", "directory to write the pages into")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "pagegen:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating the page directory %s (is its parent writable?): %w", dir, err)
	}
	for _, p := range pages {
		path := filepath.Join(dir, p.name)
		if err := os.WriteFile(path, []byte(article(p.size, uint64(p.size))), 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	return nil
}
