package main

import (
	"errors"
	"strings"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
)

// target is what show and log read: a stored match, or a match of a .jsonl
// file.
type target struct {
	src   replay.Source
	match string
}

// openTarget opens arg: a .jsonl file (or any existing regular file, as
// verify decides), or else a match of the store. A file holding several
// matches needs match to pick one; with a store, match must be empty or arg
// itself. Every failure is a usage-class error.
func openTarget(f storeFlags, arg, match string) (*target, error) {
	if !isFile(arg) {
		if match != "" && match != arg {
			return nil, fail(exitUsage, "--match is for .jsonl files; %s is a stored match", arg)
		}
		src, err := f.open()
		if err != nil {
			return nil, err
		}
		if _, err := src.Match(arg); err != nil {
			src.Close()
			return nil, fail(exitUsage, "%v", err)
		}
		return &target{src: src, match: arg}, nil
	}
	file, err := replay.OpenFile(arg)
	if err != nil {
		return nil, fail(exitUsage, "%v", err)
	}
	all, err := file.Matches()
	if err != nil {
		return nil, fail(exitUsage, "%v", err)
	}
	switch {
	case match != "":
		if _, err := file.Match(match); err != nil {
			return nil, fail(exitUsage, "%v", err)
		}
	case len(all) == 1:
		match = all[0].Match
	case len(all) == 0:
		return nil, fail(exitUsage, "%s holds no match", arg)
	default:
		ids := make([]string, len(all))
		for i, s := range all {
			ids[i] = s.Match
		}
		return nil, fail(exitUsage, "%s holds %d matches (%s): pick one with --match", arg, len(all), strings.Join(ids, ", "))
	}
	return &target{src: file, match: match}, nil
}

func (t *target) Close() error { return t.src.Close() }

// openViewed opens arg as openTarget does and also resolves --as against
// the match: the target, the match's summary and the viewer. The caller
// closes the target.
func openViewed(f storeFlags, arg, match, as string) (*target, replay.Summary, string, error) {
	t, err := openTarget(f, arg, match)
	if err != nil {
		return nil, replay.Summary{}, "", err
	}
	sum, err := t.src.Match(t.match)
	if err != nil {
		t.Close()
		return nil, replay.Summary{}, "", fail(exitUsage, "%v", err)
	}
	viewer, err := replay.Viewer(sum, as)
	if err != nil {
		t.Close()
		return nil, replay.Summary{}, "", fail(exitUsage, "--as: %v", err)
	}
	return t, sum, viewer, nil
}

// replayError gives a replay failure its exit code: 1 for an input the
// rules forbid, 2 for an unknown match, a point never reached and anything
// else.
func replayError(err error) error {
	var ie *replay.IllegalError
	if errors.As(err, &ie) {
		return &exitError{code: exitFailed, err: err}
	}
	return &exitError{code: exitUsage, err: err}
}

// queryError gives an error of the query package its exit code: 1 for an
// input the rules forbid or an appended input refused, 2 for the rest.
func queryError(err error) error {
	switch query.CodeOf(err) {
	case query.CodeIllegal, query.CodeRefused:
		return &exitError{code: exitFailed, err: err}
	}
	return &exitError{code: exitUsage, err: err}
}
