package recorder

import (
	"os"
	"runtime/debug"
)

// GCPercent is the collector's target (GOGC) a recorder process runs with
// when the environment sets none. Admitting an input allocates little that
// lives (its effects and verdict are gone once committed), so collecting
// at 100% growth spent about a sixth of the ingest's CPU marking the same
// small live heap over and over; at 400 the heap may grow to five times
// what is live before a collection, a few tens of MB for a recorder.
const GCPercent = 400

// TuneGC sets the collector's target to GCPercent unless GOGC is set, and
// returns what puts the previous target back.
func TuneGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(GCPercent)
	return func() { debug.SetGCPercent(old) }
}
