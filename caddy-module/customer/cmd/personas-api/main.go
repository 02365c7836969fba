// Command personas-api serves the persona files as the platform's customer APIs, for the demo
// and for trying the gateway by hand: point the shell's customer API base URL at
// http://ADDR/rest/open_api/v2 and log in as a persona's demo user.
package main

import (
	"flag"
	"log"
	"net/http"
	"sort"
	"time"

	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9091", "address to listen on")
	dir := flag.String("dir", "testdata/personas", "folder of persona folders")
	flag.Parse()
	h, err := customertest.NewHandler(*dir)
	if err != nil {
		log.Fatal(err)
	}
	var names []string
	for name, p := range h.Personas() {
		names = append(names, name+" ("+p.CustomerNumber+")")
	}
	sort.Strings(names)
	log.Printf("serving %d personas at http://%s%s: %v", len(names), *addr, customertest.BasePath, names)
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
