// Command subfilter writes the nginx sub_filter rules that make nginx insert
// into a page exactly what the gateway inserted into it, taken from a real
// spliced response, so the nginx baseline does the same work:
//
//	go run ./bench/subfilter -origin page.html -spliced spliced.html -o subfilter.conf
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

func main() {
	originPath := flag.String("origin", "", "the page as the origin serves it")
	splicedPath := flag.String("spliced", "", "the same page as the gateway serves it with the shell on")
	outPath := flag.String("o", "", "nginx include file to write")
	requestPath := flag.String("path", "", "the spliced response's request path; nginx writes its own $uri where the gateway wrote it")
	flag.Parse()
	if err := run(*originPath, *splicedPath, *outPath, *requestPath); err != nil {
		fmt.Fprintln(os.Stderr, "subfilter:", err)
		os.Exit(1)
	}
}

func run(originPath, splicedPath, outPath, requestPath string) error {
	if originPath == "" || splicedPath == "" || outPath == "" {
		return fmt.Errorf("need -origin, -spliced and -o")
	}
	origin, err := os.ReadFile(originPath)
	if err != nil {
		return fmt.Errorf("reading the origin page: %w", err)
	}
	spliced, err := os.ReadFile(splicedPath)
	if err != nil {
		return fmt.Errorf("reading the spliced page: %w", err)
	}
	if bytes.Equal(origin, spliced) {
		return fmt.Errorf("the gateway did not change the page; is the shell directive on and the page served as text/html?")
	}
	ins, err := insertions(origin, spliced)
	if err != nil {
		return err
	}
	rs, err := rules(origin, ins)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := writeNginx(&buf, rs, requestPath); err != nil {
		return err
	}
	for _, r := range rs {
		fmt.Fprintf(os.Stderr, "subfilter: %q gets %d bytes\n", r.Match, len(r.Replace())-len(r.Match))
	}
	return os.WriteFile(outPath, buf.Bytes(), 0o644)
}
