package events

// The parts of a setup that place what is under way: spells and abilities
// on the stack, triggered abilities waiting to be put on it, the question
// the game waits on, and continuous effects of resolved spells and
// abilities. Objects are named by the ids the setup gives them (or by card
// id or name, as elsewhere in a setup); a player by id.

// StackObject is a spell or ability on the stack. Exactly one of Spell,
// Copy, Ability, Trigger or Text says what it is.
type StackObject struct {
	ID         Ref    `json:"id,omitempty"`
	Controller string `json:"controller"`
	// Spell is the card cast (Owner: its owner when not the controller).
	Spell Ref    `json:"spell,omitempty"`
	Owner string `json:"owner,omitempty"`
	// Copy is a copy of a spell (CR 707.10), by the spell's card name.
	Copy string `json:"copy,omitempty"`
	// Ability or Trigger is an activated or triggered ability of Source:
	// its place among the abilities of the source's card (Card, the
	// source's card name; left out, the card of the source the setup
	// places), counted from 0 as the engine stores it.
	Ability *int   `json:"ability,omitempty"`
	Trigger *int   `json:"trigger,omitempty"`
	Source  Ref    `json:"source,omitempty"`
	Card    string `json:"card,omitempty"`
	// Characteristics: the ability's source is a token the card data
	// doesn't hold as the match has it (one the table described): its
	// description, whose text holds the ability (setup_later.go).
	Characteristics *Characteristics `json:"characteristics,omitempty"`
	// Text is an ability the table put on the stack, by its text.
	Text string `json:"text,omitempty"`
	// As it was cast or activated: the face cast, X, targets (objects and
	// players), the zone cast from when not a hand, kicked, an
	// alternative cost ("evoke"), how many copies its cast trigger makes.
	Face     string `json:"face,omitempty"`
	X        int    `json:"x,omitempty"`
	Targets  []Ref  `json:"targets,omitempty"`
	CastFrom string `json:"cast_from,omitempty"`
	Kicked   bool   `json:"kicked,omitempty"`
	CastWith string `json:"cast_with,omitempty"`
	Times    int    `json:"times,omitempty"`
	Kicks    int    `json:"kicks,omitempty"` // multikicker's count, when more than once (CR 702.33c)
	// Spent and SpentColors: the mana spent to cast it, and its colours
	// as bits (see Permanent.SpentColors).
	Spent       int `json:"spent,omitempty"`
	SpentColors int `json:"spent_colors,omitempty"`
	// Uncounterable: mana spent on it said it can't be countered.
	Uncounterable bool `json:"uncounterable,omitempty"`
	// Choices: the modes chosen and how many targets each target slot
	// holds, for an ability in the ability language.
	Choices *Choices `json:"choices,omitempty"`
	// Progress: how far its resolution has got, when it waits on a
	// question as it resolves.
	Progress *Progress `json:"progress,omitempty"`
	// LKI is its source as it last was (CR 608.2h); Event, EventPlayer
	// and EventLKI the event a triggered ability triggered on.
	LKI         *LKI   `json:"lki,omitempty"`
	Event       Ref    `json:"event,omitempty"`
	EventPlayer string `json:"event_player,omitempty"`
	EventLKI    *LKI   `json:"event_lki,omitempty"`
}

// Choices are the modes chosen (CR 700.2) and the targets per slot.
type Choices struct {
	Modes []int `json:"modes"`
	Slots []int `json:"slots"`
}

// Progress is how far a resolution has got: its step (one per question
// answered), where in its effects it stopped, and what its effects bound.
type Progress struct {
	Step  int       `json:"step,omitempty"`
	Pc    []int     `json:"pc,omitempty"`
	Bound []Binding `json:"bound,omitempty"`
}

// Binding is what an effect bound under a name: objects and players, a
// chosen word, whether it happened.
type Binding struct {
	Name  string `json:"name"`
	Items []Ref  `json:"items,omitempty"`
	Text  string `json:"text,omitempty"`
	Did   bool   `json:"did,omitempty"`
}

