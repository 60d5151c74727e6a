package events

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// TableActor is the actor of table facts: match_started, setup, random.
const TableActor = "table"

// Mulligan: the player takes a mulligan (London mulligan, CR 103.5).
type Mulligan struct {
	Player string `json:"player"`
}

// Keep: the player keeps the hand and puts Bottom on the bottom of the library.
type Keep struct {
	Player string `json:"player"`
	Bottom []Ref  `json:"bottom,omitempty"`
}

// Pass: the player passes priority.
type Pass struct {
	Player string `json:"player"`
}

// PlayLand: the player plays a land. Face names the face played when it
// isn't the front: a modal double-faced card's back (CR 712).
type PlayLand struct {
	Player string `json:"player"`
	Card   Ref    `json:"card"`
	Face   string `json:"face,omitempty"`
}

// Payment spends one mana from the pool: its type and the source that made it.
type Payment struct {
	Mana   string `json:"mana"` // W, U, B, R, G or C
	Source Ref    `json:"source,omitempty"`
}

// Cast: the player casts a spell (CR 601.2). Face names the Adventure or
// split-card half cast, or a modal double-faced card's back (CR 712);
// for a split card with fuse (CR 702.102) the whole card's name ("Wear //
// Tear") casts both halves from the hand, Targets then listing the left
// half's targets, then the right half's. An aftermath half (CR 702.127)
// is named in Face too, cast from the graveyard. Prototype casts a
// prototype card for its prototype cost, with its prototype's power,
// toughness and colour (CR 718).
type Cast struct {
	Player  string `json:"player"`
	Card    Ref    `json:"card"`
	Face    string `json:"face,omitempty"` // Adventure, split half or modal DFC back; the whole card: fuse
	X       int    `json:"x,omitempty"`
	Targets []Ref  `json:"targets,omitempty"`
	Modes   []int  `json:"modes,omitempty"`
	// Delve lists the graveyard cards exiled to pay for the spell's
	// generic mana, one each (CR 702.66a); Improvise the untapped
	// artifacts tapped to (CR 702.126a).
	Delve     []Ref `json:"delve,omitempty"`
	Improvise []Ref `json:"improvise,omitempty"`
	// Harmonize names the untapped creature tapped as a spell is cast with
	// harmonize, reducing its cost by that creature's power (CR 702.180a).
	Harmonize Ref       `json:"harmonize,omitempty"`
	Pay       []Payment `json:"pay,omitempty"` // omitted: the documented default payment
	// Kicked: the optional kicker cost is paid (CR 702.33). Kicks: how
	// many times a multikicker cost is paid (CR 702.33c); "kicked": true
	// alone is once.
	Kicked bool `json:"kicked,omitempty"`
	Kicks  int  `json:"kicks,omitempty"`
	// Entwine: every mode is chosen and the entwine cost paid (CR 702.42).
	Entwine bool `json:"entwine,omitempty"`
	// Convoke lists the untapped creatures tapped to pay for the spell,
	// each for {1} or one mana of its colour (CR 702.51a).
	Convoke []Ref `json:"convoke,omitempty"`
	// Conspire lists the two untapped creatures sharing a colour with the
	// spell tapped to copy it (CR 702.78a).
	Conspire []Ref `json:"conspire,omitempty"`
	// Permission names the permanent (by id or name) whose permission
	// the spell is cast by, when several could apply (CR 601.3).
	Permission Ref `json:"permission,omitempty"`
	// Replicate: how many times the replicate cost is paid (CR 702.56a).
	Replicate int `json:"replicate,omitempty"`
	// Prototype: cast for its prototype cost (CR 718).
	Prototype bool `json:"prototype,omitempty"`
	// Alternative names an alternative cost paid rather than the mana
	// cost (CR 118.9): "alternative" for the card's own ("You may pay 1
	// life and exile a blue card from your hand rather than pay ~'s mana
	// cost"; "alternative 2" for its second), or a keyword's ("evoke").
	Alternative string `json:"alternative,omitempty"`
	CostChoices
}

// CostChoices name the objects a cost takes where the player chooses
// them (CR 601.2h): the permanents it sacrifices, the cards it discards
// or exiles, the permanents it returns to their owner's hand or taps
// ("Tap an untapped creature you control"), the cards it reveals. Where
// only one choice is possible it may be left out.
type CostChoices struct {
	Sacrifice []Ref `json:"sacrifice,omitempty"`
	Discard   []Ref `json:"discard,omitempty"`
	Exile     []Ref `json:"exile,omitempty"`
	Return    []Ref `json:"return,omitempty"`
	TapOthers []Ref `json:"tap_others,omitempty"`
	Reveal    []Ref `json:"reveal,omitempty"`
}

