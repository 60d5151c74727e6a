package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// inputFile is a .jsonl file read whole before anything from it is sent.
type inputFile struct {
	path    string
	err     error // malformed: nothing from the file is published
	matches []matchInputs
}

type matchInputs struct {
	match  string
	events []*events.Event
}

// checkFiles reports the first path that is not a readable file.
func checkFiles(paths []string) error {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		if st.IsDir() {
			return fail(exitUsage, "%s is a directory, not a .jsonl file", p)
		}
	}
	return nil
}

// readInputs reads every file; a malformed one is kept with its error.
func readInputs(paths []string) ([]*inputFile, int) {
	var files []*inputFile
	total := 0
	for _, p := range paths {
		f := &inputFile{path: p}
		files = append(files, f)
		lines, err := events.ReadJSONLFile(p, events.ReadOptions{Fragment: true})
		if err != nil {
			f.err = err
			continue
		}
		idx := map[string]int{}
		for _, l := range lines {
			i, ok := idx[l.Event.Match]
			if !ok {
				i = len(f.matches)
				idx[l.Event.Match] = i
				f.matches = append(f.matches, matchInputs{match: l.Event.Match})
			}
			f.matches[i].events = append(f.matches[i].events, l.Event)
			total++
		}
	}
	return files, total
}

// summary is the --json output of publish and record; its field names are a
// public interface.
type summary struct {
	Files       []fileSummary `json:"files"`
	Inputs      int           `json:"inputs"`
	Stored      int           `json:"stored"`  // including those stored before
	Already     int           `json:"already"` // stored before this run
	Rejected    int           `json:"rejected"`
	Unpublished int           `json:"unpublished"`
	Unconfirmed int           `json:"unconfirmed"` // sent, no verdict before giving up
	Untried     int           `json:"untried"`     // never sent: the publisher gave up first
	Malformed   int           `json:"malformed_files"`
	// Stored inputs the rules could not verify (see the verdict's
	// verification): the table's effects stood for unmodelled cards, or
	// the rules disagreed with them.
	Unverified int `json:"unverified"`
	Disputed   int `json:"disputed"`
}

type fileSummary struct {
	File    string         `json:"file"`
	Error   string         `json:"error,omitempty"` // malformed: nothing was published
	Matches []matchSummary `json:"matches,omitempty"`
}

type matchSummary struct {
	Match       string    `json:"match"`
	Inputs      int       `json:"inputs"`
	Stored      int       `json:"stored"`
	Already     int       `json:"already"`
	Rejected    int       `json:"rejected"`
	Unpublished int       `json:"unpublished"`
	Unconfirmed int       `json:"unconfirmed"`
	Untried     int       `json:"untried"`
	Problems    []problem `json:"problems,omitempty"`
	Unverified  int       `json:"unverified"`
	Disputed    int       `json:"disputed"`
	// Checks are the stored inputs the rules could not verify: status
	// unverified or disputed, the rule and the reason.
	Checks []problem `json:"checks,omitempty"`
}

type problem struct {
	Seq    uint64 `json:"seq"`
	Status string `json:"status"`
	Rule   string `json:"rule,omitempty"`
	Reason string `json:"reason"`
}

func (s *summary) code() int {
	if s.Rejected+s.Unpublished+s.Unconfirmed+s.Untried+s.Malformed > 0 {
		return exitRejected
	}
	return exitOK
}

// progress reports inputs as their verdicts arrive: a bar on a terminal,
// a line every few seconds otherwise, nothing when quiet.
type progress struct {
	done  atomic.Int64
	total int
	bar   *progressbar.ProgressBar
	stop  chan struct{}
	wg    sync.WaitGroup
}

func newProgress(e *env, total int, quiet bool) *progress {
	p := &progress{total: total, stop: make(chan struct{})}
	switch {
	case quiet || total == 0:
	case e.stderrTTY:
		p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription("inputs"), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	default:
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			t := time.NewTicker(2 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-p.stop:
					return
				case <-t.C:
					fmt.Fprintf(e.stderr, "recorder: %d/%d inputs have a verdict\n", p.done.Load(), p.total)
				}
			}
		}()
	}
	return p
}

func (p *progress) add() {
	p.done.Add(1)
	if p.bar != nil {
		p.bar.Add(1)
	}
}

func (p *progress) finish() {
	close(p.stop)
	p.wg.Wait()
	if p.bar != nil {
		p.bar.Finish()
	}
}

// parallelMatches bounds how many matches are published at once; inputs of
// one match are always sent in order.
const parallelMatches = 8

