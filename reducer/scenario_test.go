package reducer

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Scenario tests, in the style of cockroachdb/datadriven: each file in
// testdata/*.txt is a sequence of cases run against one game, top to
// bottom. A case is a command line, its input lines, a "----" line and the
// expected output, which ends at a blank line:
//
//	input
//	{"kind":"pass","body":{"player":"p1"}}
//	----
//	priority p2 (1 pass)
//	ask p2 to act with priority
//
// Lines starting with "#" between cases are comments. Rejections are
// expected output ("rejected body.player: p2 can't pass priority: p1 has
// priority (CR 117.3)"), not test failures. After every input the effects
// are folded into a second game by the trusted door (Apply) and the two
// digests must agree; a rejected input must leave the digest unchanged.
//
// go test ./reducer -run Scenario -rewrite writes the actual outputs into
// the files; read every rewritten expectation against the rules.
//
// The match command takes a player a line ("p1 Alice: Forest*3, Shock")
// and, on lines that start with "{", cards the match declares (the JSON
// of events.DeclaredCard). Cards come from those and from the project's
// own records (cards/data/extras.json, the pool the engine was written
// for) plus testdata/cards.json: real cards the scenarios need (menace,
// first strike, deathtouch, ...) as the scenarios were written for them.

var rewrite = flag.Bool("rewrite", false, "rewrite the expected outputs of the scenario files in testdata/")

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	pool := scenarioPool(t)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			runScenarioFile(t, f, pool)
		})
	}
}

// scenarioPool is the compiled-in pool plus the test cards; a test card the
// pool has gained since is taken from the pool.
func scenarioPool(t *testing.T) *cards.Pool {
	var base, extra []json.RawMessage
	for _, f := range []struct {
		path string
		into *[]json.RawMessage
	}{{"cards/data/extras.json", &base}, {"testdata/cards.json", &extra}} {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, f.into); err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
	}
	known := map[string]bool{}
	for _, raw := range base {
		var c struct{ Name string }
		json.Unmarshal(raw, &c)
		known[c.Name] = true
	}
	all := base
	for _, raw := range extra {
		var c struct{ Name string }
		json.Unmarshal(raw, &c)
		if !known[c.Name] {
			all = append(all, raw)
		}
	}
	data, _ := json.Marshal(all)
	pool, err := cards.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return pool
}

// scenarioCase is one command with its input and expected output.
type scenarioCase struct {
	line  int // of the command, 1-based
	cmd   string
	args  []string
	input []string
	want  []string
	got   []string
}

// scenarioChunk is either verbatim text (comments, blank lines) or a case.
type scenarioChunk struct {
	text string
	c    *scenarioCase
}

func parseScenarios(path string, data []byte) ([]scenarioChunk, error) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var out []scenarioChunk
	for i := 0; i < len(lines); {
		l := lines[i]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			out = append(out, scenarioChunk{text: l})
			i++
			continue
		}
		fields := strings.Fields(l)
		c := &scenarioCase{line: i + 1, cmd: fields[0], args: fields[1:]}
		i++
		for ; i < len(lines) && lines[i] != "----"; i++ {
			if strings.TrimSpace(lines[i]) == "" {
				return nil, fmt.Errorf("%s:%d: %s: no ---- line before the blank line %d", path, c.line, c.cmd, i+1)
			}
			c.input = append(c.input, lines[i])
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: %s: no ---- line", path, c.line, c.cmd)
		}
		i++
		for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
			c.want = append(c.want, lines[i])
		}
		out = append(out, scenarioChunk{c: c})
	}
	return out, nil
}

