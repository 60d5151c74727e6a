package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/chronicle-mtg/chronicle/replay"
)

type auditCmd struct {
	storeFlags
	Target string `arg:"" optional:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file (every match in it)."`
	All    bool   `name:"all" help:"Audit every stored match, with a progress bar on stderr and a summary."`
	JSON   bool   `name:"json" help:"Print a JSON array with one object per match: match, ok, inputs, rederived, findings[{seq, kind, rule, reason, changes[{path, before, after}]}]."`
	Jobs   int    `name:"jobs" short:"j" placeholder:"N" help:"With --all: matches audited at once (default: one per core). Reports come in match order whatever N is."`
}

// auditProgressEvery is how often audit --all reports progress when stderr
// is not a terminal.
var auditProgressEvery = 2 * time.Second

func (c *auditCmd) Run(e *env) error {
	switch {
	case c.All && c.Target != "":
		return fail(exitUsage, "give a match, a file or --all, not both")
	case !c.All && c.Target == "":
		return fail(exitUsage, "give a match, a file or --all")
	case e.nats != "" && !isFile(c.Target):
		return c.live(e)
	}
	var reps []replay.Report
	switch {
	case c.All:
		src, err := c.open()
		if err != nil {
			return err
		}
		defer src.Close()
		if c.Jobs < 0 {
			return fail(exitUsage, "--jobs %d: give 1 or more (0 or nothing: one per core)", c.Jobs)
		}
		if reps, err = auditAll(e, src, c.Jobs); err != nil {
			return fail(exitUsage, "%v", err)
		}
		whole, err := replay.AuditStore(src)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		if !whole.OK {
			reps = append(reps, whole) // holes in the input stream
		}
	case isFile(c.Target):
		var err error
		if reps, err = replay.AuditFile(c.Target); err != nil {
			return fail(exitUsage, "%v", err)
		}
	default:
		src, err := c.open()
		if err != nil {
			return err
		}
		defer src.Close()
		rep, err := replay.Audit(src, c.Target)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		reps = []replay.Report{rep}
	}
	return c.report(e, reps)
}

// report prints the reports, the summary of --all, and gives the exit
// status: 1 when something was found.
func (c *auditCmd) report(e *env, reps []replay.Report) error {
	if err := printAudit(e, reps, c.JSON); err != nil {
		return err
	}
	matches, findings, audited, whole := 0, 0, 0, 0
	for _, r := range reps {
		if r.Match == "" && r.File == "" {
			whole += len(r.Findings) // the store's own, not a match's
			findings += len(r.Findings)
			continue
		}
		audited++
		if !r.OK {
			matches++
			findings += len(r.Findings)
		}
	}
	if c.All {
		fmt.Fprintf(e.stderr, "replay: audited %s: %d clean, %s in %d\n",
			auditCount(audited, "match", "matches"), audited-matches, auditCount(findings-whole, "finding", "findings"), matches)
		if whole > 0 {
			fmt.Fprintf(e.stderr, "replay: and %s about the store as a whole (inputs lost from the stream)\n", auditCount(whole, "finding", "findings"))
		}
	}
	if findings > 0 {
		return &exitError{code: exitFailed}
	}
	return nil
}

// auditCount is "1 match", "3 matches".
func auditCount(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func printAudit(e *env, reps []replay.Report, asJSON bool) error {
	if asJSON {
		return printJSON(e, reps)
	}
	for _, r := range reps {
		if err := r.WriteText(e.stdout); err != nil {
			return err
		}
	}
	return nil
}

// auditAll audits every stored match, jobs at once, reporting progress on
// stderr: a bar on a terminal, a line every auditProgressEvery otherwise.
func auditAll(e *env, src *replay.Store, jobs int) ([]replay.Report, error) {
	all, err := src.Matches()
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		fmt.Fprintln(e.stderr, "replay: no matches stored in", src.Name())
	}
	prog := newAuditProgress(e.stderr, auditOnTerminal(e.stderr), len(all))
	defer prog.finish()
	ids := make([]string, len(all))
	for i, s := range all {
		ids[i] = s.Match
	}
	out := make([]replay.Report, 0, len(all))
	err = replay.AuditEach(src, ids, jobs, func(r replay.Report) error {
		out = append(out, r)
		prog.done(r)
		return nil
	})
	return out, err
}

// auditProgress shows how far audit --all is. It runs no goroutine: it
// reports as each match finishes.
type auditProgress struct {
	w        io.Writer
	total    int
	n        int
	findings int
	bar      *progressbar.ProgressBar
	last     time.Time
}

// newAuditProgress reports to w, with a bar when w is a terminal.
func newAuditProgress(w io.Writer, tty bool, total int) *auditProgress {
	p := &auditProgress{w: w, total: total, last: time.Now()}
	if tty && total > 0 {
		p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("auditing"), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	}
	return p
}

func (p *auditProgress) done(r replay.Report) {
	p.n++
	p.findings += len(r.Findings)
	if p.bar != nil {
		p.bar.Describe(fmt.Sprintf("auditing (%d findings)", p.findings))
		p.bar.Add(1)
		return
	}
	if time.Since(p.last) >= auditProgressEvery && p.n < p.total {
		p.last = time.Now()
		fmt.Fprintf(p.w, "replay: audited %d/%d matches, %d findings so far\n", p.n, p.total, p.findings)
	}
}

// auditOnTerminal reports whether w is a terminal.
func auditOnTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (p *auditProgress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
