package bus_test

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestSubjects guards the subject and message id layout, a public interface
// that clients and the recorder share.
func TestSubjects(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{bus.InSubject("m-1_x"), "chronicle.match.m-1_x.in"},
		{bus.OutSubject("m-1_x"), "chronicle.match.m-1_x.out"},
		{bus.StatusSubject("m-1_x"), "chronicle.match.m-1_x.status"},
		{bus.MsgID("m1", 0), "m1:0"},
		{bus.MsgID("m1", 7), "m1:7"},
		{bus.MsgID("m1", 1234567890), "m1:1234567890"},
		{bus.MsgID("m1", ^uint64(0)), "m1:18446744073709551615"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestMatchOfSubject guards reading the match back from a subject: the
// third token of a four-token chronicle.match subject, "" for anything else.
func TestMatchOfSubject(t *testing.T) {
	for subject, want := range map[string]string{
		bus.InSubject("m1"):                "m1",
		bus.OutSubject("m-2"):              "m-2",
		bus.StatusSubject("a_b"):           "a_b",
		"":                                 "",
		"chronicle":                        "",
		"chronicle.match.m1":               "",
		"chronicle.match.m1.in.extra":      "",
		"chronicle.match..in":              "",
		"nats.match.m1.in":                 "",
		"chronicle.matches.m1.in":          "",
		"CHRONICLE.match.m1.in":            "",
		"chronicle.match.m1.in.":           "",
		"$JS.API.STREAM.INFO.CHRONICLE_IN": "",
	} {
		if got := bus.MatchOfSubject(subject); got != want {
			t.Errorf("MatchOfSubject(%q) = %q, want %q", subject, got, want)
		}
	}
}
