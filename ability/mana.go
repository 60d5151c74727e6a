package ability

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseMana splits a mana string ("{2}{W/U}{X}") into its symbols'
// insides ("2", "W/U", "X") and checks each is a mana symbol of CR 107.4:
// a number, W U B R G C S X Y Z, a hybrid of two colours, a colour with
// 2 ("2/W"), a Phyrexian symbol ("W/P", "W/U/P"), or {L} (legendary
// mana, the engine's own for a playtest card).
func ParseMana(s string) ([]string, error) {
	if s == "" {
		return nil, fmt.Errorf("empty mana cost")
	}
	var out []string
	for rest := s; rest != ""; {
		if rest[0] != '{' {
			return nil, fmt.Errorf("mana %q: want {", s)
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return nil, fmt.Errorf("mana %q: unclosed {", s)
		}
		sym := rest[1:end]
		if !manaSymbol(sym) {
			return nil, fmt.Errorf("mana %q: unknown symbol {%s}", s, sym)
		}
		out = append(out, sym)
		rest = rest[end+1:]
	}
	return out, nil
}

func manaSymbol(sym string) bool {
	if n, err := strconv.Atoi(sym); err == nil && n >= 0 {
		return true
	}
	parts := strings.Split(sym, "/")
	color := func(p string) bool { return len(p) == 1 && strings.Contains("WUBRG", p) }
	switch len(parts) {
	case 1:
		return len(sym) == 1 && strings.Contains("WUBRGCSXYZL", sym)
	case 2:
		a, b := parts[0], parts[1]
		return color(a) && (color(b) && a != b || b == "P") || a == "2" && color(b) || a == "C" && color(b)
	case 3:
		return color(parts[0]) && color(parts[1]) && parts[2] == "P"
	}
	return false
}
