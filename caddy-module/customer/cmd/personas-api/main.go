// Command personas-api serves the persona files as the platform's customer APIs, for the demo
// and for trying the gateway by hand: point the shell's customer API base URL at
// http://ADDR/rest/open_api/v2 and log in as a persona's demo user. With -flags it also stands
// in for the flag service (OFREP bulk evaluation): point the shell's flag_service at http://ADDR.
package main

import (
	"flag"
	"log"
	"net/http"
	"sort"
	"time"

	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
	"github.com/shellgate/shellgate/caddy-module/flags/ofreptest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9091", "address to listen on")
	dir := flag.String("dir", "testdata/personas", "folder of persona folders")
	flagFile := flag.String("flags", "", "a JSON file of flags to serve over OFREP (e.g. testdata/flag-service.json); none: no flag service")
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
	mux := http.NewServeMux()
	mux.Handle("/", h)
	if *flagFile != "" {
		values, err := ofreptest.Load(*flagFile)
		if err != nil {
			log.Fatal(err)
		}
		mux.Handle(ofreptest.Path, ofreptest.Handler(values))
		log.Printf("serving %d flags over OFREP at http://%s%s", len(values), *addr, ofreptest.Path)
	}
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
