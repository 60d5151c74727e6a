package events_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// TestReadJSONLContinue guards continuation files, as `replay append` reads
// them: a match named in Continue takes its seqs after the given end and its
// first prev must name the end's hash; other matches read as before.
func TestReadJSONLContinue(t *testing.T) {
	var head events.Hash
	head[0] = 7
	opt := events.ReadOptions{Fragment: true, Continue: map[string]events.Link{"m1": {Seq: 9, Hash: head}}}
	lines, err := readString(passM1+"\n"+passM1+"\n"+startM2, opt)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%s:%d", l.Event.Match, l.Event.Seq))
	}
	if want := "m1:10 m1:11 m2:1"; strings.Join(got, " ") != want {
		t.Errorf("seqs %s, want %s", strings.Join(got, " "), want)
	}

	for _, c := range []struct {
		in, rule, reason string
	}{
		{`{"match":"m1","seq":12,"kind":"pass","actor":"p1","body":{"player":"p1"}}`, events.RuleSeq, "gap: expected seq 10, got 12"},
		{`{"match":"m1","seq":9,"kind":"pass","actor":"p1","body":{"player":"p1"}}`, events.RuleSeq, "out of order: expected seq 10, got 9"},
		{`{"match":"m1","prev":"` + strings.Repeat("ab", 32) + `","kind":"pass","actor":"p1","body":{"player":"p1"}}`, events.RuleChain, "does not match the hash of seq 9"},
	} {
		_, err := readString(c.in, opt)
		var ee *events.Error
		if !errors.As(err, &ee) || ee.Rule != c.rule || !strings.Contains(ee.Reason, c.reason) || ee.Line != 1 {
			t.Errorf("%s: %v, want %s %q at line 1", c.in, err, c.rule, c.reason)
		}
	}
}