func runScenarioFile(t *testing.T, path string, pool *cards.Pool) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	chunks, err := parseScenarios(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) == 0 || !strings.HasPrefix(chunks[0].text, "#") {
		t.Errorf("%s: a scenario file opens with a # paragraph: what it tests and the rules", path)
	}
	r := &scenarioRunner{t: t, path: path, pool: pool}
	for _, ch := range chunks {
		if ch.c == nil {
			continue
		}
		c := ch.c
		c.got = r.run(c)
		if len(c.got) == 0 {
			c.got = []string{"(no output)"}
		}
		if !*rewrite && strings.Join(c.got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:%d: %s\nwant:\n%s\ngot:\n%s", path, c.line, strings.Join(append([]string{c.cmd}, c.args...), " "),
				strings.Join(c.want, "\n"), strings.Join(c.got, "\n"))
		}
	}
	if *rewrite {
		var b bytes.Buffer
		for _, ch := range chunks {
			if ch.c == nil {
				b.WriteString(ch.text + "\n")
				continue
			}
			c := ch.c
			b.WriteString(strings.Join(append([]string{c.cmd}, c.args...), " ") + "\n")
			for _, l := range c.input {
				b.WriteString(l + "\n")
			}
			b.WriteString("----\n")
			for _, l := range c.got {
				b.WriteString(l + "\n")
			}
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// scenarioRunner holds the game a file plays: the rules door and, fed with
// the effects only, the trusted door.
type scenarioRunner struct {
	t       *testing.T
	path    string
	pool    *cards.Pool
	g       *Game // Submit
	trusted *Game // Apply
}

const scenarioMatch = "m1"

func (r *scenarioRunner) fail(c *scenarioCase, format string, args ...any) {
	r.t.Fatalf("%s:%d: %s: %s", r.path, c.line, c.cmd, fmt.Sprintf(format, args...))
}

func (r *scenarioRunner) run(c *scenarioCase) []string {
	if c.cmd != "match" && r.g == nil {
		r.fail(c, "no match: start one with the match command first")
	}
	switch c.cmd {
	case "match":
		// match [first=p1] [best_of=3] [life=20] [format=standard], then one
		// line a player: "p1 Alice: Mountain*20, Lightning Bolt*4"; prints the
		// match, the libraries and what the game waits for
		return r.match(c)
	case "setup":
		// setup, then a setup body as JSON (it may span lines); prints the position
		return r.setup(c)
	case "input":
		// input [quiet], then one JSON input a line (match and actor may be left
		// out); prints each input's effects (DescribeEffect) or its rejection,
		// under a "> p1: cast Shock" line when there are several; quiet prints
		// only rejections and then what the game waits for
		return r.input(c)
	case "state":
		// state: the whole position (State.Describe)
		return splitLines(r.g.S.Describe())
	case "pending":
		// pending: what the game waits for (State.DescribePending)
		return []string{r.g.S.DescribePending()}
	}
	r.fail(c, "unknown command (match, setup, input, state, pending)")
	return nil
}

func (r *scenarioRunner) match(c *scenarioCase) []string {
	b := &events.MatchStarted{Format: "standard"}
	for _, a := range c.args {
		k, v, _ := strings.Cut(a, "=")
		switch k {
		case "first":
			b.FirstPlayer = v
		case "format":
			b.Format = v
		case "best_of", "life":
			n, err := strconv.Atoi(v)
			if err != nil {
				r.fail(c, "%s: %v", a, err)
			}
			if k == "life" {
				b.StartingLife = n
			} else {
				b.BestOf = n
			}
		default:
			r.fail(c, "unknown argument %q (first, format, best_of, life)", a)
		}
	}
	for _, l := range c.input {
		if strings.HasPrefix(l, "{") { // a card the match declares
			var d events.DeclaredCard
			dec := json.NewDecoder(strings.NewReader(l))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&d); err != nil {
				r.fail(c, "declared card %q: %v", l, err)
			}
			b.Cards = append(b.Cards, d)
			continue
		}
		head, deck, ok := strings.Cut(l, ":")
		id, name, ok2 := strings.Cut(strings.TrimSpace(head), " ")
		if !ok || !ok2 {
			r.fail(c, "want \"p1 Alice: Card*N, Card\", got %q", l)
		}
		p := events.Player{ID: id, Name: strings.TrimSpace(name)}
		deck, side, _ := strings.Cut(deck, "|") // "Card*N, Card | Sideboard card, ..."
		for i, list := range []string{deck, side} {
			for _, entry := range strings.Split(list, ",") {
				entry = strings.TrimSpace(entry)
				if entry == "" {
					continue
				}
				n := 1
				if card, count, ok := strings.Cut(entry, "*"); ok {
					var err error
					if n, err = strconv.Atoi(strings.TrimSpace(count)); err != nil {
						r.fail(c, "%q: %v", entry, err)
					}
					entry = strings.TrimSpace(card)
				}
				for range n {
					if i == 0 {
						p.Deck = append(p.Deck, entry)
					} else {
						p.Sideboard = append(p.Sideboard, entry)
					}
				}
			}
		}
		b.Players = append(b.Players, p)
	}
	r.g, r.trusted = New(r.pool), New(r.pool)
	ev := &events.Event{Match: scenarioMatch, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: b}
	if err := ev.Check(); err != nil {
		return []string{"malformed: " + err.Error()}
	}
	if out := r.submit(c, ev, false); out != nil {
		return out
	}
	s := r.g.S
	out := []string{strings.TrimSuffix(s.describeHeader(), "\n")}
	for _, p := range s.Players {
		out = append(out, fmt.Sprintf("%s %s: library %d", p.ID, p.Name, len(p.Library)))
	}
	return append(out, "waiting for: "+s.DescribePending())
}

func (r *scenarioRunner) setup(c *scenarioCase) []string {
	line := fmt.Sprintf(`{"kind":"setup","actor":"table","body":%s}`, strings.Join(c.input, "\n"))
	ev, err := r.parse(line)
	if err != nil {
		return []string{"malformed: " + err.Error()}
	}
	if out := r.submit(c, ev, false); out != nil {
		return out
	}
	return splitLines(r.g.S.Describe())
}

func (r *scenarioRunner) input(c *scenarioCase) []string {
	quiet := false
	for _, a := range c.args {
		if a != "quiet" {
			r.fail(c, "unknown argument %q (quiet)", a)
		}
		quiet = true
	}
	var out []string
	for _, l := range c.input {
		ev, err := r.parse(l)
		if err != nil {
			out = append(out, "malformed: "+err.Error())
			continue
		}
		lines := r.submit(c, ev, !quiet)
		if len(c.input) > 1 && !quiet {
			player, _ := events.PlayerOf(ev.Body)
			if player == "" {
				player = ev.Actor
			}
			out = append(out, "> "+player+": "+describeInput(ev))
			for _, l := range lines {
				out = append(out, "  "+l)
			}
			continue
		}
		out = append(out, lines...)
	}
	if quiet {
		out = append(out, "waiting for: "+r.g.S.DescribePending())
	}
	return out
}

// parse reads one input line, filling in the match and, when left out, the
// actor (the body's player, or the table).
func (r *scenarioRunner) parse(line string) (*events.Event, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		return nil, err
	}
	if _, ok := m["match"]; !ok {
		m["match"] = json.RawMessage(strconv.Quote(scenarioMatch))
	}
	if _, ok := m["actor"]; !ok {
		var kind string
		var body struct {
			Player string `json:"player"`
		}
		json.Unmarshal(m["kind"], &kind)
		json.Unmarshal(m["body"], &body)
		actor := body.Player
		switch events.Kind(kind) {
		case events.KindMatchStarted, events.KindSetup, events.KindRandom:
			actor = events.TableActor
		}
		m["actor"] = json.RawMessage(strconv.Quote(actor))
	}
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return events.ParseJSON(data)
}

