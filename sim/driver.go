package sim

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Options shape the matches the driver plays. The zero value plays
// best-of-three limited matches of 40-card decks from the default pool.
type Options struct {
	// Pool is the card pool; nil means cards.Default(), the recorder's.
	Pool *cards.Pool
	// DeckSize is the number of cards in each deck; 0 means 40.
	DeckSize int
	// BestOf is the number of games of a match; 0 means 3.
	BestOf int
	// MaxGameInputs caps the inputs of one game; past it the players
	// concede. 0 means DefaultMaxGameInputs.
	MaxGameInputs int
	// StartingLife is each player's starting life; 0: the format's.
	StartingLife int
	// Event is the tournament name put in match_started; may be empty.
	Event string
	// NoConcede: nobody concedes at random, only at MaxGameInputs.
	NoConcede bool
	// CheckListed submits every listed input to a clone of the game before
	// one is chosen: a listed input the rules refuse is an error. It makes
	// a game several times slower; the fuzz test sets it.
	CheckListed bool
	// Decks, when set, are real decks (a decklists file) the matches play
	// instead of random ones from Pool (decklists.go), the cards the
	// engine doesn't model played through the table's effects (table.go).
	Decks []coverage.Deck
	// GenFlags are the `replay gen` flags that give these Decks
	// ("--decklists decks.jsonl"), for an Error's way to reproduce it.
	GenFlags string
}

// DefaultMaxGameInputs is the default cap on the inputs of one game.
const DefaultMaxGameInputs = 400

// Weights of passing and of a mulligan against other kinds of input (cast
// and play_land 6, mana 3 in one's own main phase, 0.3 elsewhere, anything
// else 1), and the chance that a player concedes before any input.
const (
	passWeight = 1.5
	// Real decks (Options.Decks): a player with mana in the pool in their
	// own main phase mostly goes on making mana until a spell can be cast.
	passWithManaWeight = 0.2
	mulliganWeight     = 0.15
	concedeChance      = 0.0005
)

// Epoch is the recorded time of every generated match's first input; each
// later input is recorded a second after the one before.
var Epoch = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

// Match is a generated match: its inputs, sealed into a hash chain, and
// what the rules made of them.
type Match struct {
	ID     string
	Seed   int64
	Inputs []*events.Event
	Games  int            // games played
	Digest reducer.Digest // of the final state
	// Unverified counts the inputs the rules could not verify: those
	// that carry the table's effects for cards the engine doesn't model.
	Unverified int
}

// MatchID is the id of the match of seed: "sim-17", "sim-n3" for -3.
func MatchID(seed int64) string {
	if seed < 0 {
		return "sim-n" + strconv.FormatUint(uint64(-seed), 10)
	}
	return "sim-" + strconv.FormatInt(seed, 10)
}

// Error is a failure of the rules met while playing the match of Seed.
type Error struct {
	Seed  int64
	Match string
	Seq   uint64 // the input that failed, or the one after which it did
	Input string // that input as JSON, when known
	Err   string
	// Flags are the gen flags that choose the decks (Options.GenFlags).
	Flags string
}

func (e *Error) Error() string {
	at := fmt.Sprintf("seq %d", e.Seq)
	if e.Input != "" {
		at += " " + e.Input
	}
	flags := ""
	if e.Flags != "" {
		flags = " " + e.Flags
	}
	return fmt.Sprintf("sim: seed %d (%s), %s: %s; reproduce: replay gen%s --matches 1 --seed %d --out DIR",
		e.Seed, e.Match, at, e.Err, flags, e.Seed)
}

