package decklist

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Section is the part of a list an entry belongs to.
type Section int

// Sections of a list.
const (
	Main Section = iota
	Sideboard
	Commander // a commander: in a match_started it is part of the deck
	Companion // a companion: it starts the game outside it, in the sideboard
)

func (s Section) String() string {
	return [...]string{"main", "sideboard", "commander", "companion"}[s]
}

// Entry is one line of a list: Count copies of the card Name.
type Entry struct {
	Count   int
	Name    string
	Section Section
	Line    int // 1-based line of the file
}

// List is a parsed decklist.
type List struct {
	// Name is the deck's name when the file gives one (.dck), else "".
	Name    string
	Format  string // "text", "dek", "forge" or "xmage"
	Entries []Entry
}

// Error is a line that is no decklist line.
type Error struct {
	Line   int
	Text   string
	Reason string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s: %q", e.Line, e.Reason, e.Text) }

// Parse reads a decklist in any of the forms the package doc lists,
// telling them apart by their content.
func Parse(data []byte) (*List, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a byte-order mark
	trimmed := bytes.TrimSpace(data)
	switch {
	case bytes.HasPrefix(trimmed, []byte("<")):
		return parseDek(data)
	case forgeSection.Match(trimmed) || bytes.Contains(data, []byte("\n[Main]")):
		return parseForge(data)
	}
	return parseText(data)
}

var (
	// count: "4 ", "4x ", "4X ".
	countPrefix = regexp.MustCompile(`^(\d+)\s*[xX]?\s+(.+)$`)
	// an Arena set and collector number: " (M11) 149", " (M11)".
	arenaSuffix = regexp.MustCompile(`\s+\([A-Za-z0-9_]{2,8}\)(\s+\S+)?$`)
	// an XMage set and number before the name: "[M11:149] ".
	xmageSet = regexp.MustCompile(`^\[[A-Za-z0-9_]*:[^\]]*\]\s*`)
	// a Forge section header: "[Main]".
	forgeSection = regexp.MustCompile(`^\[[A-Za-z]+\]`)
)

// headers are the section headers of text lists, lower-cased, with or
// without a colon.
var headers = map[string]Section{
	"deck": Main, "main": Main, "maindeck": Main, "main deck": Main,
	"sideboard": Sideboard, "side": Sideboard, "side board": Sideboard,
	"commander": Commander, "commanders": Commander, "companion": Companion,
}

// parseText reads plain text, Arena and XMage lists.
func parseText(data []byte) (*List, error) {
	l := &List{Format: "text"}
	section := Main
	headed := false // a section header was seen: blank lines are only spacing
	blank, about := false, false
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			blank = true
			continue
		case strings.HasPrefix(line, "//") || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "NAME:"):
			l.Name, l.Format = strings.TrimSpace(line[len("NAME:"):]), "xmage"
			continue
		case strings.HasPrefix(line, "LAYOUT "):
			l.Format = "xmage"
			continue
		}
		if s, ok := headers[strings.ToLower(strings.TrimSuffix(line, ":"))]; ok {
			section, headed, blank, about = s, true, false, false
			continue
		}
		if strings.EqualFold(line, "about") {
			about, headed = true, true // Arena's "About" section: "Name My Deck"
			continue
		}
		if about {
			if rest, ok := cutPrefixFold(line, "Name "); ok {
				l.Name = strings.TrimSpace(rest)
			}
			continue
		}
		if blank && !headed && section == Main && len(l.Entries) > 0 {
			section = Sideboard // the sideboard follows the main deck after a blank line
		}
		blank = false
		sec := section
		if rest, ok := cutPrefixFold(line, "SB:"); ok {
			line, sec = strings.TrimSpace(rest), Sideboard
		}
		e, err := entry(line, n)
		if err != nil {
			return nil, err
		}
		if xmageSet.MatchString(e.Name) {
			e.Name, l.Format = xmageSet.ReplaceAllString(e.Name, ""), "xmage"
		}
		e.Name = strings.TrimSpace(arenaSuffix.ReplaceAllString(e.Name, ""))
		e.Section = sec
		l.Entries = append(l.Entries, e)
	}
	return l, nil
}

// entry reads "4 Name", "4x Name" or a bare "Name" (one copy).
func entry(line string, n int) (Entry, error) {
	e := Entry{Count: 1, Name: line, Line: n}
	if m := countPrefix.FindStringSubmatch(line); m != nil {
		c, err := strconv.Atoi(m[1])
		if err != nil || c <= 0 {
			return e, &Error{Line: n, Text: line, Reason: "a count must be a positive number"}
		}
		e.Count, e.Name = c, strings.TrimSpace(m[2])
	}
	if e.Name == "" {
		return e, &Error{Line: n, Text: line, Reason: "no card name"}
	}
	return e, nil
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// parseForge reads a Forge .dck file.
func parseForge(data []byte) (*List, error) {
	l := &List{Format: "forge"}
	section, skip := Main, false
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if forgeSection.MatchString(line) && strings.HasSuffix(line, "]") {
			name := strings.ToLower(strings.Trim(line, "[]"))
			s, ok := headers[name]
			section, skip = s, !ok // [metadata], [Planes], [Schemes], ...: not cards of a deck
			continue
		}
		if skip {
			if k, v, ok := strings.Cut(line, "="); ok && strings.EqualFold(k, "Name") {
				l.Name = strings.TrimSpace(v)
			}
			continue
		}
		name, _, _ := strings.Cut(line, "|") // "4 Lightning Bolt|M11|1"
		e, err := entry(strings.TrimSpace(name), n)
		if err != nil {
			return nil, err
		}
		e.Section = section
		l.Entries = append(l.Entries, e)
	}
	return l, nil
}

// parseDek reads a Magic Online .dek file.
func parseDek(data []byte) (*List, error) {
	var d struct {
		XMLName xml.Name `xml:"Deck"`
		Cards   []struct {
			Quantity  string `xml:"Quantity,attr"`
			Sideboard string `xml:"Sideboard,attr"`
			Name      string `xml:"Name,attr"`
		} `xml:"Cards"`
	}
	if err := xml.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("not a Magic Online .dek file: %w", err)
	}
	l := &List{Format: "dek"}
	lines := dekLines(data)
	for i, c := range d.Cards {
		n := 0
		if i < len(lines) {
			n = lines[i]
		}
		q, err := strconv.Atoi(strings.TrimSpace(c.Quantity))
		if err != nil || q <= 0 {
			return nil, &Error{Line: n, Text: c.Quantity, Reason: "Quantity must be a positive number"}
		}
		if strings.TrimSpace(c.Name) == "" {
			return nil, &Error{Line: n, Text: "", Reason: "a Cards element without a Name"}
		}
		s := Main
		if strings.EqualFold(c.Sideboard, "true") {
			s = Sideboard
		}
		l.Entries = append(l.Entries, Entry{Count: q, Name: strings.TrimSpace(c.Name), Section: s, Line: n})
	}
	return l, nil
}

// dekLines lists the line of each <Cards element, in order.
func dekLines(data []byte) []int {
	var out []int
	line := 1
	for i := 0; i < len(data); i++ {
		if data[i] == '\n' {
			line++
		} else if data[i] == '<' && bytes.HasPrefix(data[i+1:], []byte("Cards ")) {
			out = append(out, line)
		}
	}
	return out
}