func (c *CostChoices) check() *FieldError {
	if len(c.Sacrifice)+len(c.Discard)+len(c.Exile)+len(c.Return)+len(c.TapOthers)+len(c.Reveal) == 0 {
		return nil // most costs choose nothing: no six calls to say so
	}
	return firstErr(checkRefs("sacrifice", c.Sacrifice), checkRefs("discard", c.Discard), checkRefs("exile", c.Exile),
		checkRefs("return", c.Return), checkRefs("tap_others", c.TapOthers), checkRefs("reveal", c.Reveal))
}

// Activate: the player activates an ability of Source (CR 602).
type Activate struct {
	Player string `json:"player"`
	Source Ref    `json:"source"`
	// Ability is the ability's number: every activated ability of the
	// source, mana abilities included, in Oracle order, then the ones
	// effects grant it in timestamp order (0-based; show --json lists
	// them). AbilityText names it by its cost or the start of its text
	// instead ("{1}{W/U}, {Q}").
	Ability     int       `json:"ability,omitempty"`
	AbilityText string    `json:"ability_text,omitempty"`
	Targets     []Ref     `json:"targets,omitempty"`
	X           int       `json:"x,omitempty"`
	Choice      string    `json:"choice,omitempty"`
	Pay         []Payment `json:"pay,omitempty"`
	// Tap names the permanent a cost "Tap an untapped ... you control"
	// taps (Relic of Legends: a legendary creature); omitted otherwise.
	Tap Ref `json:"tap,omitempty"`
	// Special names a special action (CR 116.2) taken with Source instead
	// of an ability: "plot" exiles a card with plot from the hand, paying
	// its plot cost (CR 702.170a). Ability, AbilityText, Targets, X and
	// Choice are then left out.
	Special string `json:"special,omitempty"`
	CostChoices
}

// Choose answers the question the reducer asked the player.
type Choose struct {
	Player string `json:"player"`
	Answer Answer `json:"answer"`
}

// Answer is one or more chosen values. In JSON a single string or number may
// stand for a list of one.
type Answer []string

// UnmarshalJSON accepts a string, a number, or an array of strings and numbers.
func (a *Answer) UnmarshalJSON(data []byte) error {
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	one := func(v any) (string, error) {
		switch v := v.(type) {
		case string:
			return v, nil
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64), nil
		}
		return "", fmt.Errorf("want a string or a number, got %s", jsonTypeName(v))
	}
	switch v := raw.(type) {
	case []any:
		out := make(Answer, 0, len(v))
		for _, e := range v {
			s, err := one(e)
			if err != nil {
				return err
			}
			out = append(out, s)
		}
		*a = out
		return nil
	case nil:
		*a = nil
		return nil
	default:
		s, err := one(v)
		if err != nil {
			return err
		}
		*a = Answer{s}
		return nil
	}
}

// Attacker declares one attacking creature and what it attacks.
type Attacker struct {
	Creature Ref    `json:"creature"`
	Defender string `json:"defender"` // a player id or a planeswalker or battle
}

// Attack declares attackers (CR 508); an empty list attacks with nothing.
type Attack struct {
	Player    string     `json:"player"`
	Attackers []Attacker `json:"attackers,omitempty"`
}

// BlockAssign declares one blocker and the attacker it blocks.
type BlockAssign struct {
	Blocker  Ref `json:"blocker"`
	Attacker Ref `json:"attacker"`
}

// Block declares blockers (CR 509); an empty list blocks with nothing.
type Block struct {
	Player string        `json:"player"`
	Blocks []BlockAssign `json:"blocks,omitempty"`
}

// Concede: the player concedes the game (CR 104.3a).
type Concede struct {
	Player string `json:"player"`
}

func (*Mulligan) Kind() Kind { return KindMulligan }
func (*Keep) Kind() Kind     { return KindKeep }
func (*Pass) Kind() Kind     { return KindPass }
func (*PlayLand) Kind() Kind { return KindPlayLand }
func (*Cast) Kind() Kind     { return KindCast }
func (*Activate) Kind() Kind { return KindActivate }
func (*Choose) Kind() Kind   { return KindChoose }
func (*Attack) Kind() Kind   { return KindAttack }
func (*Block) Kind() Kind    { return KindBlock }
func (*Concede) Kind() Kind  { return KindConcede }

