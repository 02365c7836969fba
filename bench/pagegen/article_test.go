package main

import (
	"strings"
	"testing"
)

func TestArticle(t *testing.T) {
	for _, tc := range []struct {
		name string
		size int
	}{
		{"100KB", 100 << 10},
		{"1MB", 1 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := article(tc.size, uint64(tc.size))
			// The benchmark reports figures "on a 100 KB page": stay within 5 %.
			if d := len(page) - tc.size; d < 0 || d > tc.size/20 {
				t.Errorf("page is %d bytes, want %d to %d", len(page), tc.size, tc.size+tc.size/20)
			}
			// nginx's sub_filter and the splicer must find the same single places.
			for _, anchor := range []string{headClose, bodyOpen, bodyClose} {
				if n := strings.Count(page, anchor); n != 1 {
					t.Errorf("%q occurs %d times, want once", anchor, n)
				}
			}
			if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") {
				t.Errorf("page is not a whole document: starts %q, ends %q", page[:20], page[len(page)-20:])
			}
			if i, j, k := strings.Index(page, headClose), strings.Index(page, bodyOpen), strings.Index(page, bodyClose); !(i < j && j < k) {
				t.Errorf("anchors out of order: </head> at %d, <body> at %d, </body> at %d", i, j, k)
			}
			if again := article(tc.size, uint64(tc.size)); again != page {
				t.Error("two pages from the same seed differ; runs would not compare")
			}
		})
	}
}