// publishAll publishes every well-formed file and gathers the outcomes. An
// error means NATS or the recorder could not be reached: the publisher gave
// up after riding out what it could, and the matches not yet begun are
// not tried (each of their inputs counted as such).
func publishAll(ctx context.Context, pub *bus.Publisher, files []*inputFile, prog *progress) (*summary, error) {
	pub.OnOutcome = func(bus.Outcome) { prog.add() }
	ctx, giveUp := context.WithCancel(ctx)
	defer giveUp()
	sum := &summary{}
	type job struct {
		file, match int
	}
	var jobs []job
	results := make([][]matchSummary, len(files))
	for fi, f := range files {
		results[fi] = make([]matchSummary, len(f.matches))
		for mi := range f.matches {
			jobs = append(jobs, job{fi, mi})
		}
	}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		sem      = make(chan struct{}, parallelMatches)
	)
	for _, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func(j job) {
			defer wg.Done()
			defer func() { <-sem }()
			mi := files[j.file].matches[j.match]
			outs, err := pub.PublishMatch(ctx, mi.match, mi.events)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil && !errors.Is(err, context.Canceled) {
				firstErr = err
				giveUp()
			}
			results[j.file][j.match] = summarize(mi.match, outs)
		}(j)
	}
	wg.Wait()
	for fi, f := range files {
		fs := fileSummary{File: f.path}
		if f.err != nil {
			fs.Error = f.err.Error()
			sum.Malformed++
		}
		fs.Matches = results[fi]
		for _, ms := range fs.Matches {
			sum.Inputs += ms.Inputs
			sum.Stored += ms.Stored
			sum.Already += ms.Already
			sum.Rejected += ms.Rejected
			sum.Unpublished += ms.Unpublished
			sum.Unconfirmed += ms.Unconfirmed
			sum.Untried += ms.Untried
			sum.Unverified += ms.Unverified
			sum.Disputed += ms.Disputed
		}
		sum.Files = append(sum.Files, fs)
	}
	return sum, firstErr
}

func summarize(match string, outs []bus.Outcome) matchSummary {
	ms := matchSummary{Match: match, Inputs: len(outs)}
	for _, o := range outs {
		switch o.Status {
		case bus.StatusStored:
			ms.Stored++
			if o.Already {
				ms.Already++
			}
			switch v := o.Verdict; v.Verification {
			case bus.Unverified, bus.Disputed:
				if v.Verification == bus.Unverified {
					ms.Unverified++
				} else {
					ms.Disputed++
				}
				ms.Checks = append(ms.Checks, problem{Seq: o.Seq, Status: v.Verification, Rule: v.VerificationRule, Reason: v.VerificationReason})
			}
			continue
		case bus.StatusRejected:
			ms.Rejected++
		case bus.StatusUnconfirmed:
			ms.Unconfirmed++
		case bus.StatusUntried:
			ms.Untried++
			continue // the count says it; one reason per input adds nothing
		default:
			ms.Unpublished++
		}
		ms.Problems = append(ms.Problems, problem{Seq: o.Seq, Status: o.Status, Rule: o.Rule, Reason: o.Reason})
	}
	return ms
}

// print writes the summary: JSON, or lines for people.
func (s *summary) print(w io.Writer, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	for _, f := range s.Files {
		if f.Error != "" {
			fmt.Fprintf(w, "%s: not published: %s\n", f.File, f.Error)
			continue
		}
		for _, m := range f.Matches {
			fmt.Fprintf(w, "%s: %s: %d stored", f.File, m.Match, m.Stored)
			if m.Already > 0 {
				fmt.Fprintf(w, " (%d already)", m.Already)
			}
			if m.Rejected > 0 {
				fmt.Fprintf(w, ", %d rejected", m.Rejected)
			}
			if m.Unpublished > 0 {
				fmt.Fprintf(w, ", %d not published", m.Unpublished)
			}
			if m.Unconfirmed > 0 {
				fmt.Fprintf(w, ", %d unconfirmed", m.Unconfirmed)
			}
			if m.Untried > 0 {
				fmt.Fprintf(w, ", %d not tried", m.Untried)
			}
			if m.Unverified+m.Disputed > 0 {
				fmt.Fprintf(w, "; %d unverified, %d disputed", m.Unverified, m.Disputed)
			}
			fmt.Fprintln(w)
			for _, p := range m.Problems {
				fmt.Fprintf(w, "  %s seq %d: %s: %s\n", m.Match, p.Seq, p.Status, p.Reason)
			}
			for _, p := range m.Checks {
				if p.Status == bus.Disputed {
					fmt.Fprintf(w, "  %s seq %d: disputed: %s (%s)\n", m.Match, p.Seq, p.Reason, p.Rule)
				}
			}
		}
	}
	extra := ""
	if s.Unconfirmed+s.Untried > 0 {
		extra = fmt.Sprintf(", %d unconfirmed, %d not tried", s.Unconfirmed, s.Untried)
	}
	checks := ""
	if s.Unverified+s.Disputed > 0 {
		checks = fmt.Sprintf("; stored: %d unverified, %d disputed", s.Unverified, s.Disputed)
	}
	_, err := fmt.Fprintf(w, "total: %d files, %d inputs: %d stored (%d already), %d rejected, %d not published%s, %d malformed files%s\n",
		len(s.Files), s.Inputs, s.Stored, s.Already, s.Rejected, s.Unpublished, extra, s.Malformed, checks)
	return err
}
