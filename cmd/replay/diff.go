package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
)

// diffCmd compares two matches: where their inputs part, and the state
// difference there. The matches are stored ones (branches included) or
// .jsonl files of one match each, in any mix. Exit 0 when they have the same
// inputs (and, with --at, the same state there), 1 when they differ, 2 on
// errors.
type diffCmd struct {
	storeFlags
	A    string  `arg:"" name:"A" help:"A stored match, or a .jsonl file holding one match."`
	B    string  `arg:"" name:"B" help:"Another, compared with A."`
	At   *uint64 `name:"at" placeholder:"SEQ" help:"Compare the states after input SEQ instead of where the matches part."`
	JSON bool    `name:"json" help:"Print a JSON object: a, b, identical, parted_at, input_a, input_b, at, seq_a, seq_b, changes[{path, before, after}]."`
}

// diffInput is an input as diff prints it in JSON.
type diffInput struct {
	Seq   uint64          `json:"seq"`
	Kind  string          `json:"kind"`
	Actor string          `json:"actor"`
	Body  json.RawMessage `json:"body"`
}

// diffResult is diff's JSON output. Before is A's value, After is B's.
type diffResult struct {
	A         string          `json:"a"`
	B         string          `json:"b"`
	Identical bool            `json:"identical"`
	PartedAt  uint64          `json:"parted_at,omitempty"`
	InputA    *diffInput      `json:"input_a"`
	InputB    *diffInput      `json:"input_b"`
	At        uint64          `json:"at,omitempty"`
	SeqA      uint64          `json:"seq_a,omitempty"`
	SeqB      uint64          `json:"seq_b,omitempty"`
	Changes   []replay.Change `json:"changes"`
}

func (c *diffCmd) Run(e *env) error {
	if c.At != nil && *c.At == 0 {
		return fail(exitUsage, "--at: seqs count from 1")
	}
	var st *replay.Store
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	open := func(arg string) (replay.Source, string, error) {
		if isFile(arg) {
			return openOneMatchFile(arg)
		}
		if st == nil {
			s, err := c.open()
			if err != nil {
				return nil, "", err
			}
			st = s
		}
		if _, err := st.Match(arg); err != nil {
			return nil, "", fail(exitUsage, "%v", err)
		}
		return st, arg, nil
	}
	srcA, a, err := open(c.A)
	if err != nil {
		return err
	}
	srcB, b, err := open(c.B)
	if err != nil {
		return err
	}
	p, err := replay.Part(srcA, a, srcB, b)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	res := diffResult{A: a, B: b, Identical: p.Identical(), PartedAt: p.Seq,
		InputA: inputJSON(p.InputA), InputB: inputJSON(p.InputB), Changes: []replay.Change{}}
	switch {
	case c.At != nil:
		res.At = *c.At
		for _, s := range []replay.Summary{p.A, p.B} {
			if *c.At > s.HeadSeq {
				return fail(exitUsage, "--at: seq %d is past the end of match %s: its last input is seq %d", *c.At, s.Match, s.HeadSeq)
			}
		}
	case !p.Identical():
		res.At = p.Seq
	}
	if !c.JSON {
		if err := writeParting(e.stdout, p); err != nil {
			return err
		}
	}
	if res.At > 0 {
		res.Changes, res.SeqA, res.SeqB, err = replay.StateDiff(srcA, a, srcB, b, res.At, "")
		if err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		if res.Changes == nil {
			res.Changes = []replay.Change{}
		}
	}
	if c.JSON {
		out, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(e.stdout, "%s\n", out); err != nil {
			return err
		}
	} else if res.At > 0 {
		if err := writeChanges(e.stdout, &res); err != nil {
			return err
		}
	}
	if res.Identical && len(res.Changes) == 0 {
		return nil
	}
	return &exitError{code: exitFailed}
}

// openOneMatchFile opens a .jsonl file, which must hold one match.
func openOneMatchFile(path string) (replay.Source, string, error) {
	f, err := replay.OpenFile(path)
	if err != nil {
		return nil, "", fail(exitUsage, "%v", err)
	}
	all, err := f.Matches()
	if err != nil {
		return nil, "", fail(exitUsage, "%v", err)
	}
	if len(all) != 1 {
		return nil, "", fail(exitUsage, "%s holds %d matches: diff compares files of one match", path, len(all))
	}
	return f, all[0].Match, nil
}

func inputJSON(ev *events.Event) *diffInput {
	if ev == nil {
		return nil
	}
	body, err := json.Marshal(ev.Body)
	if err != nil {
		body = []byte("null")
	}
	return &diffInput{Seq: ev.Seq, Kind: string(ev.Kind), Actor: ev.Actor, Body: body}
}

// writeParting says where the matches part and what each did there:
//
//	bolt-race and alt part at seq 5:
//	  A bolt-race  seq 5: pass by p2 {"player":"p2"}
//	  B alt        seq 5: concede by p1 {"player":"p1"}
func writeParting(w io.Writer, p *replay.Parting) error {
	a, b := p.A.Match, p.B.Match
	if p.Identical() {
		_, err := fmt.Fprintf(w, "%s and %s have the same %d inputs\n", a, b, p.A.HeadSeq)
		return err
	}
	width := max(len(a), len(b))
	line := func(tag, match string, ev *events.Event, head uint64) string {
		if ev == nil {
			return fmt.Sprintf("  %s %-*s  seq %d: none, its last input is seq %d\n", tag, width, match, p.Seq, head)
		}
		in := inputJSON(ev)
		return fmt.Sprintf("  %s %-*s  seq %d: %s by %s %s\n", tag, width, match, ev.Seq, ev.Kind, ev.Actor, in.Body)
	}
	_, err := fmt.Fprintf(w, "%s and %s part at seq %d:\n%s%s", a, b, p.Seq,
		line("A", a, p.InputA, p.A.HeadSeq), line("B", b, p.InputB, p.B.HeadSeq))
	return err
}

// writeChanges lists the state differences, A's value before B's.
func writeChanges(w io.Writer, r *diffResult) error {
	where := fmt.Sprintf("after seq %d", r.SeqA)
	if r.SeqA != r.SeqB {
		where = fmt.Sprintf("A after seq %d, B after seq %d", r.SeqA, r.SeqB)
	}
	if len(r.Changes) == 0 {
		_, err := fmt.Fprintf(w, "state %s: no difference\n", where)
		return err
	}
	if _, err := fmt.Fprintf(w, "state %s (A -> B), %d differences:\n", where, len(r.Changes)); err != nil {
		return err
	}
	for _, ch := range r.Changes {
		if _, err := fmt.Fprintf(w, "  %s\n", ch); err != nil {
			return err
		}
	}
	return nil
}
