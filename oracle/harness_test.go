package oracle

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The template tests: testdata/*.txt, one file per verb family, in the
// style of cockroachdb/datadriven. A case is a command line, the Oracle
// text (one or more lines), "----", and the expected output up to a blank
// line:
//
//	compile Lightning Bolt types=Instant
//	Lightning Bolt deals 3 damage to any target.
//	----
//	spell: ~ deals 3 damage to any target.
//	{"kind":"spell",...}
//
// "compile NAME [types=A,B] [subtypes=A,B] [supertypes=A] [layout=L]"
// prints each compiled ability (kind, text, compact JSON) and each
// declined unit with its reason; "normalise NAME ..." prints the units the
// normalising pass makes. Lines starting with "#" between cases are
// comments. go test ./oracle -rewrite writes the actual outputs for
// review.

var rewrite = flag.Bool("rewrite", false, "rewrite the expected outputs in testdata/")

func TestTemplates(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runFile(t, f) })
	}
}

type tcase struct {
	cmd    string
	input  []string
	want   []string
	line   int
	prefix []string // comment and blank lines before it
}

func readCases(t *testing.T, path string) ([]tcase, []string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []tcase
	var pending []string
	sc := bufio.NewScanner(f)
	n := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return sc.Text(), true
	}
	for {
		l, ok := next()
		if !ok {
			break
		}
		if l == "" || strings.HasPrefix(l, "#") {
			pending = append(pending, l)
			continue
		}
		c := tcase{cmd: l, line: n, prefix: pending}
		pending = nil
		for {
			l, ok = next()
			if !ok {
				t.Fatalf("%s:%d: case without ----", path, c.line)
			}
			if l == "----" {
				break
			}
			c.input = append(c.input, l)
		}
		for {
			l, ok = next()
			if !ok || l == "" {
				break
			}
			c.want = append(c.want, l)
		}
		cases = append(cases, c)
		if ok {
			pending = append(pending, "")
		}
	}
	return cases, pending
}

func runFile(t *testing.T, path string) {
	cases, tail := readCases(t, path)
	var out strings.Builder
	for _, c := range cases {
		got := runCase(t, c)
		for _, p := range c.prefix {
			out.WriteString(p + "\n")
		}
		out.WriteString(c.cmd + "\n" + strings.Join(c.input, "\n") + "\n----\n")
		for _, g := range got {
			out.WriteString(g + "\n")
		}
		if !*rewrite && strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:%d: %s\n got:\n%s\nwant:\n%s", path, c.line, c.cmd, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
	for _, p := range tail {
		out.WriteString(p + "\n")
	}
	if *rewrite {
		if err := os.WriteFile(path, []byte(strings.TrimRight(out.String(), "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// parseCmd reads "compile Lightning Bolt types=Instant".
func parseCmd(cmd string) (verb string, f Face) {
	fields := strings.Fields(cmd)
	verb = fields[0]
	var name []string
	for _, fl := range fields[1:] {
		k, v, ok := strings.Cut(fl, "=")
		if !ok {
			name = append(name, fl)
			continue
		}
		vals := strings.Split(strings.ReplaceAll(v, "_", " "), ",")
		switch k {
		case "types":
			f.Types = vals
		case "subtypes":
			f.Subtypes = vals
		case "supertypes":
			f.Supertypes = vals
		case "layout":
			f.Layout = v
		case "faces":
			f.FaceNames = vals
		}
	}
	f.Name = strings.Join(name, " ")
	return verb, f
}

func runCase(t *testing.T, c tcase) []string {
	verb, f := parseCmd(c.cmd)
	f.Text = strings.Join(c.input, "\n")
	var out []string
	switch verb {
	case "compile":
		r := Compile(f)
		for _, a := range r.Abilities {
			b, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%s: %s", a.Kind, a.Text), string(b))
		}
		for _, d := range r.Declined {
			out = append(out, "declined: "+d.String())
		}
	case "normalise":
		units, declined := f.normalise()
		for _, u := range units {
			out = append(out, fmt.Sprintf("%s: %s", []string{"line", "modal", "chapter"}[u.kind], u.display()))
		}
		for _, d := range declined {
			out = append(out, "declined: "+d.String())
		}
	default:
		t.Fatalf("line %d: unknown command %q", c.line, verb)
	}
	return out
}