// Play plays the match of seed to its end. A panic of the engine, an input
// the rules refuse, or a digest mismatch between the rules and an
// effects-only replay is returned as an *Error naming the seed, with the
// inputs played so far in the Match.
func Play(seed int64, opt Options) (m *Match, err error) {
	opt = opt.withDefaults()
	d := &driver{opt: opt, rng: rand.New(rand.NewSource(seed)), g: reducer.New(opt.Pool), trusted: reducer.New(opt.Pool)}
	m = &Match{ID: MatchID(seed), Seed: seed}
	var ev *events.Event
	if opt.Decks != nil {
		m.ID = DeckMatchID(seed)
		ev = d.decksStarted(m.ID, seed)
	} else {
		ev = d.matchStarted(m.ID)
	}
	fail := func(format string, args ...any) error {
		e := &Error{Seed: seed, Match: m.ID, Seq: uint64(len(m.Inputs) + 1), Err: fmt.Sprintf(format, args...), Flags: opt.GenFlags}
		if ev != nil {
			e.Input = "(" + describe(ev) + ")"
		}
		return e
	}
	defer func() {
		if r := recover(); r != nil {
			err = fail("panic: %v%s", r, panicSite())
		}
	}()
	var prev events.Hash
	gameStart := 0
	for {
		seq := uint64(len(m.Inputs) + 1)
		ev.Schema, ev.Seq, ev.Prev = events.SchemaVersion, seq, prev
		ev.Recorded = Epoch.Add(time.Duration(seq-1) * time.Second).UnixNano()
		ev.Seal()
		prev = ev.Hash
		game := d.g.S.Game
		effs, err := d.g.Submit(ev)
		if err != nil {
			return m, fail("refused: %v", err)
		}
		switch v := d.g.Verification(); v.Status {
		case reducer.Disputed:
			return m, fail("disputed: %s (%s)", v.Reason, v.Rule)
		case reducer.Unverified:
			m.Unverified++
		}
		if err := d.replayEffects(effs); err != nil {
			return m, fail("%v", err)
		}
		m.Inputs = append(m.Inputs, ev)
		if d.g.S.Game != game {
			gameStart = len(m.Inputs)
		}
		if d.g.S.Over {
			m.Games, m.Digest = d.g.S.Game, d.g.S.Digest()
			return m, nil
		}
		if len(m.Inputs)-gameStart >= opt.MaxGameInputs || (!opt.NoConcede && d.rng.Float64() < concedeChance) {
			ev = d.concession(d.rng.Intn(len(d.g.S.Players)))
			continue
		}
		if ev, err = d.next(); err != nil {
			ev = nil
			return m, fail("%v", err)
		}
	}
}

func (o Options) withDefaults() Options {
	if o.Pool == nil {
		o.Pool = cards.Default()
	}
	if o.DeckSize <= 0 {
		o.DeckSize = 40
	}
	if o.BestOf <= 0 {
		o.BestOf = 3
	}
	if o.MaxGameInputs <= 0 {
		o.MaxGameInputs = DefaultMaxGameInputs
	}
	return o
}

// driver plays one match.
type driver struct {
	opt     Options
	rng     *rand.Rand
	g       *reducer.Game // the rules
	trusted *reducer.Game // fed only the stored form of the effects
}

// replayEffects feeds the effects, through their stored form, to the
// trusted game and compares its digest with the rules'.
func (d *driver) replayEffects(effs []reducer.Effect) error {
	stored, err := reducer.DecodeEffects(reducer.EncodeEffects(effs))
	if err != nil {
		return fmt.Errorf("stored effects don't decode: %v", err)
	}
	d.trusted.Apply(stored)
	if want, got := d.g.S.Digest(), d.trusted.S.Digest(); want != got {
		return fmt.Errorf("digest mismatch: rules %s, effects-only replay %s", want, got)
	}
	return nil
}

// matchStarted is the match's first input: two random decks, in a Mystery
// Booster draft, the limited format whose pool holds the playtest cards
// the card pool models (PT-1).
func (d *driver) matchStarted(id string) *events.Event {
	spells := Spells(d.opt.Pool)
	b := &events.MatchStarted{Format: "mystery_booster_draft", BestOf: d.opt.BestOf, StartingLife: d.opt.StartingLife, Event: d.opt.Event}
	for i, name := range []string{"Alice", "Bob"} {
		deck, side := randomDeck(d.rng, spells, d.opt.DeckSize)
		b.Players = append(b.Players, events.Player{ID: fmt.Sprintf("p%d", i+1), Name: name, Deck: deck, Sideboard: side})
	}
	return &events.Event{Match: id, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: b}
}

// concession is a player's concession: seat's, or the next player's who
// hasn't lost.
func (d *driver) concession(seat int) *events.Event {
	s := d.g.S
	for i := range s.Players {
		p := s.Players[(seat+i)%len(s.Players)]
		if !p.Lost {
			return &events.Event{Match: s.Match, Kind: events.KindConcede, Actor: p.ID, Body: &events.Concede{Player: p.ID}}
		}
	}
	return nil
}

// panicSite names where a recovered panic happened, " at file.go:12
// (pkg.Func)", from the deferred function that recovered it: the first
// frame of the module's code below the runtime's panic machinery.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && strings.Contains(f.Function, "chronicle/") {
			return fmt.Sprintf(" at %s:%d (%s)", filepath.Base(f.File), f.Line, f.Function[strings.LastIndex(f.Function, "/")+1:])
		}
		if !more {
			return ""
		}
	}
}