// LKI is an object's last known information (CR 608.2h).
type LKI struct {
	Card      Ref      `json:"card,omitempty"` // its card id; none for a token
	Power     int      `json:"power"`
	Toughness int      `json:"toughness"`
	Counters  Counters `json:"counters,omitempty"`
	X         int      `json:"x,omitempty"`
	Cast      bool     `json:"cast,omitempty"`
	// Moved: the object it became in a public zone (CR 400.7d); Spent:
	// the mana spent to cast the spell it was.
	Moved Ref `json:"moved,omitempty"`
	Spent int `json:"spent,omitempty"`
}

// WaitingTrigger is a triggered ability that has triggered and waits to be
// put on the stack (CR 603.3): ability Index of Card's abilities, from
// Source (which may be gone), for Controller.
type WaitingTrigger struct {
	Source      Ref    `json:"source"`
	Card        string `json:"card"`
	Index       int    `json:"index"`
	Controller  string `json:"controller"`
	LKI         LKI    `json:"lki"`
	Event       Ref    `json:"event,omitempty"`
	EventPlayer string `json:"event_player,omitempty"`
	EventLKI    *LKI   `json:"event_lki,omitempty"`
	// Characteristics: as a stack object's, for a token the table
	// described.
	Characteristics *Characteristics `json:"characteristics,omitempty"`
}

// Pending is the question the game waits on when it isn't priority:
// "mulligan", "choose", "attack", "block", "cast", "random" (Player then
// empty: the table), with its particulars as the reducer asks them.
type Pending struct {
	Ask       string   `json:"ask"`
	Player    string   `json:"player,omitempty"`
	Random    string   `json:"random,omitempty"`
	Of        string   `json:"of,omitempty"`
	Resolving Ref      `json:"resolving,omitempty"`
	N         int      `json:"n,omitempty"`
	Max       int      `json:"max,omitempty"`
	Prompt    string   `json:"prompt,omitempty"`
	What      string   `json:"what,omitempty"`
	Options   []string `json:"options,omitempty"`
}

// SetupEffect is a continuous effect of a resolved spell or ability (CR
// 611): its timestamp, source, controller, the objects it affects, its
// duration (Until: "end_of_turn", "your_next_turn", "leaves",
// "permanent"), and what it does: types added, keywords gained, "{T}: Add
// one mana of any color.", power and toughness added, a rule changed.
type SetupEffect struct {
	Timestamp    int      `json:"timestamp"`
	Source       Ref      `json:"source,omitempty"`
	Controller   string   `json:"controller"`
	Objects      []Ref    `json:"objects,omitempty"`
	Until        string   `json:"until"`
	Supertypes   []string `json:"supertypes,omitempty"`
	Subtypes     []string `json:"subtypes,omitempty"`
	Keywords     []string `json:"keywords,omitempty"`
	AnyColorMana bool     `json:"any_color_mana,omitempty"`
	Power        int      `json:"power,omitempty"`
	Toughness    int      `json:"toughness,omitempty"`
	Rule         string   `json:"rule,omitempty"`
	// Grants: what an effect the table described adds beyond the above:
	// card types, colours, abilities by text.
	Grants *Grants `json:"grants,omitempty"`
	// Becomes: what an effect makes its objects become ("becomes a 4/4
	// Elemental creature"): card types added, every creature type, colours
	// set (none: colourless), base power and toughness set, object rules
	// ("cant_block").
	Becomes *Becomes `json:"becomes,omitempty"`
}

// Grants is what an effect the table described adds.
type Grants struct {
	Types     []string `json:"types,omitempty"`
	Colors    []string `json:"colors,omitempty"`
	Abilities []string `json:"abilities,omitempty"`
}

