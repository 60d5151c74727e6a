package main

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/internal/natsauth"
	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/web"
)

// Live reads: with --nats, the read commands ask the recorders running on
// that NATS server or cluster (their read service, package query) instead
// of opening a store, so nobody stops recording to review. A .jsonl file
// given as a target is still read here. What the connection's NATS user may
// ask is what its permissions allow.

// live connects to e.nats and returns a client of the read service and a
// function that closes the connection.
func (e *env) live() (*query.Client, func(), error) {
	if err := natsauth.CheckURL(e.nats); err != nil {
		return nil, nil, fail(exitUsage, "--nats: %v", err)
	}
	opts, err := e.auth.Options()
	if err != nil {
		return nil, nil, fail(exitUsage, "%v", err)
	}
	opts = append(opts, nats.Name("chronicle-replay"), nats.Timeout(10*time.Second),
		nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})) // refusals are reported per request
	nc, err := nats.Connect(e.nats, opts...)
	if err != nil {
		return nil, nil, fail(exitUsage, "connect to NATS %s: %v", natsauth.Redact(e.nats), err)
	}
	return query.NewClient(nc), nc.Close, nil
}

func (c *listCmd) live(e *env, f replay.Filter) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	ms, err := cl.List(context.Background(), f)
	if err != nil {
		return queryError(err)
	}
	return c.print(e, ms)
}

func (c *verifyCmd) live(e *env) error {
	if c.Deep {
		return fail(exitUsage, "--deep reads a store whole, beside its commit record: run it with --data on a stopped recorder's store (or a copy)")
	}
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	ctx := context.Background()
	var results []replay.Result
	code := exitOK
	emit := func(r replay.Result) {
		results = append(results, r)
		if !c.JSON {
			fmt.Fprintln(e.stdout, r)
		}
	}
	targets := c.Targets
	if len(targets) == 0 {
		ms, err := cl.List(ctx, replay.Filter{})
		if err != nil {
			return queryError(err)
		}
		if len(ms) == 0 {
			fmt.Fprintln(e.stderr, "replay: no matches recorded on", natsauth.Redact(e.nats))
		}
		for _, m := range ms {
			targets = append(targets, m.Match)
		}
	}
	for _, t := range targets {
		if isFile(t) {
			rs, err := replay.VerifyFile(t)
			if err != nil {
				fmt.Fprintln(e.stderr, "replay:", err)
				code = exitUsage
				continue
			}
			for _, r := range rs {
				emit(r)
			}
			continue
		}
		r, err := cl.Verify(ctx, t)
		if err != nil {
			fmt.Fprintln(e.stderr, "replay:", err)
			code = exitUsage
			continue
		}
		emit(r)
	}
	return c.finish(e, results, code)
}

func (c *exportCmd) live(e *env, at uint64) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	ctx := context.Background()
	var out []byte
	if c.Format == web.FormatHTML {
		out, err = web.ExportHTML(ctx, cl, query.FramesRequest{Match: c.Target, As: c.As, To: at})
	} else {
		out, err = cl.Export(ctx, query.ExportRequest{Match: c.Target, Format: c.Format, At: at, As: c.As})
	}
	if err != nil {
		return queryError(err)
	}
	_, err = e.stdout.Write(out)
	return err
}

func (c *rejectionsCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	rs, err := cl.Rejections(context.Background(), c.Match)
	if err != nil {
		return queryError(err)
	}
	return printRejections(e, rs, c.JSON)
}

func (c *showCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	req := query.StateRequest{Match: c.Target, As: c.As, Turn: c.Turn, Game: c.Game}
	if c.At != nil {
		req.Seq = *c.At
	}
	v, err := cl.State(context.Background(), req)
	if err != nil {
		return queryError(err)
	}
	return printView(e, v, c.JSON)
}

func (c *logCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	ctx := context.Background()
	sum, err := cl.Match(ctx, c.Target)
	if err != nil {
		return queryError(err)
	}
	rep, err := cl.Log(ctx, query.ViewRequest{Match: c.Target, As: c.As})
	if err != nil {
		return queryError(err)
	}
	if c.JSON {
		err = printJSON(e, rep.Entries)
	} else {
		for _, en := range rep.Entries {
			if err = printEntry(e, sum.HeadSeq, en); err != nil {
				break
			}
		}
	}
	if err != nil {
		return err
	}
	if rep.Stopped != nil {
		return fail(exitFailed, "%s", rep.Stopped.Message)
	}
	return nil
}

func (c *auditCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	ctx := context.Background()
	ids := []string{c.Target}
	if c.All {
		ms, err := cl.List(ctx, replay.Filter{})
		if err != nil {
			return queryError(err)
		}
		ids = ids[:0]
		for _, m := range ms {
			ids = append(ids, m.Match)
		}
		if len(ids) == 0 {
			fmt.Fprintln(e.stderr, "replay: no matches recorded on", natsauth.Redact(e.nats))
		}
	}
	prog := newAuditProgress(e.stderr, c.All && auditOnTerminal(e.stderr), len(ids))
	reps := make([]replay.Report, 0, len(ids))
	for _, id := range ids {
		rep, err := cl.Audit(ctx, query.ViewRequest{Match: id})
		if err != nil {
			prog.finish()
			return queryError(err)
		}
		reps = append(reps, *rep)
		prog.done(*rep)
	}
	prog.finish()
	return c.report(e, reps)
}

func (c *stepCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	return c.step(e, cl, c.Target, c.As)
}

func (c *diffCmd) live(e *env, at uint64) error {
	if isFile(c.A) || isFile(c.B) {
		return fail(exitUsage, "with --nats, diff compares two recorded matches of one recorder; compare a file with --data on a store")
	}
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	res, err := cl.Diff(context.Background(), query.DiffRequest{A: c.A, B: c.B, At: at})
	if err != nil {
		if query.CodeOf(err) == query.CodeNotReached && at > 0 {
			return fail(exitUsage, "--at: %v", err)
		}
		return queryError(err)
	}
	return c.print(e, res)
}

func (c *branchCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	sum, err := cl.Branch(context.Background(), query.BranchRequest{Parent: c.Match, At: c.At, Name: c.Name, Label: c.Label})
	if err != nil {
		return queryError(err)
	}
	return printBranched(e, sum)
}

func (c *appendCmd) live(e *env, inputs []byte, name string) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	rep, err := cl.Append(context.Background(), query.AppendRequest{Match: c.Match, Name: name, Inputs: string(inputs)})
	if err != nil {
		if query.CodeOf(err) == query.CodeConflict {
			return fail(exitUsage, "%v: `replay branch %s --at SEQ --name NAME`", err, c.Match)
		}
		return queryError(err)
	}
	head, _ := events.ParseHash(rep.Head)
	return printAppended(e, replay.Appended{Match: rep.Match, From: rep.From, To: rep.To, Head: head, Status: rep.Status})
}

func (c *serveCmd) live(e *env) error {
	cl, done, err := e.live()
	if err != nil {
		return err
	}
	defer done()
	ctx, stop := e.context()
	defer stop()
	opt := web.Options{Reader: cl, Watcher: cl, Player: c.Player, Matches: c.Match, Source: "recorders on NATS " + natsauth.Redact(e.nats)}
	if c.AllowWrite {
		opt.Writer = cl
	}
	return serveHTTP(ctx, e, c.Listen, opt)
}