func (b *Mulligan) actingPlayer() string { return b.Player }
func (b *Keep) actingPlayer() string     { return b.Player }
func (b *Pass) actingPlayer() string     { return b.Player }
func (b *PlayLand) actingPlayer() string { return b.Player }
func (b *Cast) actingPlayer() string     { return b.Player }
func (b *Activate) actingPlayer() string { return b.Player }
func (b *Choose) actingPlayer() string   { return b.Player }
func (b *Attack) actingPlayer() string   { return b.Player }
func (b *Block) actingPlayer() string    { return b.Player }
func (b *Concede) actingPlayer() string  { return b.Player }

func checkPlayer(p string) *FieldError {
	if p == "" {
		return fieldErr("player", "missing")
	}
	if !validID(p) {
		return fieldErr("player", "%q is not a valid id (%s)", p, idRule)
	}
	return nil
}

func checkRefs(field string, refs []Ref) *FieldError {
	for i, r := range refs {
		if r == "" {
			return fieldErr(field+"["+itoa(i)+"]", "empty reference")
		}
	}
	return nil
}

func checkPay(pay []Payment) *FieldError {
	for i, p := range pay {
		switch p.Mana {
		case "W", "U", "B", "R", "G", "C":
		case "":
			return fieldErr("pay["+itoa(i)+"].mana", "missing")
		default:
			return fieldErr("pay["+itoa(i)+"].mana", "want one of W U B R G C, got %q", p.Mana)
		}
	}
	return nil
}

func firstErr(errs ...*FieldError) *FieldError {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (b *Mulligan) Check() *FieldError { return checkPlayer(b.Player) }
func (b *Pass) Check() *FieldError     { return checkPlayer(b.Player) }
func (b *Concede) Check() *FieldError  { return checkPlayer(b.Player) }

func (b *Keep) Check() *FieldError {
	return firstErr(checkPlayer(b.Player), checkRefs("bottom", b.Bottom))
}

func (b *PlayLand) Check() *FieldError {
	if e := checkPlayer(b.Player); e != nil {
		return e
	}
	if b.Card == "" {
		return fieldErr("card", "missing")
	}
	return nil
}

func (b *Cast) Check() *FieldError {
	if e := checkPlayer(b.Player); e != nil {
		return e
	}
	if b.Card == "" {
		return fieldErr("card", "missing")
	}
	if b.X < 0 {
		return fieldErr("x", "negative")
	}
	if b.Kicks < 0 {
		return fieldErr("kicks", "negative")
	}
	for i, m := range b.Modes {
		if m < 0 {
			return fieldErr("modes["+itoa(i)+"]", "negative")
		}
	}
	return firstErr(checkRefs("targets", b.Targets), checkPay(b.Pay), b.CostChoices.check(), checkRefs("delve", b.Delve), checkRefs("improvise", b.Improvise),
		checkRefs("convoke", b.Convoke), checkRefs("conspire", b.Conspire))
}

// (Activate.Tap is checked by the reducer: it must name an untapped
// permanent of the kind the cost asks for.)

func (b *Activate) Check() *FieldError {
	if e := checkPlayer(b.Player); e != nil {
		return e
	}
	if b.Source == "" {
		return fieldErr("source", "missing")
	}
	if b.Ability < 0 {
		return fieldErr("ability", "negative")
	}
	if b.Ability != 0 && b.AbilityText != "" {
		return fieldErr("ability_text", "name the ability by its number or by its text, not both")
	}
	if b.X < 0 {
		return fieldErr("x", "negative")
	}
	if b.Special != "" && (b.Ability != 0 || b.AbilityText != "" || len(b.Targets) > 0 || b.X != 0 || b.Choice != "") {
		return fieldErr("special", "a special action has no ability, targets, X or choice")
	}
	return firstErr(checkRefs("targets", b.Targets), checkPay(b.Pay), b.CostChoices.check())
}

func (b *Choose) Check() *FieldError {
	if e := checkPlayer(b.Player); e != nil {
		return e
	}
	if b.Answer == nil {
		return fieldErr("answer", "missing")
	}
	return nil
}

func (b *Attack) Check() *FieldError {
	if e := checkPlayer(b.Player); e != nil {
		return e
	}
	for i, a := range b.Attackers {
		at := "attackers[" + itoa(i) + "]"
		if a.Creature == "" {
			return fieldErr(at+".creature", "missing")
		}
		if a.Defender == "" {
			return fieldErr(at+".defender", "missing")
		}
	}
	return nil
}

func (b *Block) Check() *FieldError {
	if e := checkPlayer(b.Player); e != nil {
		return e
	}
	for i, a := range b.Blocks {
		at := "blocks[" + itoa(i) + "]"
		if a.Blocker == "" {
			return fieldErr(at+".blocker", "missing")
		}
		if a.Attacker == "" {
			return fieldErr(at+".attacker", "missing")
		}
	}
	return nil
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
