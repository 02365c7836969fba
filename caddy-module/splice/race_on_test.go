//go:build race

package splice

// raceEnabled: the race detector makes sync.Pool drop a random share of what is put back, so
// allocation counts are only meaningful without it (make test-go runs those tests both ways).
const raceEnabled = true
