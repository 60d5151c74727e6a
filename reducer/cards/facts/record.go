package facts

// Record is one card's (or token's) facts, as the oracle files write them,
// plus the fields of the project's own records. Absent values are zero:
// a null power is "".
type Record struct {
	Name           string   `json:"name"`
	Layout         string   `json:"layout,omitempty"`
	ManaCost       string   `json:"mana_cost,omitempty"`
	ManaValue      int      `json:"mana_value,omitempty"`
	Colors         []string `json:"colors,omitempty"`
	ColorIdentity  []string `json:"color_identity,omitempty"`
	ColorIndicator []string `json:"color_indicator,omitempty"`
	TypeLine       string   `json:"type_line,omitempty"`
	Supertypes     []string `json:"supertypes,omitempty"`
	Types          []string `json:"types,omitempty"`
	Subtypes       []string `json:"subtypes,omitempty"`
	Power          string   `json:"power,omitempty"`
	Toughness      string   `json:"toughness,omitempty"`
	Loyalty        string   `json:"loyalty,omitempty"`
	Defense        string   `json:"defense,omitempty"`
	// Keywords is null when the source doesn't list them (a face of one
	// of the project's records), and [] when it lists none.
	Keywords []string `json:"keywords"`
	Oracle   string   `json:"oracle_text,omitempty"`
	// Faces are a multi-face card's faces in printed order: a split card's
	// halves, an adventurer's creature and Adventure, a double-faced
	// card's front and back, a flip card's two ends.
	Faces []Record `json:"faces,omitempty"`
	// Legalities by format: legal, not_legal, banned or restricted.
	Legalities   map[string]string `json:"legalities,omitempty"`
	FirstPrinted string            `json:"first_printed,omitempty"`
	Sets         []string          `json:"sets,omitempty"`
	// Funny: printed only in un-sets. OracleIncomplete: the source lacked
	// the text of at least one ability.
	Funny            bool   `json:"funny,omitempty"`
	OracleIncomplete bool   `json:"oracle_incomplete,omitempty"`
	Source           string `json:"source,omitempty"`

	// The project's own fields (data/extras.json).

	// Category says what the record is to the project ("adventure
	// (playtest)", "token", ...).
	Category string `json:"category,omitempty"`
	// GrantedAdventure is an Adventure the card gives other cards
	// (Starting Town NPC's Fetch Herbs).
	GrantedAdventure *Record `json:"granted_adventure,omitempty"`
	GrantedTo        string  `json:"granted_to,omitempty"`
	// Verified: the record was checked by hand against the printed card.
	Verified bool `json:"verified,omitempty"`
	// Extra marks one of the project's own records as it is encoded (a
	// record flag, FlagExtra, not a field of the JSON).
	Extra bool `json:"-"`

	// Tokens (tokens.jsonl.gz): the token as cards describe it, and the
	// source's id for its definition.
	Description string `json:"description,omitempty"`
	SourceID    string `json:"source_id,omitempty"`
}

// Layouts that are not traditional Magic cards (CR 100.2, 901-905): they
// are kept as facts but never start a match.
var nonTraditionalLayouts = map[string]bool{"vanguard": true, "planar": true, "scheme": true}

// nonTraditionalTypes are the card types of casual variants' cards.
var nonTraditionalTypes = map[string]bool{
	"Vanguard": true, "Plane": true, "Phenomenon": true, "Scheme": true, "Conspiracy": true,
}

// Variant returns the card type of a casual variant's card ("Vanguard",
// "Plane", "Phenomenon", "Scheme", "Conspiracy"), or "".
func (r *Record) Variant() string {
	for _, t := range r.Types {
		if nonTraditionalTypes[t] {
			return t
		}
	}
	if nonTraditionalLayouts[r.Layout] {
		return r.Layout
	}
	return ""
}

// IsToken reports whether the record is a token definition.
func (r *Record) IsToken() bool { return r.Layout == "token" }

// Traditional reports whether the record is a traditional Magic card, the
// kind a deck holds: not a token, a casual variant's card or an un-card.
func (r *Record) Traditional() bool { return !r.IsToken() && !r.Funny && r.Variant() == "" }

// multiFace reports whether the card is named after its first face in most
// zones: every multi-face layout but split cards, which have both names
// (CR 709.4).
func (r *Record) multiFace() bool { return len(r.Faces) > 0 && r.Layout != "split" }

// CanonicalName is the name a decklist prints for the card and the pool
// knows it by: a split card's (or Room's) full "A // B" name; the first
// face's name for every other multi-face card (an adventurer, a
// double-faced or flip card); otherwise its name.
func (r *Record) CanonicalName() string {
	if r.multiFace() {
		return r.Faces[0].Name
	}
	return r.Name
}
