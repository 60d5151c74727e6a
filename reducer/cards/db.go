package cards

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
)

//go:embed data/cards.json
var poolJSON []byte

// rawCard is a record of data/cards.json.
type rawCard struct {
	Name           string    `json:"name"`
	Layout         string    `json:"layout"`
	ManaCost       string    `json:"mana_cost"`
	ManaValue      int       `json:"mana_value"`
	Colors         []string  `json:"colors"`
	ColorIndicator []string  `json:"color_indicator"`
	Supertypes     []string  `json:"supertypes"`
	Types          []string  `json:"types"`
	Subtypes       []string  `json:"subtypes"`
	Power          string    `json:"power"`
	Toughness      string    `json:"toughness"`
	Loyalty        string    `json:"loyalty"`
	Oracle         string    `json:"oracle_text"`
	Keywords       []string  `json:"keywords"`
	Faces          []rawCard `json:"faces"`
	Category       string    `json:"category"`
	// GrantedAdventure: an Adventure the card gives other cards.
	GrantedAdventure *rawCard `json:"granted_adventure"`
	TypeLine         string   `json:"type_line"`
}

// Pool is the set of cards a match may use, by name.
type Pool struct {
	byName map[string]*Card
	names  []string
	// granted are the Adventures cards give other cards, by name.
	granted map[string]*Card
}

var (
	loadOnce sync.Once
	pool     *Pool
	loadErr  error
)

// Default returns the compiled-in card pool. It panics if the compiled-in
// data is broken, which the package tests rule out.
func Default() *Pool {
	loadOnce.Do(func() { pool, loadErr = Load(poolJSON) })
	if loadErr != nil {
		panic("cards: compiled-in pool: " + loadErr.Error())
	}
	return pool
}

// Load reads a pool from cards.json-shaped data.
func Load(data []byte) (*Pool, error) {
	var raws []rawCard
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	p := &Pool{byName: map[string]*Card{}}
	for _, r := range raws {
		c, err := build(r)
		if err != nil {
			return nil, fmt.Errorf("cards: %s: %w", r.Name, err)
		}
		if _, dup := p.byName[c.Name]; dup {
			return nil, fmt.Errorf("cards: %s listed twice", c.Name)
		}
		p.byName[c.Name] = c
		p.names = append(p.names, c.Name)
		if g := c.GrantedAdventure; g != nil {
			if p.granted == nil {
				p.granted = map[string]*Card{}
			}
			p.granted[g.Name] = g
		}
		if c.FullName != "" {
			p.byName[c.FullName] = c
		}
	}
	sort.Strings(p.names)
	return p, nil
}

// Card returns the card named name. A double-faced name may be given whole
// ("Fire // Ice") or by its first face ("Giant Killer").
func (p *Pool) Card(name string) (*Card, bool) {
	if c, ok := p.byName[name]; ok {
		return c, true
	}
	for _, n := range p.names {
		c := p.byName[n]
		if len(c.Faces) > 0 && c.Faces[0].Name == name {
			return c, true
		}
	}
	return nil, false
}

// Names lists the pool's card names, sorted.
func (p *Pool) Names() []string { return append([]string(nil), p.names...) }

func build(r rawCard) (*Card, error) {
	cost, err := ParseCost(r.ManaCost)
	if err != nil && len(r.Faces) == 0 {
		return nil, err
	}
	c := &Card{
		Name: r.Name, Layout: r.Layout, Cost: cost, ManaValue: r.ManaValue,
		Supertypes: r.Supertypes, Types: r.Types, Subtypes: r.Subtypes,
		Power: r.Power, Toughness: r.Toughness, Loyalty: r.Loyalty,
		Oracle: r.Oracle, Keywords: r.Keywords,
		Playtest: strings.Contains(r.Category, "playtest"),
	}
	if c.Layout == "" {
		c.Layout = "normal"
	}
	colors := r.Colors
	if len(r.ColorIndicator) > 0 {
		colors = r.ColorIndicator
	}
	for _, l := range colors {
		col, ok := ParseColor(l)
		if !ok {
			return nil, fmt.Errorf("colour %q", l)
		}
		c.Colors = append(c.Colors, col)
	}
	for _, f := range r.Faces {
		if f.Layout == "" {
			f.Layout = c.Layout
		}
		fc, err := build(f)
		if err != nil {
			return nil, fmt.Errorf("face %s: %w", f.Name, err)
		}
		c.Faces = append(c.Faces, fc)
	}
	if len(c.Faces) > 0 {
		// The whole card's cost is its first face's (an adventurer's creature).
		c.Cost = c.Faces[0].Cost
	}
	if c.Layout == "adventure" && len(c.Faces) == 2 {
		// An adventurer card is its creature (or enchantment) everywhere
		// but on the stack as an Adventure (CR 715.4): its name and text are
		// the first face's; the Adventure is its alternative characteristics.
		c.FullName = c.Name
		f := c.Faces[0]
		c.Name, c.Oracle, c.Power, c.Toughness = f.Name, f.Oracle, f.Power, f.Toughness
	}
	if g := r.GrantedAdventure; g != nil {
		ga, err := buildGranted(*g)
		if err != nil {
			return nil, fmt.Errorf("granted adventure %s: %w", g.Name, err)
		}
		c.GrantedAdventure = ga
	}
	c.Mana = manaAbilities(c)
	c.statics = statics[c.Name]
	if m, ok := manaCode[c.Name]; ok {
		c.Mana = m // mana.go
	}
	return c, nil
}

var (
	addFixed = regexp.MustCompile(`^\{T\}: Add ((?:\{[WUBRGC]\})+)\.$`)
	addAny   = regexp.MustCompile(`^\{T\}: Add one mana of any color\.$`)
)

// manaAbilities derives the plain mana abilities: "{T}: Add {G}." and
// "{T}: Add one mana of any color.", and a basic land type's intrinsic one
// (CR 305.6). Other mana abilities are card code.
func manaAbilities(c *Card) []ManaAbility {
	var out []ManaAbility
	for _, sub := range c.Subtypes {
		if col, ok := basicLandColor[sub]; ok && c.Is("Land") {
			out = append(out, ManaAbility{Index: len(out), Tap: true, Add: []Color{col}})
		}
	}
	if len(out) > 0 {
		return out
	}
	idx := 0
	for _, line := range strings.Split(c.Oracle, "\n") {
		line = strings.TrimSpace(line)
		if !strings.Contains(line, ":") {
			continue // not an activated ability
		}
		if m := addFixed.FindStringSubmatch(line); m != nil {
			var add []Color
			for _, sym := range strings.Split(strings.Trim(m[1], "{}"), "}{") {
				col, _ := ParseColor(sym)
				add = append(add, col)
			}
			out = append(out, ManaAbility{Index: idx, Tap: true, Add: add})
		} else if addAny.MatchString(line) {
			out = append(out, ManaAbility{Index: idx, Tap: true, AnyColor: true})
		}
		idx++
	}
	return out
}

var basicLandColor = map[string]Color{
	"Plains": White, "Island": Blue, "Swamp": Black, "Mountain": Red, "Forest": Green,
}
