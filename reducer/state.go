package reducer

import (
	"unsafe"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// State is a whole game position. It changes only through Effects.
type State struct {
	Match        string
	Format       string
	StartingLife int
	BestOf       int // games in the match
	// pool resolves card names; it is shared and read-only.
	pool *cards.Pool
	// Players in seat order; a player's index is its seat.
	Players []*Player
	// Objects by id; nil once an object has left its zone (CR 400.7).
	// Index 0 is unused.
	Objects []*Object
	// Cards by card id (index 0 unused): what each card is and who owns it.
	Cards []Card

	Battlefield []ObjID // in the order permanents entered
	Stack       []ObjID // bottom first: the top is the last
	Exile       []ObjID

	Game     int  // 1-based game of the match
	Turn     int  // 0 before the first turn
	Step     Step // StepNone before the first turn
	Active   int  // seat of the active player
	Priority int  // seat holding priority, or -1
	// Passes counts consecutive passes with no action between (CR 117.4).
	Passes int

	Pending Question

	// Triggers are triggered abilities waiting to be put on the stack the
	// next time a player would receive priority (CR 603.3).
	Triggers []Trigger
	// Delayed are the delayed triggered abilities waiting for their event
	// (CR 603.7), in the order they were created (interp_delayed.go).
	Delayed []Trigger

	// Continuous are the continuous effects from resolved spells and
	// abilities now in force, in timestamp order (CR 611, 613); Timestamp
	// is the last one given out.
	Continuous []Continuous
	Timestamp  int

	// Discovery is the discover under way (CR 701.57), or nil.
	Discovery *Discovery

	// ExtraTurns are the seats of the extra turns to come, the most
	// recently created last (CR 500.7, interp_extraturn.go).
	ExtraTurns []int

	// Declared are the cards the match declared (declare.go), in order;
	// declared are their definitions, found by name before the pool's.
	Declared []Declared
	declared []*cards.Card
	// lastDef is the pool's last answer to cardDef: a lookup cache of
	// read-only data, which a clone may share.
	lastDef struct {
		name string
		card *cards.Card
	}
	// declaredSums: what the digest covers of each of Declared, worked
	// out once (declaredHashes); dropped by Clone.
	declaredSums [][32]byte

	// linked: every object points back at this state (see link).
	linked bool
	// readingStatics: a language static's filter or condition is being
	// read (interp_static.go); statics don't apply meanwhile.
	readingStatics bool
	// specials counts the objects in Objects that are tokens or copies
	// (see special): derived data, kept by addObject, removeObject,
	// newGame and OpBecomeCopy, copied by Clone and recounted when a
	// snapshot is read. Not part of the digest. When it is 0 the
	// state-based actions skip the scan for tokens and spell copies that
	// must cease to exist (CR 704.5d, 704.5e).
	specials int
	// specialIDs are the ids, ascending, of the objects that were tokens
	// or copies when added or made copies: every such object in Objects,
	// and some that have left since (the scan for them drops those).
	// Derived as specials is; the scan walks these, not every object.
	specialIDs []ObjID
	// cardFacts: what the match's cards read (interp_zonetriggers.go),
	// derived like specials.
	cardFacts matchCardFacts
	// changes counts the effects applied to this state (apply) other than
	// priority and the pending question, which nothing below reads.
	// statics lists the permanents with static abilities as of some count
	// (static_sources.go), dropped by Clone; sbaClean is the count, plus
	// one, at which the state-based actions last found nothing to do
	// (sba.go), legendClean the same for the legend rule (legend.go).
	// placed counts the same effects and the quiet entries onto the
	// battlefield besides (sba_quiet.go): the static sources are listed
	// as of it. Derived data, not part of a snapshot or the digest.
	// paying: the spell or ability whose costs mana spent now pays
	// (interp_spent.go), from its OpSpell until priority or a question;
	// within one input, so not part of a snapshot or the digest.
	paying   ObjID
	changes  uint64
	placed   uint64
	statics  staticSources
	sbaClean uint64
	// legendClean: see sbaClean; entersClean the same for the choices
	// permanents make as they enter (interp_replace.go), overClean for
	// the end of the game: two players or more were left (sba.go).
	legendClean, entersClean, overClean uint64
	// slabs: the zero objects newObject hands out (object_slab.go).
	slabs objSlabs
	// tokenNames: the names of the tokens tokenDef described last
	// (interp_verbs.go), dropped by Clone.
	tokenNames tokenNames

	// Over is set when the match has ended; GameWins counts games won.
	Over     bool
	GameWins []int
	// Winner of the current game once it ended: a seat, or -1 for a draw.
	GameOver bool
	Winner   int
}

// Card is a card of the match: its definition and its owner.
type Card struct {
	Def   *cards.Card
	Owner int
	// Sideboard marks a card that starts the game in the sideboard.
	Sideboard bool
}

// Player is one seat.
type Player struct {
	ID, Name string
	Life     int
	// Library is top first.
	Library   []ObjID
	Hand      []ObjID
	Graveyard []ObjID // bottom first: the top is the last
	Command   []ObjID
	Pool      []Mana

	LandsPlayed int // this turn (CR 305.2)
	Drawn       int // cards drawn this turn, where a card reads it (interp_zonetriggers.go)
	Spells      int // spells cast this turn (interp_spellcount.go)
	Noncreature int // noncreature spells among them
	Mulligans   int
	Kept        bool
	Decided     bool // took a mulligan this round, not yet shuffled
	Lost        bool
	LossReason  string
	// Counters a player has (poison, energy: CR 122.1), sorted by kind;
	// the table gives and takes them (table.go).
	Counters []Counter
	// ChosePlay: the player chose whether to play first in the current
	// game (set as the question is asked, OpAsk), who chooses again
	// after a drawn game (CR 103.1c; MTR 2.2). DrewEmpty: the player
	// attempted to draw from an empty library since the last check of
	// state-based actions (CR 704.5b). Neither is in the digest: the
	// first is new to it, the second never set where a digest is taken.
	ChosePlay, DrewEmpty bool
	// Left: a permanent the player controlled left the battlefield this
	// turn (revolt, interp_turnfacts.go).
	Left bool
}

// Mana is one mana in a pool: its type and the source that made it.
type Mana struct {
	Color  cards.Color
	Source ObjID
	// Legendary: the source was legendary as it made the mana (MANA-8).
	Legendary bool
	// Spend: it may be spent only to cast spells this matches (CR 106.6);
	// nil: on anything.
	Spend *ability.Filter
	// Uncounterable: a spell it is spent to cast can't be countered
	// (interp_chosen_type.go); only mana with a Spend restriction.
	Uncounterable bool
}

// Object is a card or token in a zone, or a spell or ability on the stack.
//
// One is made for every card at a game's start and at every zone change
// (CR 400.7), so its fields are laid out by size, words first, then ids,
// then flags, leaving no padding between them.
type Object struct {
	// state is the state the object belongs to, for characteristics that
	// depend on other objects (continuous effects, static abilities).
	state *State

	Def        *cards.Card
	Owner      int
	Controller int

	Damage   int
	Counters []Counter // sorted by kind

	// An activated ability on the stack: its index on the source's card
	// plus one (0: not an ability), and the source permanent (Source,
	// below). A triggered ability sets Trigger the same way and carries
	// its source's LKI.
	Ability int
	Trigger int
	LKI     *LKI
	// A triggered ability's event (see Trigger): the player, the object's
	// LKI, and the object (Event, below).
	EventSeat int
	EventLKI  *LKI

	// On the stack: what was chosen as it was cast. Face is the face whose
	// characteristics the object has when they aren't its card's usual
	// ones: on the stack the face cast (an Adventure, a split half, a
	// modal DFC's back, cards.PrototypeFace), on the battlefield the face
	// up (transformed, flipped, a modal DFC's back, prototyped, melded);
	// see faces.go.
	X       int
	Targets []Target
	Face    string
	// Step is how far its resolution has got: one more for each question
	// answered while it resolves.
	Step int

	// In exile: who may cast it and why, and what exiled it (for
	// explanations).
	MayCast  []Permission
	ExiledBy string

	// Until end of turn: +P/+T from effects ("target creature gets +3/+3").
	PumpP, PumpT int

	// Combat: the seat attacked plus one (0: not attacking); for a
	// blocker the attacker it blocks (Blocking, below).
	Attacking int

	// Used: the once-a-turn abilities of this permanent used, with their
	// turn (a loyalty ability, CR 606.3; Johann's cast from the top).
	Used []Use

	// Kicks: how many times a multikicked spell was kicked, when more
	// than once (interp_multikicker.go).
	Kicks int
	// Times: how many copies the spell's cast trigger makes (storm,
	// replicate: interp_copies.go).
	Times int
	// ClassLevel: a Class's level (0 and 1 both mean level 1, where every
	// Class starts; interp_class.go). Not a counter, and not copiable.
	ClassLevel int
	// CastWith: the alternative cost the spell was cast for ("evoke",
	// CR 118.9), kept by the permanent it becomes (interp_altcosts.go).
	CastWith string
	// SkipUntap: the permanent doesn't untap during that many of its
	// controller's next untap steps ("doesn't untap during its controller's next untap step"; mana.go).
	SkipUntap int
	// Regen is how many regeneration shields the permanent has this turn
	// (CR 701.19, regenerate.go).
	Regen int
	// Chosen is what was chosen as an Aura entered ("As this Aura enters,
	// choose a color": a mana letter). aura.go.
	Chosen string
	// Lang is a language spell's or ability's choices and progress on the
	// stack (interp_state.go); nil otherwise.
	Lang *LangState
	// Text is the text of an ability the table put on the stack; Facts
	// describe a token the table created that the card data doesn't hold
	// (table.go).
	Text  string
	Facts *events.Characteristics
	// Spent is how much mana was spent to cast the spell (or on the spell
	// the permanent was), SpentColors the colours of it as bits 1<<Color
	// (interp_spent.go).
	Spent, SpentColors int

	ID   ObjID
	Card CardID // 0 for tokens and abilities
	// Source: an ability's source permanent (see Ability).
	Source ObjID
	// Event: the object a triggered ability's event is about (see
	// EventSeat).
	Event ObjID
	// Blocking: for a blocker, the attacker it blocks (see Attacking).
	Blocking ObjID
	// AttackingPW is the planeswalker it attacks (0: it attacks the player
	// Attacking names), CR 506.3.
	AttackingPW ObjID
	// AttachedTo is the object an Aura on the battlefield is attached to
	// (CR 303.4b), 0 for none (see Chosen). aura.go.
	AttachedTo ObjID
	// Melded is the second card of a melded permanent (CR 712; Card is
	// the first, whose back is the melded face): both leave together.
	Melded CardID

	Zone  Zone
	Token bool

	Tapped bool
	// Sick: the permanent came under its controller's control since the
	// start of that player's most recent turn (CR 302.6).
	Sick bool
	// Deathtouched: dealt damage by a source with deathtouch since the
	// last cleanup (CR 704.5h).
	Deathtouched bool
	Blocked      bool // an attacker that was blocked stays blocked (CR 509.1h)
	// Cast: a permanent that was a spell its controller cast (it entered
	// as that spell resolved); X is then that spell's X, which its
	// enters-the-battlefield abilities use. Neither is copiable.
	Cast bool
	// FaceDown: exiled face down (CR 406.3). CastFrom: on the stack, the
	// zone a spell was cast from when it wasn't a hand (ZoneNone).
	FaceDown bool
	CastFrom Zone
	// Copy: the object's characteristics are copiable values given by a
	// copy effect (CR 707.2, layer 1): Def is then the copied object's
	// definition (what it copies, POP-4), not its card's. A card stops
	// being a copy when it leaves the battlefield (its Def reverts, ADV-9);
	// a copy of a spell has no card and ceases to exist outside the stack
	// (CR 704.5e, ADV-10). Kicked: a spell cast with its kicker paid (CR
	// 702.33); copiable (CR 707.10), so a spell copy keeps it.
	Copy   bool
	Kicked bool
	// Uncounterable: a spell mana that says so was spent on: it can't be
	// countered (interp_chosen_type.go).
	Uncounterable bool
}

// Use is an ability used in a turn: its kind and the turn number.
type Use struct {
	Kind string
	Turn int
}

// Trigger is a triggered ability that has triggered (CR 603.2) and waits
// to be put on the stack.
type Trigger struct {
	Source     ObjID // the source as it was; it may be gone
	Def        *cards.Card
	Index      int // which triggered ability of Def
	Controller int
	LKI        LKI
	// The event: the object it is about (with its LKI, CR 608.2h) and the
	// player who acted.
	Event     ObjID
	EventSeat int
	EventLKI  *LKI
}

// LKI is the last known information of an object (CR 608.2h).
type LKI struct {
	Card             CardID // the card it was (0 for a token)
	Power, Toughness int
	Counters         []Counter
	// X and Cast: the X of the spell it was and whether it was cast (see
	// Object.Cast).
	X    int
	Cast bool
	// Moved: the new object it became in a public zone, for an ability
	// that triggered on that zone change (CR 400.7d); 0 otherwise.
	Moved ObjID `msgpack:",omitempty"`
	// Spent: the mana spent to cast the spell it was (interp_spent.go).
	Spent int `msgpack:",omitempty"`
}

// Counter is a kind of counter and how many.
type Counter struct {
	Kind string
	N    int
}

// Target is a chosen target: an object (Obj > 0) or a player's seat.
type Target = cards.Target

// Obj returns the object with id, or nil.
func (s *State) Obj(id ObjID) *Object {
	if int(id) < len(s.Objects) {
		return s.Objects[id]
	}
	return nil
}

// Seat returns the seat of the player with id, or -1. An input read in
// place names its player with the very string the match's start gave the
// seat (events' interned player ids), found by its address before any
// bytes are compared: asked once an input, for two players of ids of one
// length each comparison was a call.
func (s *State) Seat(id string) int {
	for i, p := range s.Players {
		if unsafe.StringData(p.ID) == unsafe.StringData(id) && len(p.ID) == len(id) {
			return i
		}
	}
	for i, p := range s.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// nextObjID is the id the next new object gets.
func (s *State) nextObjID() ObjID {
	if len(s.Objects) == 0 {
		return 1
	}
	return ObjID(len(s.Objects))
}

// zoneList returns the list holding zone z of seat (shared zones ignore seat).
func (s *State) zoneList(z Zone, seat int) *[]ObjID {
	switch z {
	case ZoneBattlefield:
		return &s.Battlefield
	case ZoneStack:
		return &s.Stack
	case ZoneExile:
		return &s.Exile
	}
	p := s.Players[seat]
	switch z {
	case ZoneLibrary:
		return &p.Library
	case ZoneHand:
		return &p.Hand
	case ZoneGraveyard:
		return &p.Graveyard
	case ZoneCommand:
		return &p.Command
	}
	return nil
}

// Opponent returns the next seat after seat (two-player games: the other).
func (s *State) Opponent(seat int) int { return (seat + 1) % len(s.Players) }

// link points every object at s. Clones and decoded snapshots start
// unlinked; the doors link before they read characteristics.
func (s *State) link() {
	if s.linked {
		return
	}
	for _, o := range s.Objects {
		if o != nil {
			o.state = s
		}
	}
	s.linked = true
}
