package events

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
)

// Line is an event read from a JSON Lines file, with where it came from.
type Line struct {
	Event *Event
	File  string
	Line  int
}

// ReadOptions tune how a JSON Lines log is read.
type ReadOptions struct {
	// Fragment lets each match start past seq 1 (a continuation).
	Fragment bool
	// Continue names matches the file continues from a known end, as
	// `replay append` reads inputs for a branch: each such match's first
	// event must follow its Link (an absent seq is assigned after it, a
	// present prev must name its hash).
	Continue map[string]Link
}

// ReadJSONL reads a whole JSON Lines log: one input per line, blank lines
// skipped. Events of several matches may be interleaved; each match's events
// must be in order. Missing seqs are assigned in line order; present seqs,
// prevs and hashes are checked. The first error stops the read and names the
// file and line.
func ReadJSONL(r io.Reader, file string, opt ReadOptions) ([]Line, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	links := map[string]*Link{}
	var out []Line
	for n := 1; ; n++ {
		raw, err := readLine(br)
		if err == io.EOF && raw == nil {
			return out, nil
		}
		if err != nil && err != io.EOF {
			rule := RuleDecode
			if err == errLineTooLong {
				rule = RuleSize
			}
			return nil, &Error{File: file, Line: n, Reason: err.Error(), Rule: rule}
		}
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			continue
		}
		ev, perr := ParseJSON(raw)
		if perr != nil {
			return nil, atLine(perr, file, n)
		}
		l := links[ev.Match]
		if l == nil {
			l = &Link{Fragment: opt.Fragment}
			if c, ok := opt.Continue[ev.Match]; ok {
				l = &c
			}
			links[ev.Match] = l
		}
		if le := l.Next(ev); le != nil {
			return nil, atLine(le, file, n)
		}
		out = append(out, Line{Event: ev, File: file, Line: n})
	}
}

// ReadJSONLFile reads the JSON Lines log at path.
func ReadJSONLFile(path string, opt ReadOptions) ([]Line, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSONL(f, path, opt)
}

func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			if err == io.EOF && line != nil {
				return line, nil
			}
			return nil, err
		}
		line = append(line, chunk...)
		if len(line) > MaxInputSize {
			return nil, errLineTooLong
		}
		if !isPrefix {
			if line == nil {
				line = []byte{}
			}
			return line, nil
		}
	}
}

var errLineTooLong = fmt.Errorf("line is over the %d-byte input limit", MaxInputSize)

func atLine(err error, file string, n int) *Error {
	e, ok := err.(*Error)
	if !ok {
		e = &Error{Reason: err.Error(), Rule: RuleDecode}
	}
	c := *e
	c.File, c.Line = file, n
	return &c
}

// WriteJSONL writes events as JSON Lines, one per line.
func WriteJSONL(w io.Writer, evs []*Event) error {
	bw := bufio.NewWriter(w)
	for _, e := range evs {
		line, err := e.MarshalJSONLine()
		if err != nil {
			return err
		}
		bw.Write(line)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
