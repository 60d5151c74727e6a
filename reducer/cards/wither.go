package cards

import "sort"

// Wither (CR 702.80) and the {Q} cards that go with it: Hateflayer,
// Leech Bonder, Puresight Merrow. The reducer's wither.go deals a wither
// source's damage to creatures as -1/-1 counters.

// entersWithCounters: "This creature enters with N Kind counters on it"
// (a replacement effect, CR 614.1c), by card name.
var entersWithCounters = map[string]struct {
	Kind string
	N    int
}{}

// EntersWithCounters is the kind and number of counters the card's
// permanent enters with by its own text; n is 0 for none.
func (c *Card) EntersWithCounters() (kind string, n int) {
	if c.codeless() {
		return "", 0
	}
	e := entersWithCounters[c.code()]
	return e.Kind, e.N
}

// keepsSourceLKI: activated abilities that read their source as it last
// existed on the battlefield when it is gone (CR 608.2h), by card name.
var keepsSourceLKI = map[string]bool{}

// AbilityReadsSource reports whether the card's activated abilities need
// their source's last known information.
func (c *Card) AbilityReadsSource() bool { return !c.codeless() && keepsSourceLKI[c.code()] }

// Target kinds of the wither cards, numbered from 220.
const (
	// TargetSecondCreature: "a second target creature", another creature
	// than the first target (CR 115.3).
	TargetSecondCreature TargetKind = 220 + iota
)

func init() {
	implementedKeywords["Wither"] = true
	extraTargetKindNames[TargetSecondCreature] = "a second target creature"

	// Leech Bonder: "This creature enters with two -1/-1 counters on it.
	// {U}, {Q}: Move a counter from target creature onto a second target
	// creature." With either target illegal nothing moves; with counters
	// of several kinds on the first, its controller chooses which.
	entersWithCounters["Leech Bonder"] = struct {
		Kind string
		N    int
	}{"-1/-1", 2}
	activated["Leech Bonder"] = []Activated{{Index: 0, Untap: true,
		Cost:    Cost{{Kind: SymColored, Color: Blue}},
		Targets: []TargetKind{TargetCreature, TargetSecondCreature},
		Resolve: func(w World, ts []Target) {
			if len(ts) < 2 || w.Targets() < 2 {
				return
			}
			from, to := ts[0].Obj, ts[1].Obj
			if w.Step() == 1 {
				if a := w.Answer(); len(a) == 1 {
					w.MoveCounter(from, to, a[0])
				}
				return
			}
			cs := w.CountersOn(from)
			kinds := make([]string, 0, len(cs))
			for k, n := range cs {
				if n > 0 {
					kinds = append(kinds, k)
				}
			}
			sort.Strings(kinds)
			switch len(kinds) {
			case 0:
			case 1:
				w.MoveCounter(from, to, kinds[0])
			default:
				w.Ask(w.Controller(), "the kind of counter to move", kinds, 1, 1)
			}
		}}}
	// Puresight Merrow: "{W/U}, {Q}: Look at the top card of your library.
	// You may exile that card." The controller answers with the card to
	// exile it, or with nothing to leave it.
	activated["Puresight Merrow"] = []Activated{{Index: 0, Untap: true,
		Cost: Cost{{Kind: SymHybrid, Color: White, Alt: Blue}},
		Resolve: func(w World, _ []Target) {
			top := w.Library(w.Controller(), nil)
			if len(top) == 0 {
				return
			}
			if w.Step() == 0 {
				w.Ask(w.Controller(), "exile the top card of your library, or not", top[:1], 0, 1)
				return
			}
			if a := w.Answer(); len(a) == 1 && a[0] == top[0] {
				w.ExileCard(a[0])
			}
		}}}
}
