package replay

import (
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Dropping what a shrunk log's start places: the setup's permanents and
// cards, a whole zone first, then halves, quarters and so on down to one
// at a time; then the cards of match_started's deck lists. The setup an
// export writes gives every object its id and the id the next new object
// gets, and ids no object takes are left unused, so what stays keeps its
// id and the inputs that follow name the same objects. Every drop is a
// try, kept only when the replay still shows the finding.

// setupZones are the lists of a player's part of a setup the shrinker
// drops from, in the order it tries them.
var setupZones = []string{"battlefield", "hand", "graveyard", "exile", "exiled", "command", "library"}

// setup drops what it can from the setup of log (log[1]).
func (s *shrinker) setup(log []*events.Event) []*events.Event {
	b := setupOf(log)
	for p := range b.Players {
		for _, z := range setupZones {
			n := zoneLen(&b.Players[p], z)
			if n == 0 {
				continue
			}
			keep := s.list(n, func(keep []bool) bool {
				return s.shows(withBody(log, 1, keepIn(b, p, z, keep)))
			})
			b = keepIn(b, p, z, keep)
		}
	}
	cards, perms := setupCounts(b)
	s.progress("shrink: the setup places %d cards and %d permanents (from %d and %d)", cards, perms, s.r.FromCards, s.r.FromPermanents)
	return withBody(log, 1, b)
}

// decks drops the cards of match_started's deck lists and sideboards. A
// setup that follows names its cards by id ("c12") where a name would
// take another card: it names them all by name first, so that a card the
// deck lists no longer hold is added to the match as its player's.
func (s *shrinker) decks(log []*events.Event) []*events.Event {
	ms, ok := log[0].Body.(*events.MatchStarted)
	if !ok || deckCards(log[0]) == 0 {
		return log
	}
	if b := setupOf(log); b != nil {
		if named := namedSetup(log[0], b); named != nil && s.shows(withBody(log, 1, named)) {
			log = withBody(log, 1, named)
		}
	}
	for p := range ms.Players {
		for _, side := range []bool{false, true} {
			list := ms.Players[p].Deck
			if side {
				list = ms.Players[p].Sideboard
			}
			if len(list) == 0 {
				continue
			}
			cut := func(keep []bool) []*events.Event {
				return renumberCards(withBody(log, 0, keepDeck(ms, p, side, keep)), deckIDMap(ms, p, side, keep))
			}
			keep := s.list(len(list), func(keep []bool) bool {
				c := cut(keep)
				return c != nil && s.shows(c)
			})
			if c := cut(keep); c != nil {
				log = c
				ms = log[0].Body.(*events.MatchStarted)
			}
		}
	}
	s.progress("shrink: the deck lists hold %d cards (from %d)", deckCardsOf(ms), s.r.FromDeck)
	return log
}

// deckIDMap maps the card ids of ms to those of ms with player p's deck
// (or sideboard) cut to keep. Cards are numbered from c1 in the order of
// the deck lists, each player's deck then sideboard (reducer/start.go): a
// dropped card has no id, the cards after it move down, and so do the
// cards a setup adds after the deck lists'.
func deckIDMap(ms *events.MatchStarted, p int, side bool, keep []bool) func(uint32) (uint32, bool) {
	ids := map[uint32]uint32{}
	o, n := uint32(1), uint32(1)
	for i, pl := range ms.Players {
		for _, sd := range []bool{false, true} {
			list := pl.Deck
			if sd {
				list = pl.Sideboard
			}
			for j := range list {
				if i == p && sd == side && !keep[j] {
					o++
					continue
				}
				ids[o] = n
				o, n = o+1, n+1
			}
		}
	}
	return func(id uint32) (uint32, bool) {
		if id >= o {
			return id - (o - n), true
		}
		v, ok := ids[id]
		return v, ok
	}
}

// renumberCards rewrites the card ids ("c12") the inputs after log[0]
// name, bodies and table effects, by m; nil when one can't be rewritten.
func renumberCards(log []*events.Event, m func(uint32) (uint32, bool)) []*events.Event {
	f := func(s string) string {
		if kind, n, ok := parseRef(s); ok && kind == 'c' {
			if v, ok := m(n); ok {
				return "c" + strconv.FormatUint(uint64(v), 10)
			}
		}
		return s
	}
	out := slices.Clone(log)
	for i := 1; i < len(out); i++ {
		c := *out[i]
		body, err := remapBody(c.Body, f)
		if err != nil {
			return nil
		}
		effs, err := remapEffects(c.Effects, f)
		if err != nil {
			return nil
		}
		c.Body, c.Effects = body, effs
		out[i] = &c
	}
	return out
}

// list shrinks a list of n items: it tries dropping all of them, then each
// half, each quarter and so on down to each single item, and returns what
// to keep. try says whether a choice still shows the finding.
func (s *shrinker) list(n int, try func(keep []bool) bool) []bool {
	keep := make([]bool, n)
	for i := range keep {
		keep[i] = true
	}
	for size := n; size >= 1; size /= 2 {
		for start := 0; start < n; start += size {
			cand := slices.Clone(keep)
			any := false
			for i := start; i < min(start+size, n); i++ {
				any = any || cand[i]
				cand[i] = false
			}
			if any && try(cand) {
				keep = cand
			}
		}
	}
	return keep
}

// withBody is log with the body of input i replaced.
func withBody(log []*events.Event, i int, body events.Body) []*events.Event {
	out := slices.Clone(log)
	c := *log[i]
	c.Body = body
	out[i] = &c
	return out
}

func pick[T any](s []T, keep []bool) []T {
	var out []T
	for i, x := range s {
		if keep[i] {
			out = append(out, x)
		}
	}
	return out
}

// zoneRefs are a zone's card list and, when the setup gives them, its ids.
func zoneRefs(p *events.SetupPlayer, z string) (refs, ids *[]events.Ref) {
	var zi *events.ZoneIDs
	if p.IDs != nil {
		zi = p.IDs
	} else {
		zi = &events.ZoneIDs{}
	}
	switch z {
	case "library":
		refs, ids = &p.Library, &zi.Library
	case "hand":
		refs, ids = &p.Hand, &zi.Hand
	case "graveyard":
		refs, ids = &p.Graveyard, &zi.Graveyard
	case "exile":
		refs, ids = &p.Exile, &zi.Exile
	case "command":
		refs, ids = &p.Command, &zi.Command
	}
	if p.IDs == nil {
		ids = nil
	}
	return refs, ids
}

func zoneLen(p *events.SetupPlayer, z string) int {
	switch z {
	case "battlefield":
		return len(p.Battlefield)
	case "exiled":
		return len(p.Exiled)
	}
	refs, _ := zoneRefs(p, z)
	return len(*refs)
}

// keepIn is b with only the kept items of player p's zone z. b is not
// changed.
func keepIn(b *events.Setup, p int, z string, keep []bool) *events.Setup {
	c := *b
	c.Players = slices.Clone(b.Players)
	pl := &c.Players[p]
	if pl.IDs != nil {
		ids := *pl.IDs
		pl.IDs = &ids
	}
	switch z {
	case "battlefield":
		pl.Battlefield = pick(pl.Battlefield, keep)
	case "exiled":
		pl.Exiled = pick(pl.Exiled, keep)
	default:
		refs, ids := zoneRefs(pl, z)
		n := len(*refs)
		*refs = pick(*refs, keep)
		if ids != nil && len(*ids) == n {
			*ids = pick(*ids, keep)
		}
	}
	if pl.IDs != nil && len(pl.IDs.Library)+len(pl.IDs.Hand)+len(pl.IDs.Graveyard)+len(pl.IDs.Exile)+len(pl.IDs.Command) == 0 {
		pl.IDs = nil
	}
	return &c
}

// keepDeck is ms with only the kept cards of player p's deck (or
// sideboard). ms is not changed.
func keepDeck(ms *events.MatchStarted, p int, side bool, keep []bool) *events.MatchStarted {
	c := *ms
	c.Players = slices.Clone(ms.Players)
	if side {
		c.Players[p].Sideboard = pick(c.Players[p].Sideboard, keep)
	} else {
		c.Players[p].Deck = pick(c.Players[p].Deck, keep)
	}
	return &c
}

// namedSetup is b with every card named by card id named by its name
// instead; nil when it names none that way.
func namedSetup(start *events.Event, b *events.Setup) *events.Setup {
	g := reducer.New(nil)
	c := *start
	c.Seq, c.Prev, c.Hash = 1, events.Hash{}, events.Hash{}
	if _, err := g.Submit(&c); err != nil {
		return nil
	}
	name := func(r events.Ref) events.Ref {
		var n int
		if len(r) > 1 && r[0] == 'c' {
			for _, d := range r[1:] {
				if d < '0' || d > '9' {
					return r
				}
				n = n*10 + int(d-'0')
			}
			if n > 0 && n < len(g.S.Cards) && g.S.Cards[n].Def != nil {
				return events.Ref(g.S.Cards[n].Def.Name)
			}
		}
		return r
	}
	changed := false
	names := func(refs []events.Ref) []events.Ref {
		out := slices.Clone(refs)
		for i, r := range out {
			out[i] = name(r)
			changed = changed || out[i] != r
		}
		return out
	}
	out := *b
	out.Players = slices.Clone(b.Players)
	for i := range out.Players {
		p := &out.Players[i]
		p.Library, p.Hand, p.Graveyard, p.Exile, p.Command = names(p.Library), names(p.Hand), names(p.Graveyard), names(p.Exile), names(p.Command)
		p.Battlefield = slices.Clone(p.Battlefield)
		for j := range p.Battlefield {
			n := name(p.Battlefield[j].Card)
			changed = changed || n != p.Battlefield[j].Card
			p.Battlefield[j].Card = n
		}
		p.Exiled = slices.Clone(p.Exiled)
		for j := range p.Exiled {
			n := name(p.Exiled[j].Card)
			changed = changed || n != p.Exiled[j].Card
			p.Exiled[j].Card = n
		}
	}
	if !changed {
		return nil
	}
	return &out
}

// setupCounts counts the cards a setup places outside the battlefield and
// its permanents.
func setupCounts(b *events.Setup) (cards, perms int) {
	for _, p := range b.Players {
		cards += len(p.Library) + len(p.Hand) + len(p.Graveyard) + len(p.Exile) + len(p.Exiled) + len(p.Command)
		perms += len(p.Battlefield)
	}
	return cards, perms
}

func deckCards(start *events.Event) int {
	ms, ok := start.Body.(*events.MatchStarted)
	if !ok {
		return 0
	}
	return deckCardsOf(ms)
}

func deckCardsOf(ms *events.MatchStarted) int {
	n := 0
	for _, p := range ms.Players {
		n += len(p.Deck) + len(p.Sideboard)
	}
	return n
}
