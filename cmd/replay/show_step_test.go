package main

import (
	"strings"
	"testing"
)

// --turn N.STEP shows the first position of turn N in that step, from the
// store and from the file alike.
func TestShowTurnStep(t *testing.T) {
	data := recordedDir(t, "green-red.jsonl")
	for _, from := range [][]string{{fixture("green-red.jsonl")}, {"green-red", "--data", data}} {
		s, _ := showJSON(t, append(from, "--turn", "5.declare_blockers")...)
		if s.Turn != 5 || s.Step != "declare_blockers" || s.Seq != 108 {
			t.Errorf("%v --turn 5.declare_blockers: seq %d, turn %d %s; want seq 108", from, s.Seq, s.Turn, s.Step)
		}
		s, _ = showJSON(t, append(from, "--turn", "5")...)
		if s.Turn != 5 || s.Step != "upkeep" {
			t.Errorf("%v --turn 5: turn %d %s", from, s.Turn, s.Step)
		}
	}
	for _, c := range []struct{ turn, err string }{
		{"0", "--turn: turns count from 1"},
		{"five", `--turn: "five" is not a turn: want N or N.STEP`},
		{"5.lunch", `--turn: "lunch" is not a step; the steps: untap, upkeep, draw, main1,`},
		{"5.untap", "turn 5 of match green-red has no position at untap: its positions are at upkeep, draw, main1"},
		{"99.main1", "turn 99 never began in match green-red"},
	} {
		out, errOut, code := runCLI(t, "show", fixture("green-red.jsonl"), "--turn", c.turn)
		if code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("--turn %s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2 and %q", c.turn, code, out, errOut, c.err)
		}
	}
}
