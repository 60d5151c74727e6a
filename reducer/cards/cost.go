package cards

import (
	"fmt"
	"strconv"
	"strings"
)

// Color is one of the five colours, or colourless mana C.
type Color uint8

// Colours in WUBRG order, then colourless.
const (
	White Color = iota
	Blue
	Black
	Red
	Green
	Colorless
)

var colorLetters = "WUBRGC"

// Letter is the colour's mana letter.
func (c Color) Letter() string {
	if int(c) < len(colorLetters) {
		return colorLetters[c : c+1]
	}
	return "?"
}

// ParseColor reads a mana letter.
func ParseColor(s string) (Color, bool) {
	i := strings.Index(colorLetters, s)
	if len(s) != 1 || i < 0 {
		return 0, false
	}
	return Color(i), true
}

// SymbolKind says what a mana symbol asks for.
type SymbolKind uint8

// Mana symbol kinds.
const (
	SymGeneric         SymbolKind = iota // {N}: N of any type
	SymColored                           // {W}: one of that colour
	SymColorless                         // {C}: one colourless
	SymHybrid                            // {W/U}: one of either colour
	SymTwoHybrid                         // {2/W}: two generic or one of the colour
	SymX                                 // {X}
	SymLegendary                         // {L}: one mana of any type from a legendary source
	SymPhyrexian                         // {W/P}: one of the colour or 2 life
	SymHybridPhyrexian                   // {G/W/P}: one of either colour or 2 life
	SymSnow                              // {S}: one mana from a snow source
)

// Symbol is one mana symbol of a cost.
type Symbol struct {
	Kind  SymbolKind
	N     int   // generic amount
	Color Color // colored, hybrid, two-hybrid, phyrexian
	Alt   Color // hybrid's second colour
}

// Cost is a mana cost in printed order. A nil Cost is "no mana cost" (lands);
// an empty non-nil one is {0}.
type Cost []Symbol

// ParseCost reads "{2}{G}{G}", "{X}{R}", "{G/W}", "{C/W}", "{2/W}",
// "{W/P}", "{G/W/P}", "{S}", "{L}", "{0}".
func ParseCost(s string) (Cost, error) {
	if s == "" {
		return nil, nil
	}
	c := Cost{}
	for len(s) > 0 {
		if s[0] != '{' {
			return nil, fmt.Errorf("mana cost %q: want {", s)
		}
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return nil, fmt.Errorf("mana cost %q: unclosed {", s)
		}
		sym, err := parseSymbol(s[1:end])
		if err != nil {
			return nil, err
		}
		if !(sym.Kind == SymGeneric && sym.N == 0) {
			c = append(c, sym)
		}
		s = s[end+1:]
	}
	return c, nil
}

func parseSymbol(t string) (Symbol, error) {
	if n, ok := atoi(t); ok && n >= 0 {
		return Symbol{Kind: SymGeneric, N: n}, nil
	}
	switch t {
	case "X":
		return Symbol{Kind: SymX}, nil
	case "C":
		return Symbol{Kind: SymColorless, Color: Colorless}, nil
	case "L":
		return Symbol{Kind: SymLegendary}, nil
	case "S":
		return Symbol{Kind: SymSnow}, nil
	}
	if a, b, ok := strings.Cut(t, "/"); ok && strings.HasSuffix(b, "/P") {
		ca, okA := ParseColor(a)
		cb, okB := ParseColor(strings.TrimSuffix(b, "/P"))
		if okA && okB && ca != Colorless && cb != Colorless {
			return Symbol{Kind: SymHybridPhyrexian, Color: ca, Alt: cb}, nil
		}
	}
	if col, ok := ParseColor(t); ok {
		return Symbol{Kind: SymColored, Color: col}, nil
	}
	if a, b, ok := strings.Cut(t, "/"); ok {
		ca, okA := ParseColor(a)
		cb, okB := ParseColor(b)
		switch {
		case a == "2" && okB:
			return Symbol{Kind: SymTwoHybrid, N: 2, Color: cb}, nil
		case okA && b == "P":
			return Symbol{Kind: SymPhyrexian, Color: ca}, nil
		case okA && okB:
			return Symbol{Kind: SymHybrid, Color: ca, Alt: cb}, nil
		}
	}
	return Symbol{}, fmt.Errorf("unknown mana symbol {%s}", t)
}

// Value is the cost's mana value with X as x (CR 202.3): {2/W} counts 2,
// {L} and hybrid count 1.
func (c Cost) Value(x int) int {
	v := 0
	for _, s := range c {
		switch s.Kind {
		case SymGeneric, SymTwoHybrid:
			v += s.N
		case SymX:
			v += x
		default:
			v++
		}
	}
	return v
}

// HasX reports whether the cost has {X}.
func (c Cost) HasX() bool {
	for _, s := range c {
		if s.Kind == SymX {
			return true
		}
	}
	return false
}

// String prints the cost as symbols; "" for no cost, "{0}" for zero.
func (c Cost) String() string {
	if c == nil {
		return ""
	}
	if len(c) == 0 {
		return "{0}"
	}
	var b strings.Builder
	for _, s := range c {
		b.WriteByte('{')
		switch s.Kind {
		case SymGeneric:
			b.WriteString(strconv.Itoa(s.N))
		case SymColored, SymColorless:
			b.WriteString(s.Color.Letter())
		case SymHybrid:
			b.WriteString(s.Color.Letter() + "/" + s.Alt.Letter())
		case SymTwoHybrid:
			b.WriteString("2/" + s.Color.Letter())
		case SymPhyrexian:
			b.WriteString(s.Color.Letter() + "/P")
		case SymHybridPhyrexian:
			b.WriteString(s.Color.Letter() + "/" + s.Alt.Letter() + "/P")
		case SymSnow:
			b.WriteByte('S')
		case SymX:
			b.WriteByte('X')
		case SymLegendary:
			b.WriteByte('L')
		}
		b.WriteByte('}')
	}
	return b.String()
}
