package oracle

import (
	"regexp"
	"slices"
	"sort"
	"strings"
)

// unit is one piece of a face's text that compiles to one ability: an
// ability line, a modal block (a header and its bullet modes), or a saga
// chapter.
type unit struct {
	kind unitKind
	// text is the normalised line; for a chapter, the text after the dash.
	text string
	// modes are a modal block's bullets, without the bullet.
	modes []string
	// chapters are a chapter line's numbers.
	chapters []int
}

type unitKind int

const (
	unitLine unitKind = iota
	unitModal
	unitChapter
)

// display is the unit as one line of normalised text.
func (u unit) display() string {
	switch u.kind {
	case unitModal:
		return u.text + " " + strings.Join(prefixAll("• ", u.modes), " ")
	case unitChapter:
		return romans(u.chapters) + " — " + u.text
	}
	return u.text
}

func prefixAll(p string, ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = p + s
	}
	return out
}

// legacy maps older Oracle wording (2019-2020) to today's, in order.
var legacy = []struct{ from, to string }{
	{"CARDNAME", "~"},
	{"enters the battlefield", "enters"},
	{"enter the battlefield", "enter"},
	{"entered the battlefield", "entered"},
	{"entering the battlefield", "entering"},
	{"converted mana costs", "mana values"},
	{"converted mana cost", "mana value"},
	{"his or her", "their"},
	{"he or she controls", "they control"},
	{"he or she owns", "they own"},
	{"he or she", "they"},
	{"him or her", "them"},
	{"shuffle your library", "shuffle"},
	{"Shuffle your library", "Shuffle"},
	{"then shuffle their library", "then shuffle"},
	{"can't be countered by spells or abilities", "can't be countered"},
	{"Activate this ability only any time you could cast a sorcery", "Activate only as a sorcery"},
	{"Activate this ability only", "Activate only"},
	// "Name a card" became "choose a card name"; the database has one card
	// with the new words written after the old verb, kept.
	{"name choose a card name", "choose a card name"},
}

// legacyMill is milling as it was written before 2021: "puts the top two
// cards of their library into their graveyard" is "mills two cards".
var legacyMill = regexp.MustCompile(`\b(put|puts|Put) the top (card|\w+ cards) of (?:your|their) library into (?:your|their) graveyard`)

// legacyTokens are tokens the older wording spells out in full.
var legacyTokens = regexp.MustCompile(`\b(a|an|one|two|three|four|five|X) colorless (Treasure|Clue|Food|Gold) artifact (tokens?) with "[^"]*"`)

// selfNouns are the nouns of "this creature" and its kin: the object the
// ability belongs to (or the spell itself).
var selfNouns = []string{"creature", "spell", "card", "Saga", "artifact", "land", "permanent", "enchantment",
	"Vehicle", "Equipment", "token", "Aura", "Spacecraft", "Class", "Case", "Room", "Siege", "planeswalker", "battle"}

var selfPhrase = regexp.MustCompile(`\b[Tt]his (` + strings.Join(selfNouns, "|") + `)\b`)

// abilityWordKeep are dash-prefixed words that carry rules meaning (not
// ability or flavor words, CR 207.2c-d); their lines are left whole.
var abilityWordKeep = []string{"Companion", "Exhaust", "Boast", "Max speed", "Spree"}

var (
	reminder    = regexp.MustCompile(`\s*\([^()]*\)`)
	spaces      = regexp.MustCompile(`\s+`)
	dashPrefix  = regexp.MustCompile(`^([A-Z][^—{}:•"]{0,60}?) — (.+)$`)
	chapterLine = regexp.MustCompile(`^((?:[IVX]+)(?:, [IVX]+)*) — (.+)$`)
)

// names returns the strings that stand for the card itself, longest first:
// the card's name, the face names, and the short name of a name with a
// comma ("Jace" for "Jace, the Mind Sculptor").
func (f *Face) names() []string {
	var ns []string
	add := func(n string) {
		if n != "" && !slices.Contains(ns, n) {
			ns = append(ns, n)
		}
	}
	add(f.CardName)
	add(f.Name)
	for _, n := range f.FaceNames {
		add(n)
	}
	for _, n := range slices.Clone(ns) {
		if i := strings.Index(n, ", "); i > 0 {
			add(n[:i])
		}
		if i := strings.Index(n, " // "); i > 0 {
			add(n[:i])
			add(n[i+4:])
		}
	}
	sort.SliceStable(ns, func(i, j int) bool { return len(ns[i]) > len(ns[j]) })
	return ns
}

// replaceName replaces whole-word occurrences of name in s by "~".
func replaceName(s, name string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, name)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(name)
		if (i == 0 || !wordByte(s[i-1])) && (end == len(s) || !wordByte(s[end])) {
			b.WriteString(s[:i])
			b.WriteString("~")
		} else {
			b.WriteString(s[:end])
		}
		s = s[end:]
	}
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// normaliseText applies the text-level passes to one line: characters,
// legacy wording, the card's names. Reminder text is gone by then.
func (f *Face) normaliseLine(s string) string {
	s = legacyTokens.ReplaceAllStringFunc(s, func(m string) string {
		g := legacyTokens.FindStringSubmatch(m)
		out := g[1] + " " + g[2] + " " + g[3]
		if strings.HasSuffix(m, `."`) {
			out += "."
		}
		return out
	})
	for _, l := range legacy {
		s = strings.ReplaceAll(s, l.from, l.to)
	}
	s = legacyMill.ReplaceAllStringFunc(s, func(m string) string {
		g := legacyMill.FindStringSubmatch(m)
		verb := map[string]string{"put": "mill", "puts": "mills", "Put": "Mill"}[g[1]]
		if g[2] == "card" {
			return verb + " a card"
		}
		return verb + " " + g[2]
	})
	for _, n := range f.names() {
		s = replaceName(s, n)
	}
	s = selfPhrase.ReplaceAllString(s, "~")
	s = spaces.ReplaceAllString(strings.TrimSpace(s), " ")
	s = manaNoStop.ReplaceAllString(s, "$1.")
	return s
}