// submit submits ev by the rules door and folds its effects into the
// trusted game. It returns the effects described (when effects is set) or
// the rejection; nil for an accepted input with effects not wanted.
func (r *scenarioRunner) submit(c *scenarioCase, ev *events.Event, effects bool) []string {
	before := r.g.S.Digest()
	effs, err := r.g.Submit(ev)
	if err != nil {
		if after := r.g.S.Digest(); after != before {
			r.fail(c, "the rejected input changed the state: %v", err)
		}
		var re *RuleError
		var ee *events.Error
		switch {
		case errors.As(err, &re):
			if re.Field != "" {
				return []string{"rejected " + re.Field + ": " + re.Error()}
			}
			return []string{"rejected: " + re.Error()}
		case errors.As(err, &ee):
			return []string{"malformed: " + ee.Error()}
		}
		return []string{"error: " + err.Error()}
	}
	var out []string
	if v := r.g.Verification(); v.Status != Verified {
		out = append(out, describeVerification(v)...)
	}
	for _, e := range effs {
		if effects {
			out = append(out, DescribeEffect(r.trusted.S, e))
		}
		r.trusted.Apply([]Effect{e})
	}
	if rd, td := r.g.S.Digest(), r.trusted.S.Digest(); rd != td {
		r.fail(c, "the effects folded by Apply give digest %s, the rules %s", td, rd)
	}
	if effects && len(out) == 0 {
		out = []string{"(no effects)"}
	}
	return out
}

func splitLines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
