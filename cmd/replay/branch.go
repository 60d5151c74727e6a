package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
)

// branch and append are the commands that write: they open the store for
// writing, which bbolt allows one process at a time, and commit in one
// transaction or not at all.

type branchCmd struct {
	storeFlags
	Match string `arg:"" help:"The stored match (or branch) to branch."`
	At    uint64 `name:"at" required:"" placeholder:"SEQ" help:"The branch point: the last input the branch shares with the match."`
	Name  string `name:"name" required:"" placeholder:"NAME" help:"The branch's match id: letters, digits, '-' and '_'."`
	Label string `name:"label" placeholder:"TEXT" help:"What the branch explores, shown by list --tree."`
}

func (c *branchCmd) Run(e *env) error {
	if c.At == 0 {
		return fail(exitUsage, "--at: seqs count from 1")
	}
	if e.nats != "" {
		return c.live(e)
	}
	s, err := c.openForWriting()
	if err != nil {
		return err
	}
	defer s.Close()
	sum, err := replay.Branch(s, c.Match, c.At, c.Name, c.Label)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	return printBranched(e, sum)
}

func printBranched(e *env, sum replay.Summary) error {
	_, err := fmt.Fprintf(e.stdout, "%s: a branch of %s after seq %d; add inputs with `replay append %s FILE.jsonl`\n",
		sum.Match, sum.Parent, sum.BranchPoint, sum.Match)
	return err
}

type appendCmd struct {
	storeFlags
	Match string `arg:"" help:"The branch to add inputs to."`
	File  string `arg:"" name:"FILE.jsonl|-" help:"The inputs, as JSON Lines; - reads stdin. seq, recorded, prev and hash may be left out."`
}

// stdin is what append reads for "-"; tests replace it.
var stdin io.Reader = os.Stdin

func (c *appendCmd) Run(e *env) error {
	var in io.Reader
	name := c.File
	if c.File == "-" {
		in, name = stdin, "stdin"
	} else {
		f, err := os.Open(c.File)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		defer f.Close()
		in = f
	}
	if e.nats != "" {
		inputs, err := io.ReadAll(in)
		if err != nil {
			return fail(exitUsage, "%s: %v", name, err)
		}
		return c.live(e, inputs, name)
	}
	s, err := c.openForWriting()
	if err != nil {
		return err
	}
	defer s.Close()
	res, err := replay.Append(s, c.Match, in, name, replay.AppendOptions{})
	var re *replay.RefusedError
	switch {
	case errors.As(err, &re):
		return &exitError{code: exitFailed, err: err}
	case errors.Is(err, store.ErrMainLine):
		return fail(exitUsage, "%v: `replay branch %s --at SEQ --name NAME`", err, c.Match)
	case err != nil:
		return fail(exitUsage, "%v", err)
	}
	return printAppended(e, res)
}

func printAppended(e *env, res replay.Appended) error {
	n := res.To - res.From + 1
	_, err := fmt.Fprintf(e.stdout, "%s: appended %d input%s, seq %d to %d; head %s; %s\n",
		res.Match, n, map[bool]string{true: "", false: "s"}[n == 1], res.From, res.To, res.Head.Short(), res.Status)
	return err
}

// openForWriting opens the store for writing; every failure is a
// usage-class error.
func (f storeFlags) openForWriting() (*replay.Store, error) {
	dir := f.Data
	if dir == "" {
		dir = "./chronicle-data"
	}
	s, err := replay.OpenStoreForWriting(dir, replay.StoreOptions{Wait: f.Wait})
	switch {
	case errors.Is(err, store.ErrLocked):
		return nil, fail(exitUsage, "%v; waited %v: stop the recorder (or the other replay), or retry with a longer --wait", err, f.Wait)
	case err != nil:
		return nil, fail(exitUsage, "%v", err)
	}
	return s, nil
}
