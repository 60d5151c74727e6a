package facts

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold turns a card name into its lookup key, so that a name finds its card
// however a decklist spells it: in any case ("LIGHTNING BOLT"), with or
// without accents ("Lim-Dûl's Vault", "Séance"; the database spells every
// name in plain ASCII), with curly or straight quotes and apostrophes, with
// runs of spaces, and with a split card's halves joined by "//", "/" or
// " // ". Letters without an ASCII base fold to themselves, lower-cased.
func Fold(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	space := false
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		i += size
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if r == '/' {
			// "A / B", "A/B" and "A // B" are one separator.
			for i < len(name) && (name[i] == '/' || name[i] == ' ') {
				i++
			}
			b.WriteString("//")
			space = false
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		}
		if s, ok := foldRunes[r]; ok {
			b.WriteString(s)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// foldRunes maps the non-ASCII characters card names are printed with to
// their plain forms: Latin letters with diacritics to their base letters,
// ligatures to their letters, typographic quotes and dashes to ASCII.
var foldRunes = func() map[rune]string {
	m := map[rune]string{
		'Æ': "ae", 'æ': "ae", 'Œ': "oe", 'œ': "oe", 'ß': "ss", 'Ø': "o", 'ø': "o", 'Đ': "d", 'đ': "d",
		'Ł': "l", 'ł': "l", 'Þ': "th", 'þ': "th", 'ı': "i",
		'\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'", '`': "'", '\u00b4': "'",
		'\u201c': `"`, '\u201d': `"`, '\u201e': `"`, '\u00ab': `"`, '\u00bb': `"`,
		'\u2010': "-", '\u2011': "-", '\u2012': "-", '\u2013': "-", '\u2014': "-", '\u2212': "-",
		'\u2026': "...", '\u00a0': " ",
	}
	// Latin-1 Supplement and Latin Extended-A letters with diacritics.
	bases := map[string]string{
		"a": "àáâãäåāăą", "c": "çćĉċč", "d": "ď", "e": "èéêëēĕėęě", "g": "ĝğġģ", "h": "ĥħ",
		"i": "ìíîïĩīĭįİ", "j": "ĵ", "k": "ķ", "l": "ĺļľŀ", "n": "ñńņňŉ", "o": "òóôõöōŏő",
		"r": "ŕŗř", "s": "śŝşš", "t": "ţťŧ", "u": "ùúûüũūŭůűų", "w": "ŵ", "y": "ýÿŷ", "z": "źżž",
	}
	for base, letters := range bases {
		for _, r := range letters {
			m[r] = base
			if up := unicode.ToUpper(r); up != r {
				m[up] = base
			}
		}
	}
	return m
}()
