package events

import (
	"strconv"
	"strings"
)

// Ref names a card or an object: an id the reducer assigned ("o12", "c3") or,
// in a hand-written file, a card name where that is unambiguous.
type Ref = string

// MatchStarted opens a match. It must be the first input of every match.
type MatchStarted struct {
	Format       string   `json:"format"`
	Players      []Player `json:"players"`
	StartingLife int      `json:"starting_life,omitempty"` // 0: the format's default
	FirstPlayer  string   `json:"first_player,omitempty"`  // empty: decided by a random input
	Event        string   `json:"event,omitempty"`         // tournament or event name, for the index
	BestOf       int      `json:"best_of,omitempty"`       // games in the match; 0 means 1
	// Cards are cards the match declares for itself (declared.go).
	Cards []DeclaredCard `json:"cards,omitempty"`
	// TableKey is the table's Ed25519 public key (nkey form, "U...").
	// With it and each player's Key, every input of the match must be
	// signed by its actor (sign.go); without keys, none need be.
	TableKey string `json:"table_key,omitempty"`
}

// Player is one seat of a match with its deck list.
type Player struct {
	ID        string `json:"id"`   // match-local id, e.g. "p1"
	Name      string `json:"name"` // the person, as indexed
	Deck      []Ref  `json:"deck,omitempty"`
	Sideboard []Ref  `json:"sideboard,omitempty"`
	Key       string `json:"key,omitempty"` // the player's Ed25519 public key (nkey form)
}

func (*MatchStarted) Kind() Kind { return KindMatchStarted }

func (b *MatchStarted) Check() *FieldError {
	if b.Format == "" {
		return fieldErr("format", "missing")
	}
	if len(b.Players) == 0 {
		return fieldErr("players", "missing: a match needs at least one player")
	}
	seen := map[string]bool{}
	for i, p := range b.Players {
		at := "players[" + itoa(i) + "]"
		switch {
		case p.ID == "":
			return fieldErr(at+".id", "missing")
		case !validID(p.ID):
			return fieldErr(at+".id", "%q is not a valid id (%s)", p.ID, idRule)
		case p.ID == TableActor:
			return fieldErr(at+".id", "%q is reserved for table facts", p.ID)
		case seen[p.ID]:
			return fieldErr(at+".id", "%q is used twice", p.ID)
		case p.Name == "":
			return fieldErr(at+".name", "missing")
		case hasControl(p.Name):
			return fieldErr(at+".name", "control characters are not allowed")
		}
		seen[p.ID] = true
		for j, c := range p.Deck {
			if c == "" {
				return fieldErr(at+".deck["+itoa(j)+"]", "empty card name")
			}
		}
		for j, c := range p.Sideboard {
			if c == "" {
				return fieldErr(at+".sideboard["+itoa(j)+"]", "empty card name")
			}
		}
	}
	if hasControl(b.Event) {
		return fieldErr("event", "control characters are not allowed")
	}
	if hasControl(b.Format) {
		return fieldErr("format", "control characters are not allowed")
	}
	if b.StartingLife < 0 {
		return fieldErr("starting_life", "negative")
	}
	if b.BestOf < 0 {
		return fieldErr("best_of", "negative")
	}
	if b.FirstPlayer != "" && !seen[b.FirstPlayer] {
		return fieldErr("first_player", "%q is not one of the players", b.FirstPlayer)
	}
	if fe := b.checkKeys(); fe != nil {
		return fe
	}
	return checkDeclared(b.Cards)
}

// PlayerIDs lists the players' ids in seat order.
func (b *MatchStarted) PlayerIDs() []string {
	ids := make([]string, len(b.Players))
	for i, p := range b.Players {
		ids[i] = p.ID
	}
	return ids
}

