package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/chronicle-mtg/chronicle/replay"
)

type verifyCmd struct {
	storeFlags
	JSON    bool     `name:"json" help:"Print a JSON array of results."`
	Deep    bool     `name:"deep" help:"Also check everything else the store holds against each other: checksums, effects, snapshots, digests, indexes, meta, the rejection log, and the commit head against its record beside the file."`
	Targets []string `arg:"" optional:"" name:"MATCH|FILE.jsonl" help:"Stored matches and .jsonl files to check; none checks every stored match."`
}

func (c *verifyCmd) Run(e *env) error {
	if e.nats != "" {
		return c.live(e)
	}
	var (
		results []replay.Result
		src     *replay.Store
		code    = exitOK
	)
	defer func() {
		if src != nil {
			src.Close()
		}
	}()
	emit := func(rs ...replay.Result) {
		for _, r := range rs {
			results = append(results, r)
			if !c.JSON {
				fmt.Fprintln(e.stdout, r)
			}
		}
	}
	openStore := func() error {
		if src != nil {
			return nil
		}
		var err error
		src, err = c.open()
		return err
	}
	if len(c.Targets) == 0 {
		if err := openStore(); err != nil {
			return err
		}
		var rs []replay.Result
		var err error
		if c.Deep {
			rs, err = replay.VerifyDeep(src)
		} else {
			rs, err = replay.VerifyAll(src)
		}
		emit(rs...)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		if len(rs) == 0 {
			fmt.Fprintln(e.stderr, "replay: no matches stored in", src.Name())
		}
	}
	var deep []string // stored matches to verify deeply, after the loop
	for _, t := range c.Targets {
		if isFile(t) {
			rs, err := replay.VerifyFile(t)
			if err != nil {
				fmt.Fprintln(e.stderr, "replay:", err)
				code = exitUsage
				continue
			}
			emit(rs...)
			continue
		}
		if err := openStore(); err != nil {
			return err
		}
		if c.Deep {
			if _, err := src.Match(t); err != nil {
				fmt.Fprintln(e.stderr, "replay:", err)
				code = exitUsage
				continue
			}
			deep = append(deep, t)
			continue
		}
		r, err := replay.Verify(src, t)
		if errors.Is(err, replay.ErrUnknownMatch) {
			fmt.Fprintln(e.stderr, "replay:", err)
			code = exitUsage
			continue
		}
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		emit(r)
	}
	if len(deep) > 0 {
		rs, err := replay.VerifyDeep(src, deep...)
		emit(rs...)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
	}
	return c.finish(e, results, code)
}

// finish prints the results as JSON when asked (they were printed as text
// as they came) and gives the exit status: code, or 1 when a result failed.
func (c *verifyCmd) finish(e *env, results []replay.Result, code int) error {
	if c.JSON {
		if err := printJSON(e, results); err != nil {
			return err
		}
	}
	failed := 0
	for _, r := range results {
		if !r.OK() {
			failed++
		}
	}
	if failed > 0 {
		what := "matches"
		if c.Deep {
			what = "results" // a match may have several, the store its own
		}
		fmt.Fprintf(e.stderr, "replay: %d of %d %s failed verification\n", failed, len(results), what)
		code = max(code, exitFailed)
	}
	if code != exitOK {
		return &exitError{code: code}
	}
	return nil
}

// isFile reports whether a verify argument names a file rather than a
// match: it ends in .jsonl or names an existing regular file.
func isFile(arg string) bool {
	if strings.HasSuffix(arg, ".jsonl") {
		return true
	}
	fi, err := os.Stat(arg)
	return err == nil && fi.Mode().IsRegular()
}
