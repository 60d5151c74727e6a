package recorder

import (
	"runtime/debug"
	"testing"
)

// A recorder runs with GCPercent unless GOGC says otherwise, and TuneGC's
// restore puts the process's target back.
func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := TuneGC()
	if got := debug.SetGCPercent(GCPercent); got != GCPercent {
		t.Errorf("after TuneGC the target is %d, want %d", got, GCPercent)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after restore the target is %d, want 100", got)
	}
	t.Setenv("GOGC", "50")
	TuneGC()()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, TuneGC changed the target to %d", got)
	}
}