// Setup places a whole position at once, for bug reports and tests that
// start mid-game.
type Setup struct {
	Game         int           `json:"game,omitempty"` // game of the match; 0 means 1
	Turn         int           `json:"turn"`
	Step         string        `json:"step"`
	ActivePlayer string        `json:"active_player"`
	Priority     string        `json:"priority,omitempty"` // empty: the active player
	Players      []SetupPlayer `json:"players"`
	// Passes: how many players have passed priority in a row, with no
	// action between, before the one with priority (CR 117.4).
	Passes int `json:"passes,omitempty"`
	// NextID is the id the next object made after the setup gets ("o58");
	// empty: the one after the highest the setup places.
	NextID Ref `json:"next_id,omitempty"`
	// Declare are cards the match declares as of the position, beyond its
	// match_started's: the tokens its effects defined ("Bird Token" with
	// its abilities), as match_started's cards are given.
	Declare []DeclaredCard `json:"declare,omitempty"`
	// Cards are cards new to the match, added before the zones are
	// placed, in order: each gets the next card id (the first after the
	// match's cards), so the zones may name it by that id (setup_cards.go).
	Cards []SetupCard `json:"cards,omitempty"`
	// Under way (setup_stack.go): the stack, bottom first; triggered
	// abilities waiting to be put on it, in order; the question the game
	// waits on when it isn't priority; continuous effects in timestamp
	// order, and the last timestamp given out (left out: the last
	// effect's).
	Stack      []StackObject    `json:"stack,omitempty"`
	Triggers   []WaitingTrigger `json:"triggers,omitempty"`
	Pending    *Pending         `json:"pending,omitempty"`
	Continuous []SetupEffect    `json:"continuous,omitempty"`
	Timestamp  int              `json:"timestamp,omitempty"`
	// Discovery is a discover or cascade under way.
	Discovery *Discovery `json:"discovery,omitempty"`
	// Later (setup_later.go): delayed triggered abilities waiting for
	// their event, in the order they were set up, and the players of the
	// extra turns to come, the most recently created last.
	Delayed    []DelayedTrigger `json:"delayed,omitempty"`
	ExtraTurns []string         `json:"extra_turns,omitempty"`
	// Over: the match is over, and how its last game ended (setup_over.go).
	Over *SetupOver `json:"over,omitempty"`
}

// SetupPlayer is one player's part of a position. Zones list cards; the
// library is top first.
type SetupPlayer struct {
	ID          string      `json:"id"`
	Life        *int        `json:"life"`
	Library     []Ref       `json:"library,omitempty"`
	Hand        []Ref       `json:"hand,omitempty"`
	Graveyard   []Ref       `json:"graveyard,omitempty"`
	Exile       []Ref       `json:"exile,omitempty"`
	Command     []Ref       `json:"command,omitempty"`
	Battlefield []Permanent `json:"battlefield,omitempty"`
	// IDs are the object ids of the cards in the zones above (setup.go).
	IDs *ZoneIDs `json:"ids,omitempty"`
	// Exiled are more cards in exile, after Exile's, each with its id,
	// face down or not, and who may cast it.
	Exiled []Exiled `json:"exiled,omitempty"`
	// Pool is the mana in the player's pool, in the order it was added.
	Pool []PoolMana `json:"pool,omitempty"`
	// LandsPlayed and SpellsCast count this turn's (CR 305.2); Counters
	// are the player's (poison, energy: CR 122.1), and GameWins the
	// games of the match the player has won before this one: either left
	// out keeps what the match had.
	LandsPlayed int      `json:"lands_played,omitempty"`
	SpellsCast  int      `json:"spells_cast,omitempty"`
	Counters    Counters `json:"counters,omitempty"`
	GameWins    *int     `json:"game_wins,omitempty"`
	// ChosePlay: the player chose whether to play first in this game
	// (after a draw, that player chooses again, CR 103.1c); left out by
	// every player, the match's chooser stays.
	ChosePlay bool `json:"chose_play,omitempty"`
	// GraveyardMayCast: who may cast cards in this player's graveyard, and
	// why ("flashback" granted by an effect).
	GraveyardMayCast []GraveyardMayCast `json:"graveyard_may_cast,omitempty"`
	// CardsDrawn, NoncreatureSpells and LeftBattlefield: this turn's
	// cards drawn, noncreature spells cast, and whether a permanent the
	// player controlled left the battlefield (revolt).
	CardsDrawn        int  `json:"cards_drawn,omitempty"`
	NoncreatureSpells int  `json:"noncreature_spells,omitempty"`
	LeftBattlefield   bool `json:"left_battlefield,omitempty"`
	// Lost: the player has lost the game, and why, while it goes on for
	// the others (CR 104.3, 800.4).
	Lost string `json:"lost,omitempty"`
	// Emblems in the player's command zone, after Command's cards, in
	// the order they were made, or each before the card its Before names
	// (setup_later.go).
	Emblems []Emblem `json:"emblems,omitempty"`
	// Before the first turn (step "pregame", setup_pregame.go): the
	// mulligans the player has taken this game, whether they kept, and
	// whether they took one this round and haven't shuffled yet.
	Mulligans  int  `json:"mulligans,omitempty"`
	Kept       bool `json:"kept,omitempty"`
	Mulliganed bool `json:"mulliganed,omitempty"`
}

