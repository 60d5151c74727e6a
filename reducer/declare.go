package reducer

import (
	"crypto/sha256"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Cards a match declares for itself (match_started's cards): test cards,
// playtest cards, cards newer than the data. Each becomes a card
// definition of the match, found by name before the pool's cards, by an
// OpDeclare effect that carries the whole declaration, so that folding
// the stored effects rebuilds it with nothing else.

// OpDeclare: the match declares the card Decl (Name is its name).
const OpDeclare Op = 240

// Declared is a card a match declares, as its match_started gives it.
type Declared = events.DeclaredCard

func init() {
	registerOp(OpDeclare, func(s *State, e *Effect) {
		def, err := declareCard(e.Decl)
		if err != nil {
			panic("reducer: declared card " + e.Decl.Name + ": " + err.Error())
		}
		s.Declared = append(s.Declared, *e.Decl)
		s.declared = append(s.declared, def)
	})
	extDescribe[OpDeclare] = func(_ *State, e Effect) string {
		how := "abilities given as data"
		if e.Decl.Abilities == nil {
			how = "its Oracle text"
		}
		return "the match declares the card " + e.Decl.Name + " (" + how + ")"
	}
}

// declareCard builds the definition of a declared card.
func declareCard(d *Declared) (*cards.Card, error) {
	return cards.Declare(cards.Declared{
		Name: d.Name, ManaCost: d.ManaCost, Colors: d.Colors,
		Supertypes: d.Supertypes, Types: d.Types, Subtypes: d.Subtypes,
		Power: d.Power, Toughness: d.Toughness, Loyalty: d.Loyalty, Defense: d.Defense,
		Oracle: d.Oracle, Abilities: d.Abilities, Token: d.Token, Playtest: d.Playtest,
	})
}

// cardDef finds a card definition by name: the match's declared cards
// first, then the pool. The pool's last answer is kept (lastDef): a match
// start asks for each deck card twice, and a deck lists its copies of a
// card together.
func (s *State) cardDef(name string) (*cards.Card, bool) {
	for _, c := range s.declared {
		if c.Name == name {
			return c, true
		}
	}
	for _, c := range s.declared {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	if s.lastDef.card != nil && s.lastDef.name == name {
		return s.lastDef.card, true
	}
	if c, ok := s.pool.Card(name); ok {
		s.lastDef.name, s.lastDef.card = name, c
		return c, true
	}
	return poolToken(s.pool, name)
}

// poolToken is the card data's token of that name ("Treasure", "Clue"):
// the first of its definitions, in the data's fixed order.
func poolToken(p *cards.Pool, name string) (*cards.Card, bool) {
	if ts := p.Tokens(name); len(ts) > 0 {
		return ts[0], true
	}
	return nil, false
}

// checkDeclared builds every declared card once, so that a card that
// can't be built is refused with its field before anything happens.
func (g *Game) checkDeclared(b *events.MatchStarted) error {
	for i := range b.Cards {
		if _, err := declareCard(&b.Cards[i]); err != nil {
			return g.refuse("CARD-DECLARED", "body.cards["+itoa(i)+"]", "%s can't be declared: %v", b.Cards[i].Name, err)
		}
	}
	return nil
}

// declaredToken reports whether name is a token the match declared: no
// deck may hold one.
func (s *State) declaredToken(name string) bool {
	c, ok := s.cardDef(name)
	return ok && c.Declared && c.Layout == "token"
}

// declaredHashes returns declaredDigest of each of s.Declared, working out
// only those declared since the last call: declarations are only ever
// appended, and encoding one takes the msgpack library's reflection.
func (s *State) declaredHashes() [][32]byte {
	if len(s.declaredSums) > len(s.Declared) {
		s.declaredSums = nil
	}
	for i := len(s.declaredSums); i < len(s.Declared); i++ {
		s.declaredSums = append(s.declaredSums, declaredDigest(s.Declared[i : i+1])[0])
	}
	return s.declaredSums
}

// declaredDigest is what the digest covers of the declared cards: a hash
// of each declaration's canonical encoding, no types given as none (an
// emblem's "types":[] and the null it once had count the same).
func declaredDigest(ds []Declared) [][sha256.Size]byte {
	out := make([][sha256.Size]byte, len(ds))
	for i := range ds {
		d := ds[i]
		if len(d.Types) == 0 {
			d.Types = nil
		}
		ev := events.Event{Kind: events.KindMatchStarted, Body: &events.MatchStarted{Cards: []Declared{d}}}
		out[i] = sha256.Sum256(ev.AppendCanonical(nil))
	}
	return out
}
