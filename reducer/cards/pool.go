package cards

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// factsBin is every card's facts in the compact form of package facts,
// made by cmd/cardgen from shared/cards/oracle and data/extras.json.
//
//go:embed data/facts.bin
var factsBin []byte

// Pool is the set of cards a match may use, found by name. Cards are built
// from their facts the first time they are asked for and kept: a process
// pays only for the cards it uses. A Pool is safe for concurrent use, and a
// card it hands out is always the same *Card.
type Pool struct {
	db *facts.DB
	// cards by record, built on first use.
	cards []atomic.Pointer[Card]
	// named remembers the names that resolved, as they were asked for.
	named sync.Map // string -> *Card
}

var (
	loadOnce sync.Once
	pool     *Pool
	loadErr  error
)

// Default returns the compiled-in card pool: every card of the card
// database. It panics if the compiled-in data is broken, which the package
// tests rule out.
func Default() *Pool {
	loadOnce.Do(func() {
		var db *facts.DB
		if db, loadErr = facts.Open(factsBin); loadErr == nil {
			pool = newPool(db)
		}
	})
	if loadErr != nil {
		panic("cards: compiled-in pool: " + loadErr.Error())
	}
	return pool
}

// Load makes a pool of its own from a JSON array of card records (the
// shape of data/extras.json): for tests that need cards of their own.
func Load(data []byte) (*Pool, error) {
	var recs []facts.Record
	if err := json.Unmarshal(data, &recs); err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	for i := range recs {
		recs[i].Extra = true
	}
	bin, err := facts.Encode(recs, nil)
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	db, err := facts.Open(bin)
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	p := newPool(db)
	for i := range db.Cards() {
		if _, err := p.build(i); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func newPool(db *facts.DB) *Pool {
	return &Pool{db: db, cards: make([]atomic.Pointer[Card], db.Records())}
}

// Card returns the card named name, as Resolve finds it.
func (p *Pool) Card(name string) (*Card, bool) {
	if c, ok := p.named.Load(name); ok {
		return c.(*Card), true
	}
	i := p.find(name)
	if i < 0 {
		return nil, false
	}
	c := p.card(i)
	p.named.Store(name, c)
	return c, true
}

// card returns record i's card, building it on first use. Only broken
// compiled-in data fails, which the package tests rule out.
func (p *Pool) card(i int) *Card {
	c, err := p.build(i)
	if err != nil {
		panic(err.Error())
	}
	return c
}

func (p *Pool) build(i int) (*Card, error) {
	if c := p.cards[i].Load(); c != nil {
		return c, nil
	}
	r, err := p.db.Record(i)
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	c, err := build(r)
	if err != nil {
		return nil, fmt.Errorf("cards: %s: %w", r.Name, err)
	}
	c.Extra = p.db.Flags(i)&facts.FlagExtra != 0
	for _, f := range c.Faces {
		f.Extra = c.Extra // a face of one of the project's records is one too
	}
	if !p.cards[i].CompareAndSwap(nil, c) {
		c = p.cards[i].Load() // built at the same time elsewhere: one card
	}
	return c, nil
}

// Facts returns the card database's record of the card name names, as it
// is stored (decoded anew each time): the printed facts a card is built
// from, for tools and tests that check the engine against them.
func (p *Pool) Facts(name string) (facts.Record, bool) {
	i := p.find(name)
	if i < 0 {
		return facts.Record{}, false
	}
	r, err := p.db.Record(i)
	return r, err == nil
}

// Len is how many cards the pool has (tokens of Tokens aside).
func (p *Pool) Len() int { return p.db.Cards() }

// Names lists every card's name, sorted. It decodes no card, but it is a
// list of every name: for a few cards, ask for them by name.
func (p *Pool) Names() []string {
	out := make([]string, p.db.Cards())
	for i := range out {
		out[i] = p.db.Name(i)
	}
	return out
}

// Extras lists, sorted, the names of the project's own records
// (data/extras.json): the cards the engine was first written for, with
// their facts checked by hand, the playtest cards and the pool's tokens.
// Every card of a pool made by Load is one.
func (p *Pool) Extras() []string {
	var out []string
	for i := range p.db.Cards() {
		if p.db.Flags(i)&facts.FlagExtra != 0 {
			out = append(out, p.db.Name(i))
		}
	}
	return out
}

// Tokens returns the database's token definitions named name (there may
// be several: a 1/1 Soldier and a 2/2 one), in a fixed order. The pool's
// own tokens, which effects create by name, are found by Card.
func (p *Pool) Tokens(name string) []*Card {
	var out []*Card
	lo, hi := p.db.Find(facts.Fold(name))
	for k := lo; k < hi; k++ {
		if rec, kind := p.db.Entry(k); kind == facts.KeyToken {
			out = append(out, p.card(rec))
		}
	}
	return out
}

// GrantedFace returns the Adventure the pool's cards grant by that name
// (Fetch Herbs), or nil.
func (p *Pool) GrantedFace(name string) *Card {
	if g := p.Grantor(name); g != nil {
		return g.GrantedAdventure
	}
	return nil
}

// Grantor returns the card that grants other cards the Adventure named
// face (Starting Town NPC for Fetch Herbs), or nil.
func (p *Pool) Grantor(face string) *Card {
	lo, hi := p.db.Find(facts.Fold(face))
	for k := lo; k < hi; k++ {
		if rec, kind := p.db.Entry(k); kind == facts.KeyGranted {
			if c := p.card(rec); c.GrantedAdventure != nil && c.GrantedAdventure.Name == face {
				return c
			}
		}
	}
	return nil
}

// find returns the record of the card name names, or -1: among the cards
// whose names fold to name's key (facts.Fold), the one named exactly so,
// else the first by kind of name (its name, its full name, a split half).
func (p *Pool) find(name string) int {
	lo, hi := p.db.Find(facts.Fold(name))
	best := -1
	for k := lo; k < hi; k++ {
		rec, kind := p.db.Entry(k)
		if kind > facts.KeyHalf {
			break
		}
		if kind == facts.KeyName && p.db.Name(rec) == name {
			return rec
		}
		if best < 0 {
			best = rec
		}
	}
	return best
}
