package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// countedFilter words n objects a filter takes for messages: "1 creature",
// "2 lands", "3 instants or sorceries", "2 cards in hand", "2 cards in a
// graveyard".
func countedFilter(n int, f *ability.Filter) string {
	text := filterText(f)
	if n == 1 {
		return "1 " + text
	}
	head, tail := text, ""
	for _, mark := range []string{" you control", " an opponent controls", " with power", " with mana value", " in a ", " in hand"} {
		if i := strings.Index(head, mark); i >= 0 {
			head, tail = head[:i], head[i:]+tail
		}
	}
	parts := strings.Split(head, " or ") // "instant or sorcery": each alternative
	for k, p := range parts {
		i := strings.LastIndex(p, " ") + 1
		parts[k] = p[:i] + pluralNoun(p[i:])
	}
	return itoa(n) + " " + strings.Join(parts, " or ") + tail
}

// pluralNoun is a noun's plural: "lands", "sorceries", "Elves".
func pluralNoun(w string) string {
	irregular := map[string]string{"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Mouse": "Mice", "Fungus": "Fungi", "Ox": "Oxen"}
	switch {
	case irregular[w] != "":
		return irregular[w]
	case w == "":
		return w
	case strings.HasSuffix(w, "y") && len(w) > 1 && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return w[:len(w)-1] + "ies"
	case strings.HasSuffix(w, "s") || strings.HasSuffix(w, "x") || strings.HasSuffix(w, "ch") || strings.HasSuffix(w, "sh"):
		return w + "es"
	}
	return w + "s"
}
