package events_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// TestInvalidInputs guards the rejection contract: every refused input gives
// an *events.Error naming the field, the rule and a reason a person can act
// on, and no event.
func TestInvalidInputs(t *testing.T) {
	for _, c := range invalidInputs(t) {
		t.Run(c.name, func(t *testing.T) {
			ev, err := c.decode()
			if err == nil {
				line, _ := ev.MarshalJSONLine()
				t.Fatalf("accepted: %s", line)
			}
			if ev != nil {
				t.Errorf("returned an event with the error %v", err)
			}
			ee := asError(t, err)
			if ee.Field != c.field {
				t.Errorf("Field = %q, want %q (%v)", ee.Field, c.field, err)
			}
			if ee.Rule != c.rule {
				t.Errorf("Rule = %q, want %q (%v)", ee.Rule, c.rule, err)
			}
			if !strings.Contains(ee.Reason, c.reason) {
				t.Errorf("Reason = %q, want it to contain %q", ee.Reason, c.reason)
			}
			if !strings.HasPrefix(err.Error(), "events: ") || !strings.HasSuffix(err.Error(), "("+c.rule+")") {
				t.Errorf("message %q lacks the package prefix or the rule", err)
			}
		})
	}
}

// TestErrorNamesMatchAndSeq guards the place in a rejection: the match and
// seq, when known, lead the message.
func TestErrorNamesMatchAndSeq(t *testing.T) {
	_, err := events.ParseJSON([]byte(`{"match":"m7","seq":12,"kind":"cast","actor":"p1","body":{"player":"p1"}}`))
	const want = "events: m7 seq 12: body.card: missing (LOG-BODY)"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestMaxInputSizeBoundary guards the size limit's edge: an input of exactly
// MaxInputSize bytes is judged on its content, one byte more is LOG-SIZE.
func TestMaxInputSizeBoundary(t *testing.T) {
	head := `{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"`
	tail := `"}}`
	exact := head + strings.Repeat("x", events.MaxInputSize-len(head)-len(tail)) + tail
	if _, err := events.ParseJSON([]byte(exact)); err != nil {
		t.Errorf("input of exactly MaxInputSize refused: %v", err)
	}
	_, err := events.ParseJSON([]byte(exact + " "))
	if err == nil || asError(t, err).Rule != events.RuleSize {
		t.Errorf("input of MaxInputSize+1: err = %v, want %s", err, events.RuleSize)
	}
}

// TestDecodeMsgpackBoundedAllocation guards against inputs that claim a huge
// length: decoding a few bytes must not allocate what they claim. Before the
// fix, an 11-byte prev of bin32 length 2^32-1 allocated 4 GiB.
func TestDecodeMsgpackBoundedAllocation(t *testing.T) {
	const limit = 64 << 20
	for _, c := range invalidInputs(t) {
		if !strings.HasPrefix(c.name, "msgpack_huge_") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := events.DecodeMsgpack(c.in)
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatal("accepted")
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > limit {
				t.Errorf("allocated %d MiB for a %d-byte input", n>>20, len(c.in))
			}
		})
	}
}