// Becomes is what an effect makes its objects become.
type Becomes struct {
	Types            []string `json:"types,omitempty"`
	AllCreatureTypes bool     `json:"all_creature_types,omitempty"`
	SetColors        bool     `json:"set_colors,omitempty"`
	Colors           []string `json:"colors,omitempty"`
	SetPT            bool     `json:"set_pt,omitempty"`
	Power            int      `json:"power,omitempty"`
	Toughness        int      `json:"toughness,omitempty"`
	Rules            []string `json:"rules,omitempty"`
	// Granted: quoted abilities gained, each the N-th ability card
	// Card's text grants, in the order of its text ("Urza's Saga" 1:
	// its chapter II's Construct ability).
	Granted []GrantedAbility `json:"granted,omitempty"`
}

// GrantedAbility names an ability a card's text grants.
type GrantedAbility struct {
	Card string `json:"card"`
	N    int    `json:"n"`
}

func (b *Setup) checkUnderWay() *FieldError {
	for i, o := range b.Stack {
		at := "stack[" + itoa(i) + "]"
		if o.Controller == "" {
			return fieldErr(at+".controller", "missing")
		}
		n := 0
		for _, set := range []bool{o.Spell != "", o.Copy != "", o.Ability != nil, o.Trigger != nil, o.Text != ""} {
			if set {
				n++
			}
		}
		if n != 1 {
			return fieldErr(at, "%d of spell, copy, ability, trigger and text: exactly one says what it is", n)
		}
		if (o.Ability != nil || o.Trigger != nil) && o.Source == "" {
			return fieldErr(at+".source", "missing: an ability has a source")
		}
		if o.X < 0 {
			return fieldErr(at+".x", "negative: %d", o.X)
		}
	}
	for i, t := range b.Triggers {
		at := "triggers[" + itoa(i) + "]"
		switch {
		case t.Source == "":
			return fieldErr(at+".source", "missing")
		case t.Card == "":
			return fieldErr(at+".card", "missing")
		case t.Controller == "":
			return fieldErr(at+".controller", "missing")
		case t.Index < 0:
			return fieldErr(at+".index", "negative: %d", t.Index)
		}
	}
	if b.Pending != nil && b.Pending.Ask == "" {
		return fieldErr("pending.ask", "missing")
	}
	for i, e := range b.Continuous {
		at := "continuous[" + itoa(i) + "]"
		switch {
		case e.Controller == "":
			return fieldErr(at+".controller", "missing")
		case e.Timestamp < 1:
			return fieldErr(at+".timestamp", "missing or below 1")
		case !slicesContains(untils, e.Until):
			return fieldErr(at+".until", "%q is not one of end_of_turn, your_next_turn, leaves, permanent", e.Until)
		case i > 0 && e.Timestamp <= b.Continuous[i-1].Timestamp:
			return fieldErr(at+".timestamp", "%d: effects are listed in timestamp order", e.Timestamp)
		}
		var colors []string
		if e.Grants != nil {
			colors = append(colors, e.Grants.Colors...)
		}
		if e.Becomes != nil {
			colors = append(colors, e.Becomes.Colors...)
		}
		for _, c := range colors {
			if !isManaLetter(c) || c == "C" {
				return fieldErr(at, "colour %q is not W, U, B, R or G", c)
			}
		}
	}
	if n := len(b.Continuous); n > 0 && b.Timestamp != 0 && b.Timestamp < b.Continuous[n-1].Timestamp {
		return fieldErr("timestamp", "%d is before the last effect's %d", b.Timestamp, b.Continuous[n-1].Timestamp)
	}
	return nil
}

func slicesContains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// Discovery is a discover (CR 701.57) or cascade (CR 702.85) under way:
// the spell or ability that discovers, who, the value, the card found
// (none: not yet) and the other cards exiled, in order.
type Discovery struct {
	Resolving Ref    `json:"resolving"`
	Player    string `json:"player"`
	N         int    `json:"n"`
	Card      Ref    `json:"card,omitempty"`
	Rest      []Ref  `json:"rest,omitempty"`
	Cascade   bool   `json:"cascade,omitempty"`
}