// manaNoStop is a mana ability line the database prints without its full
// stop ("{T}: Add {W} or {U}").
var manaNoStop = regexp.MustCompile(`^(\{T\}: Add \{[WUBRGC]\}(?: or \{[WUBRGC]\})?)$`)

var charMap = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`, "−", "-", "\u00a0", " ", "–", "-")

// normalise turns a face's text into units. Lines it can't group (a bullet
// with no header) are declined.
func (f *Face) normalise() ([]unit, []Decline) {
	text := charMap.Replace(f.Text)
	for {
		t := reminder.ReplaceAllString(text, "")
		if t == text {
			break
		}
		text = t
	}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		l = f.normaliseLine(l)
		if slices.Contains(f.Types, "Creature") {
			// Older wording of a creature's own death (CR 700.4);
			// of anything else it keeps its words.
			l = strings.ReplaceAll(l, "~ is put into a graveyard from the battlefield", "~ dies")
		}
		if l != "" {
			lines = append(lines, l)
		}
	}
	lines = joinBrokenLines(lines)
	saga := f.Layout == "saga" || slices.Contains(f.Subtypes, "Saga")
	spell := slices.Contains(f.Types, "Instant") || slices.Contains(f.Types, "Sorcery")
	var units []unit
	var declined []Decline
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if saga {
			if m := chapterLine.FindStringSubmatch(l); m != nil {
				if ch := parseRomans(m[1]); ch != nil {
					units = append(units, unit{kind: unitChapter, text: m[2], chapters: ch})
					continue
				}
			}
		}
		if strings.HasPrefix(l, "•") {
			declined = append(declined, Decline{Text: l, Sentence: l, Reason: "a mode without a modal header"})
			continue
		}
		l = stripAbilityWord(l)
		if u, n, ok := spreeUnit(lines, i); ok { // rules_spree.go
			units = append(units, u)
			i = n
			continue
		}
		if strings.HasSuffix(l, "—") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "•") {
			u := unit{kind: unitModal, text: l}
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "•") {
				i++
				u.modes = append(u.modes, stripAbilityWord(strings.TrimSpace(strings.TrimPrefix(lines[i], "•"))))
			}
			units = append(units, u)
			continue
		}
		if spell && insteadLine.MatchString(l) && len(units) > 0 && units[len(units)-1].kind == unitLine && strings.HasSuffix(units[len(units)-1].text, ".") {
			// A spell's paragraph that changes the one before it
			// ("Metalcraft — ~ deals 4 damage to that permanent or
			// player instead if ...") reads with it, as one unit.
			units[len(units)-1].text += " " + l
			continue
		}
		if !spell && continuationLine.MatchString(l) && len(units) > 0 && units[len(units)-1].kind == unitLine &&
			strings.Contains(units[len(units)-1].text, ": ") && strings.HasSuffix(units[len(units)-1].text, ".") {
			// The database breaks some activated abilities into
			// paragraphs (Boseiju, Demolition Field); a paragraph of a
			// permanent that can't stand alone continues the one before.
			units[len(units)-1].text += " " + l
			continue
		}
		units = append(units, unit{kind: unitLine, text: l})
	}
	return units, declined
}

// continuationLine is a permanent's paragraph that can't be an ability of
// its own: it goes on from an activated ability before it.
var continuationLine = regexp.MustCompile(`^(That player |That land's controller |This ability costs |You may search your library )`)

// insteadLine is a paragraph whose first sentence replaces what the one
// before it does ("Destroy that creature if ... instead if ..."); a
// paragraph that only later says "instead" ("Counter target spell. If
// that spell is countered this way, exile it instead ...") stands alone.
var insteadLine = regexp.MustCompile(`^[^.]*\binstead\b`)

// stripAbilityWord removes an ability word or flavor word ("Landfall — "),
// which has no rules meaning (CR 207.2c-d).
func stripAbilityWord(l string) string {
	m := dashPrefix.FindStringSubmatch(l)
	if m == nil || strings.HasPrefix(m[1], "Choose") || slices.Contains(abilityWordKeep, m[1]) {
		return l
	}
	return m[2]
}

var romanList = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

func parseRomans(s string) []int {
	var out []int
	for _, r := range strings.Split(s, ", ") {
		n := slices.Index(romanList, r)
		if n <= 0 {
			return nil
		}
		out = append(out, n)
	}
	return out
}

func romans(ns []int) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, romanList[n])
	}
	return strings.Join(parts, ", ")
}

// joinBrokenLines joins a triggered ability's paragraph that the card data
// breaks mid-sentence ("... you may sacrifice" / "~. If you do, ...")
// with the line after it. A modal header's "choose one" keeps its
// bullets.
func joinBrokenLines(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		for brokenTrigger.MatchString(l) && i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "•") {
			i++
			l += " " + lines[i]
		}
		out = append(out, l)
	}
	return out
}

// brokenTrigger is a trigger's paragraph that ends on a word, not a stop.
var brokenTrigger = regexp.MustCompile(`^(When|Whenever|At) .*[a-z~]$`)
