package events_test

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// Two hashes that differ are shown long enough to read differently, however
// far their hex forms agree.
func TestShortPairDiffers(t *testing.T) {
	var a, b events.Hash
	a[31], b[31] = 1, 2 // the same but for the last byte
	sa, sb := events.ShortPair(a, b)
	if sa == sb || len(sa) != 64 {
		t.Errorf("ShortPair = %q, %q; want the whole hashes, differing", sa, sb)
	}
	a[0], b[0] = 0xab, 0xcd
	if sa, sb := events.ShortPair(a, b); sa != a.Short() || sb != b.Short() {
		t.Errorf("ShortPair = %q, %q; want the short forms %q, %q", sa, sb, a.Short(), b.Short())
	}
	if sa, sb := events.ShortPair(a, a); sa != sb || len(sa) != 64 {
		t.Errorf("ShortPair of one hash = %q, %q", sa, sb)
	}
}