// Permanent is a card on the battlefield in a setup, controlled by the
// player it is listed under.
type Permanent struct {
	// ID is the object id the permanent gets ("o12"); empty: the lowest
	// id the setup leaves free, in the order listed.
	ID            Ref      `json:"id,omitempty"`
	Card          Ref      `json:"card"`
	Tapped        bool     `json:"tapped,omitempty"`
	SummoningSick bool     `json:"summoning_sick,omitempty"`
	Counters      Counters `json:"counters,omitempty"`
	AttachedTo    Ref      `json:"attached_to,omitempty"`
	// Face is the face up when it isn't the card's usual one: a
	// transformed or flipped permanent's back, a modal DFC's back,
	// "prototype" (see reducer/faces.go).
	Face string `json:"face,omitempty"`
	// Token: Card is a token's name from the card data ("Goblin Token"),
	// or, with Characteristics, a token the card data doesn't hold.
	Token           bool             `json:"token,omitempty"`
	Characteristics *Characteristics `json:"characteristics,omitempty"`
	// Owner is the player who owns it when that isn't the one it is
	// listed under, its controller (CR 108.4).
	Owner string `json:"owner,omitempty"`
	// Damage marked this turn (CR 120.3), and whether a source with
	// deathtouch dealt some (CR 704.5h).
	Damage       int  `json:"damage,omitempty"`
	Deathtouched bool `json:"deathtouched,omitempty"`
	// Pump is what effects until end of turn add to its power and
	// toughness.
	Pump *Pump `json:"pump,omitempty"`
	// X is the X of the spell it was; Cast: it was a spell its controller
	// cast (it entered as that spell resolved).
	X    int  `json:"x,omitempty"`
	Cast bool `json:"cast,omitempty"`
	// Combat: the player ("p2") or planeswalker ("o14") it attacks, the
	// attacker it blocks, and an attacker that was blocked and stays so
	// with its blockers gone (CR 509.1h).
	Attacking string `json:"attacking,omitempty"`
	Blocking  Ref    `json:"blocking,omitempty"`
	Blocked   bool   `json:"blocked,omitempty"`
	// Used: its once-a-turn abilities used this turn ("loyalty", CR
	// 606.3; "cast_from_top").
	Used []string `json:"used,omitempty"`
	// RegenShields: regeneration shields this turn (CR 701.19);
	// SkipUntap: its controller's next untap steps it doesn't untap in;
	// Chosen: what was chosen as it entered (a colour's letter).
	RegenShields int    `json:"regeneration_shields,omitempty"`
	SkipUntap    int    `json:"skip_untap,omitempty"`
	Chosen       string `json:"chosen,omitempty"`
	// CopyOf: it is a copy of the card of that name (CR 707.2); a token
	// copy ("token": true) is named by it too. Kicked and CastWith: the
	// spell it was was kicked (CR 702.33), cast for an alternative cost
	// ("evoke", CR 118.9).
	CopyOf   string `json:"copy_of,omitempty"`
	Kicked   bool   `json:"kicked,omitempty"`
	CastWith string `json:"cast_with,omitempty"`
	// Kicks: how many times a multikicked spell was kicked, when more
	// than once (CR 702.33c; with kicked).
	Kicks int `json:"kicks,omitempty"`
	// Entering: choices still to make as it entered, its controller asked
	// before anyone gets priority ("pay 0", "choose 1": the kind and its
	// replacement ability's place; reducer/interp_replace.go).
	Entering []string `json:"entering,omitempty"`
	// MeldedWith is the second card of a melded permanent (CR 712.4):
	// Card is the first, whose back is the melded face (Face).
	MeldedWith Ref `json:"melded_with,omitempty"`
	// ClassLevel: a Class's level (CR 716); Spent and SpentColors: the
	// mana spent to cast the spell it was and its colours as bits
	// 1<<colour (W 1, U 2, B 4, R 8, G 16).
	ClassLevel  int `json:"class_level,omitempty"`
	Spent       int `json:"spent,omitempty"`
	SpentColors int `json:"spent_colors,omitempty"`
	// Choices and Progress: what a language ability of the permanent
	// chose and how far it has got (as a stack object's: an entering
	// choice under way); Times: how many copies its spell's cast trigger
	// makes (setup_later.go).
	Choices  *Choices  `json:"choices,omitempty"`
	Progress *Progress `json:"progress,omitempty"`
	Times    int       `json:"times,omitempty"`
}

