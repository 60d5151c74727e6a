package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/chronicle-mtg/chronicle/query"
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
	JSON bool    `name:"json" help:"Print a JSON object: a, b, identical, parted_at, input_a, input_b, at, seq_a, seq_b, changes[{path, before, after}], head_a, head_b."`
}

func (c *diffCmd) Run(e *env) error {
	if c.At != nil && *c.At == 0 {
		return fail(exitUsage, "--at: seqs count from 1")
	}
	var at uint64
	if c.At != nil {
		at = *c.At
	}
	if e.nats != "" {
		return c.live(e, at)
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
	res, err := query.Compare(srcA, a, srcB, b, at, "")
	switch {
	case err != nil && c.At != nil && query.CodeOf(err) == query.CodeNotReached:
		return fail(exitUsage, "--at: %v", err)
	case err != nil:
		return fail(exitUsage, "%v", err)
	}
	return c.print(e, res)
}

// print writes the comparison and gives the exit status: 0 when the
// matches are the same, 1 when they differ.
func (c *diffCmd) print(e *env, res *query.DiffReply) error {
	if c.JSON {
		out, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(e.stdout, "%s\n", out); err != nil {
			return err
		}
	} else {
		if err := writeParting(e.stdout, res); err != nil {
			return err
		}
		if res.At > 0 {
			if err := writeChanges(e.stdout, res); err != nil {
				return err
			}
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

// writeParting says where the matches part and what each did there:
//
//	bolt-race and alt part at seq 5:
//	  A bolt-race  seq 5: pass by p2 {"player":"p2"}
//	  B alt        seq 5: concede by p1 {"player":"p1"}
func writeParting(w io.Writer, d *query.DiffReply) error {
	a, b := d.A, d.B
	if d.Identical {
		_, err := fmt.Fprintf(w, "%s and %s have the same %d inputs\n", a, b, d.HeadA)
		return err
	}
	width := max(len(a), len(b))
	line := func(tag, match string, in *query.DiffInput, head uint64) string {
		if in == nil {
			return fmt.Sprintf("  %s %-*s  seq %d: none, its last input is seq %d\n", tag, width, match, d.PartedAt, head)
		}
		return fmt.Sprintf("  %s %-*s  seq %d: %s by %s %s\n", tag, width, match, in.Seq, in.Kind, in.Actor, in.Body)
	}
	_, err := fmt.Fprintf(w, "%s and %s part at seq %d:\n%s%s", a, b, d.PartedAt,
		line("A", a, d.InputA, d.HeadA), line("B", b, d.InputB, d.HeadB))
	return err
}

// writeChanges lists the state differences, A's value before B's.
func writeChanges(w io.Writer, r *query.DiffReply) error {
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
