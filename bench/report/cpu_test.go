package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseCPU(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     cpuRun
		wantErr  string
	}{
		{"as bench/run writes it", "hz 100\nproxy 250\norigin 50\nwrk 1.25\nswitches 3100\n",
			cpuRun{Proxy: 2500 * time.Millisecond, Origin: 500 * time.Millisecond, Wrk: 1250 * time.Millisecond, Switches: 3100}, ""},
		{"from before switches were counted", "hz 100\nproxy 250\norigin 50\nwrk 1.25\n",
			cpuRun{Proxy: 2500 * time.Millisecond, Origin: 500 * time.Millisecond, Wrk: 1250 * time.Millisecond, Switches: -1}, ""},
		{"wrk's time missing", "hz 100\nproxy 250\norigin 50\n", cpuRun{}, `lacks "wrk"`},
		{"no clock rate", "hz 0\nproxy 250\norigin 50\nwrk 1\n", cpuRun{}, "hz is 0"},
		{"not a number", "hz 100\nproxy many\norigin 50\nwrk 1\n", cpuRun{}, `proxy "many"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseCPU(strings.NewReader(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("parseCPU = %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// The CPU table divides each round's CPU by its requests: round 1 of the recorded 100 KB
// reports served 4220 (plain) and 1521 (shell) requests.
func TestCPUPerRequest(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"100kb__plain__1", "100kb__shell__1", "100kb__plain__2", "100kb__shell__2"} {
		b, err := os.ReadFile(filepath.Join("testdata", "wrk", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cpu := map[string]string{
		"100kb__plain__1": "hz 100\nproxy 422\norigin 211\nwrk 2.11\nswitches 6330\n", // 1000, 500, 500 us a request; 1.5 switches
		"100kb__shell__1": "hz 100\nproxy 304.2\norigin 76.05\nwrk 0.7605\n",          // 2000, 500, 500 us; switches not counted
	}
	for name, body := range cpu {
		if err := os.WriteFile(filepath.Join(dir, name+".cpu"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rs, err := loadProxies(dir)
	if err != nil {
		t.Fatal(err)
	}
	tab, ok := cpuTable(rs)
	if !ok || len(tab.Rows) != 2 {
		t.Fatalf("CPU table %+v, want a row for plain and one for the shell", tab)
	}
	want := [][]string{
		{"100 KB", proxyLabel[plainProxy], "1000.0 us", "500.0 us", "500.0 us", "2000.0 us", "1.000", "1.50"},
		{"100 KB", proxyLabel[shellOn], "2000.0 us", "500.0 us", "500.0 us", "3000.0 us", "1.500", "-"},
	}
	for i, row := range tab.Rows {
		if !slices.Equal(row, want[i]) {
			t.Errorf("row %d = %q, want %q", i, row, want[i])
		}
	}

	// A run without CPU files (as the recorded one) has no CPU table.
	plain, err := loadProxies(filepath.Join("testdata", "wrk"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cpuTable(plain); ok {
		t.Error("a CPU table for a run that wrote no CPU files")
	}

	// A broken CPU file fails the report, naming the file.
	if err := os.WriteFile(filepath.Join(dir, "100kb__plain__2.cpu"), []byte("hz 100\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadProxies(dir); err == nil || !strings.Contains(err.Error(), "100kb__plain__2") {
		t.Errorf("broken CPU file: %v", err)
	}
}
