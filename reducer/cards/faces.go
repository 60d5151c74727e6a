package cards

import (
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
)

// Alternative characteristics printed on one face (CR 711 levelers, 718
// prototype): what the engine shows when they apply. Which face of a
// multi-face card is up is the reducer's state; the faces are Card.Faces.

// PrototypeFace is the face an object cast prototyped has up, on the stack
// and on the battlefield (CR 718): the card's Prototype.
const PrototypeFace = "prototype"

// FaceUp returns the characteristics of face name: one of the card's faces,
// or its prototype for PrototypeFace; nil if it has no such face.
func (c *Card) FaceUp(name string) *Card {
	if name == PrototypeFace {
		return c.Prototype
	}
	return c.Face(name)
}

// Back returns a double-faced or flip card's second face, or nil.
func (c *Card) Back() *Card {
	switch c.Layout {
	case "transform", "modal_dfc", "flip", "meld":
		if len(c.Faces) == 2 {
			return c.Faces[1]
		}
	}
	return nil
}

// prototypeLine is a prototype's line; some sources print the dash as a
// hyphen, some add reminder text.
var prototypeLine = regexp.MustCompile(`(?m)^Prototype ((?:\{[^}]+\})+) [\x{2014}-] (\S+)/(\S+)(?: \([^)]*\))?$`)

// prototypeOf builds a prototype card's alternative characteristics
// ("Prototype {1}{U}{U} — 2/1"): its mana cost, the colour of that cost,
// its power and toughness; the rest as printed (CR 718).
func prototypeOf(c *Card) *Card {
	m := prototypeLine.FindStringSubmatch(c.Oracle)
	if m == nil {
		return nil
	}
	cost, err := ParseCost(m[1])
	if err != nil {
		return nil
	}
	p := *c
	p.Layout, p.Cost, p.ManaValue, p.Power, p.Toughness = "prototype", cost, cost.Value(0), m[2], m[3]
	p.Colors = costColors(cost)
	p.Faces, p.Prototype, p.Info = nil, nil, nil
	p.engine, p.triggers = nil, atomic.Value{} // caches of the whole card, not this face's
	return &p
}

// costColors are the colours of a mana cost's symbols, in WUBRG order
// (CR 202.2).
func costColors(cost Cost) []Color {
	var seen [5]bool
	for _, s := range cost {
		switch s.Kind {
		case SymColored, SymPhyrexian, SymTwoHybrid:
			if s.Color < Colorless {
				seen[s.Color] = true
			}
		case SymHybrid, SymHybridPhyrexian:
			for _, c := range []Color{s.Color, s.Alt} {
				if c < Colorless {
					seen[c] = true
				}
			}
		}
	}
	var out []Color
	for c, ok := range seen {
		if ok {
			out = append(out, Color(c))
		}
	}
	return out
}

// Level is one level bracket of a leveler card (CR 711): from Min level
// counters to Max (-1: no limit) it has this power and toughness and these
// abilities, keywords apart.
type Level struct {
	Min, Max         int
	Power, Toughness string
	Keywords         []string
	Text             string // the bracket's rules text
}

var levelHead = regexp.MustCompile(`^LEVEL (\d+)(?:-(\d+)|\+)$`)

// levelsOf reads a leveler's brackets: "LEVEL 1-3", then "4/4", then the
// bracket's abilities, one a line.
func levelsOf(c *Card) []Level {
	if c.Layout != "leveler" {
		return nil
	}
	var out []Level
	lines := strings.Split(c.Oracle, "\n")
	for i := 0; i < len(lines); i++ {
		m := levelHead.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil || i+1 >= len(lines) {
			continue
		}
		l := Level{Max: -1}
		l.Min, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			l.Max, _ = strconv.Atoi(m[2])
		}
		l.Power, l.Toughness, _ = strings.Cut(strings.TrimSpace(lines[i+1]), "/")
		var text []string
		for i += 2; i < len(lines) && !levelHead.MatchString(strings.TrimSpace(lines[i])); i++ {
			line := strings.TrimSpace(lines[i])
			if kws := keywordLine(line); kws != nil {
				l.Keywords = append(l.Keywords, kws...)
			}
			text = append(text, line)
		}
		i--
		l.Text = strings.Join(text, "\n")
		out = append(out, l)
	}
	return out
}

// levelledKeywords drops from a leveler's keywords those only its
// brackets give (the database lists them on the card): a level 0
// Beastbreaker of Bala Ged has no trample.
func levelledKeywords(c *Card) []string {
	head, _, _ := strings.Cut(c.Oracle, "\nLEVEL ")
	var out []string
	for _, k := range c.Keywords {
		if strings.Contains(strings.ToLower(head), strings.ToLower(k)) {
			out = append(out, k)
		}
	}
	return out
}

// LevelFor returns the bracket that applies with n level counters, or nil.
func (c *Card) LevelFor(n int) *Level {
	for i := range c.Levels {
		if l := &c.Levels[i]; n >= l.Min && (l.Max < 0 || n <= l.Max) {
			return l
		}
	}
	return nil
}

// keywordLine reads a line that only lists keywords the rules know without
// parameters ("Flying, trample"), or returns nil.
func keywordLine(line string) []string {
	if i := strings.Index(line, " ("); i > 0 {
		line = line[:i]
	}
	var out []string
	for _, part := range strings.Split(line, ", ") {
		k, ok := plainKeywords[strings.ToLower(part)]
		if !ok {
			return nil
		}
		out = append(out, k)
	}
	return out
}

// plainKeywords are keyword abilities without parameters (CR 702), by
// their lower-case spelling.
var plainKeywords = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{"Flying", "Reach", "Vigilance", "Haste", "Defender", "Trample", "Deathtouch",
		"Lifelink", "First strike", "Double strike", "Menace", "Flash", "Indestructible", "Shroud", "Hexproof",
		"Islandwalk", "Swampwalk", "Forestwalk", "Mountainwalk", "Plainswalk", "Fear", "Intimidate", "Prowess", "Wither", "Infect"} {
		m[strings.ToLower(k)] = k
	}
	return m
}()