// Counters counts the counters on a permanent by kind ("+1/+1", "loyalty").
// It is a named type so that its msgpack encoding can sort the keys (see
// Counters.EncodeMsgpack).
type Counters map[string]int

func (*Setup) Kind() Kind { return KindSetup }

func (b *Setup) Check() *FieldError {
	if b.Turn < 1 && !(b.Turn == 0 && b.Step == StepPregame) { // setup_pregame.go
		return fieldErr("turn", "missing or below 1")
	}
	if b.Step == "" {
		return fieldErr("step", "missing")
	}
	if b.ActivePlayer == "" {
		return fieldErr("active_player", "missing")
	}
	if len(b.Players) == 0 {
		return fieldErr("players", "missing")
	}
	for i, p := range b.Players {
		at := "players[" + itoa(i) + "]"
		if p.ID == "" {
			return fieldErr(at+".id", "missing")
		}
		if p.Life == nil {
			return fieldErr(at+".life", "missing")
		}
		for j, perm := range p.Battlefield {
			if perm.Card == "" {
				return fieldErr(at+".battlefield["+itoa(j)+"].card", "missing")
			}
		}
	}
	if fe := b.checkPlaced(); fe != nil { // setup.go
		return fe
	}
	if fe := b.checkUnderWay(); fe != nil { // setup_stack.go
		return fe
	}
	if fe := b.checkLater(); fe != nil { // setup_later.go
		return fe
	}
	if fe := b.checkCards(); fe != nil { // setup_cards.go
		return fe
	}
	if fe := b.checkOver(); fe != nil { // setup_over.go
		return fe
	}
	return b.checkPregame() // setup_pregame.go
}

// Random outcomes: what the game server decided that no rule can derive.
const (
	RandomShuffle = "shuffle" // Order is the library after a shuffle, top first
	RandomOrder   = "order"   // Order is a random order of the objects asked about
	RandomCoin    = "coin"    // Coin is "heads" or "tails"
	RandomDie     = "die"     // Roll is the number rolled
)

// Random answers the reducer's request for a random outcome.
type Random struct {
	Of     string `json:"of"`
	Player string `json:"player,omitempty"`
	Order  []Ref  `json:"order,omitempty"`
	Coin   string `json:"coin,omitempty"`
	Roll   int    `json:"roll,omitempty"`
	// Salt is random bytes (hex, 16 to 64 of them) a table adds to an
	// outcome that stays hidden, such as a shuffle. Players see the
	// digest and hash of every input of their match (verdicts, status),
	// and an order of a few cards they know is found by trying every
	// order against them; a salt they never see stops that. The rules
	// ignore it.
	Salt string `json:"salt,omitempty"`
}

func (*Random) Kind() Kind { return KindRandom }

func (b *Random) Check() *FieldError {
	if b.Salt != "" {
		if n := len(b.Salt); n < 32 || n > 128 || n%2 != 0 || strings.Trim(strings.ToLower(b.Salt), "0123456789abcdef") != "" {
			return fieldErr("salt", "want 16 to 64 random bytes as hex (32 to 128 digits)")
		}
	}
	switch b.Of {
	case "":
		return fieldErr("of", "missing: one of shuffle, order, coin, die")
	case RandomShuffle, RandomOrder:
		if b.Coin != "" || b.Roll != 0 {
			return fieldErr("of", "%s takes order only", b.Of)
		}
	case RandomCoin:
		if b.Coin != "heads" && b.Coin != "tails" {
			return fieldErr("coin", "want heads or tails, got %q", b.Coin)
		}
		if len(b.Order) > 0 || b.Roll != 0 {
			return fieldErr("of", "coin takes coin only")
		}
	case RandomDie:
		if b.Roll < 1 {
			return fieldErr("roll", "missing or below 1")
		}
		if len(b.Order) > 0 || b.Coin != "" {
			return fieldErr("of", "die takes roll only")
		}
	default:
		return fieldErr("of", "unknown %q: want shuffle, order, coin or die", b.Of)
	}
	return nil
}

func itoa(i int) string { return strconv.Itoa(i) }

// hasControl reports whether s holds a control character; names become
// index keys and terminal output, where those do harm.
func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}
