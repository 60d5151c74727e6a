package reducer

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Views: a position as one viewer may see it, shaped for JSON. The judge
// sees everything; a player sees what that player could see at the table
// (CR 400.2): the battlefield, the stack, graveyards, exile, mana pools, life
// totals, and the cards of their own hand. Every library and the opponents'
// hands are hidden: a hidden hand card is a placeholder that says "hidden"
// and nothing else, not even its object id, which would let a player follow
// a card they saw (bounced, say) into the hand and tell it from the others;
// a hidden library is only a count. Library object ids are withheld too,
// because ids are assigned in deck order when a game begins and would give
// the order of a shuffled library away. A card exiled
// face down is a placeholder too, except for a player who may look at it
// (CR 406.3); a player who may look at the top card of their library any
// time (Johann, Elsha) sees it as library_top.
//
// The view is deterministic: players in seat order, every zone in its own
// order (the library, the stack and each graveyard top first; the
// battlefield and exile in the order objects arrived; a hand as held),
// counters by kind.

// Viewers other than a player id.
const (
	// ViewJudge sees everything; so does the empty viewer.
	ViewJudge = "judge"
	// ViewPublic sees only what every player sees: both hands are hidden.
	// Any viewer that is neither a player of the match nor the judge sees
	// this.
	ViewPublic = "public"
)

// View is a position as one viewer may see it. Player and object references
// are match ids ("p1") and object ids ("o12").
type View struct {
	Match string `json:"match"`
	// Seq is the input the position follows. The state doesn't know it; the
	// caller that replayed the inputs sets it.
	Seq uint64 `json:"seq"`
	// As is the viewer: "judge", "public" or a player id.
	As     string `json:"as"`
	Format string `json:"format"`
	Game   int    `json:"game"`
	Turn   int    `json:"turn"`
	Step   string `json:"step"`
	// ActivePlayer is the player whose turn it is; before turn 1, who will
	// start, or "" while that is being decided.
	ActivePlayer string `json:"active_player"`
	// Priority is the player holding priority, or "" when nobody does.
	Priority string       `json:"priority"`
	Players  []PlayerView `json:"players"`
	// Battlefield lists permanents in the order they entered.
	Battlefield []ObjectView `json:"battlefield"`
	// Stack is top first.
	Stack []ObjectView `json:"stack"`
	Exile []ObjectView `json:"exile"`
	// Triggers are triggered abilities waiting to be put on the stack the
	// next time a player would receive priority (CR 603.3), in order.
	Triggers []TriggerView `json:"triggers"`
	Pending  PendingView   `json:"pending"`
	GameOver GameOverView  `json:"game_over"`
	// How many of the inputs up to Seq the rules verified, when the reader
	// that replayed them counted (the table's effects, table.go): verified,
	// unverified, disputed, recorded without the rules, and the share
	// verified (0 to 1).
	Verified      *uint64  `json:"verified,omitempty"`
	Unverified    *uint64  `json:"unverified,omitempty"`
	Disputed      *uint64  `json:"disputed,omitempty"`
	Unchecked     *uint64  `json:"unchecked,omitempty"`
	VerifiedShare *float64 `json:"verified_share,omitempty"`
}

// PlayerView is one seat.
type PlayerView struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Life     int        `json:"life"`
	ManaPool []ManaView `json:"mana_pool"`
	// Hand is in the order held; another player's cards are placeholders.
	Hand      []ObjectView `json:"hand"`
	HandCount int          `json:"hand_count"`
	// Library is top first, and null when the viewer can't see it (only the
	// judge can); LibraryCount is always there.
	Library      []ObjectView `json:"library"`
	LibraryCount int          `json:"library_count"`
	// LibraryTop is the top card of the library, for the player alone and
	// only while they may look at it any time (Johann, Elsha).
	LibraryTop *ObjectView `json:"library_top,omitempty"`
	// Graveyard is top first: the card put there last comes first.
	Graveyard   []ObjectView `json:"graveyard"`
	Command     []ObjectView `json:"command,omitempty"`
	LandsPlayed int          `json:"lands_played"`
	Mulligans   int          `json:"mulligans"`
	Lost        bool         `json:"lost"`
	LossReason  string       `json:"loss_reason,omitempty"`
	// Counters a player has (poison, energy), by kind.
	Counters map[string]int `json:"counters,omitempty"`
}

// ManaView is one mana in a pool: its letter and the source that made it.
type ManaView struct {
	Mana   string `json:"mana"` // W, U, B, R, G or C
	Source string `json:"source,omitempty"`
	// Only: what it may be spent on, when not anything ("artifact
	// spells", CR 106.6).
	Only string `json:"only,omitempty"`
}

// ObjectView is a card, token or spell with its characteristics as the rules
// see them now (CR 109.3), or, when Hidden, only its id.
type ObjectView struct {
	ID string `json:"id"`
	// Ability is "activated" or "triggered" for an ability on the stack,
	// or "table" for one the table put there with its Text (table.go),
	// which has no characteristics of its own; Source is the permanent it
	// came from (which may be gone).
	Ability string `json:"ability,omitempty"`
	Source  string `json:"source,omitempty"`
	Text    string `json:"text,omitempty"`
	// Hidden: the viewer can't see this object; it marshals as
	// {"id":...,"hidden":true} and every other field is empty.
	Hidden bool   `json:"hidden,omitempty"`
	Zone   string `json:"zone"`
	Card   string `json:"card"` // the card's id for the match ("c3"); "" for a token
	Name   string `json:"name"`
	// Face is the face whose characteristics the object has when they
	// aren't its card's usual ones: on the stack the face cast (an
	// Adventure, a split half, a modal DFC's back, "prototype"), on the
	// battlefield the face up (transformed, flipped, a modal DFC's back,
	// prototyped, melded). See reducer/faces.go.
	Face string `json:"face,omitempty"`
	// Layout is the card's (normal, split, adventure, transform,
	// modal_dfc, flip, meld, saga, class, leveler, prototype, ...; token).
	Layout     string `json:"layout,omitempty"`
	Owner      string `json:"owner"`
	Controller string `json:"controller"`
	Tapped     bool   `json:"tapped"`
	// SummoningSick: a permanent its controller hasn't controlled
	// continuously since the start of their most recent turn (CR 302.6).
	SummoningSick bool           `json:"summoning_sick"`
	Token         bool           `json:"token"`
	Counters      map[string]int `json:"counters"`
	// Power and Toughness are null for an object without them.
	Power      *int     `json:"power"`
	Toughness  *int     `json:"toughness"`
	Colors     []string `json:"colors"` // mana letters in WUBRG order
	Types      []string `json:"types"`
	Supertypes []string `json:"supertypes"`
	Subtypes   []string `json:"subtypes"`
	// Keywords and Abilities gained (layer 6): keywords printed or
	// given by effects, and the text of other abilities effects give.
	Keywords  []string `json:"keywords,omitempty"`
	Abilities []string `json:"abilities,omitempty"`
	// Activated lists the object's activated abilities with the numbers
	// an activate input names them by (ability_refs.go).
	Activated []AbilityView `json:"activated,omitempty"`
	// Printed: the printed characteristics that differ from the ones
	// above, which are after every continuous effect (CR 613).
	Printed   *PrintedView `json:"printed,omitempty"`
	ManaValue int          `json:"mana_value"`
	// ManaCost, Loyalty and Defense are printed, on the face up (a split
	// card outside the stack: both halves' costs, "{1}{R} // {1}{U}").
	ManaCost string `json:"mana_cost,omitempty"`
	Loyalty  string `json:"loyalty,omitempty"`
	Defense  string `json:"defense,omitempty"`
	// Faces are a multi-face card's faces as printed, in order; Prototype
	// a prototype card's alternative characteristics (CR 718).
	Faces     []FaceView `json:"faces,omitempty"`
	Prototype *FaceView  `json:"prototype,omitempty"`
	Damage    int        `json:"damage,omitempty"`
	Attacking string     `json:"attacking,omitempty"` // the player attacked
	Blocking  string     `json:"blocking,omitempty"`  // the attacker blocked
	Blocked   bool       `json:"blocked,omitempty"`
	X         int        `json:"x,omitempty"`
	Targets   []string   `json:"targets,omitempty"` // player and object ids, in order chosen
	// AttackingPlaneswalker is the planeswalker attacked, if one is.
	AttackingPlaneswalker string `json:"attacking_planeswalker,omitempty"`
	// FaceDown: exiled face down; only a player who may look at it sees it.
	FaceDown bool `json:"face_down,omitempty"`
	// AttachedTo is the object an Aura is attached to (CR 303.4b);
	// ChosenColor the colour chosen as it entered (a mana letter),
	// ChosenName the card name chosen as it entered (CR 201.3).
	AttachedTo  string `json:"attached_to,omitempty"`
	ChosenColor string `json:"chosen_color,omitempty"`
	ChosenName  string `json:"chosen_name,omitempty"`
	// ChosenType: the creature type chosen as it entered (CR 205.3m).
	ChosenType string `json:"chosen_type,omitempty"`
	// ClassLevel is a Class's level (CR 716), from 1; 0 for other objects.
	ClassLevel int `json:"class_level,omitempty"`
	// MayCast lists who may cast an exiled card. It is written for every
	// exiled object (an empty list: nobody); the rules model no permission
	// to cast from exile yet, so it is empty for now.
	MayCast []string `json:"-"`
}

// FaceView is one face of a card as printed: power, toughness, loyalty
// and defense as the card prints them ("*", "1+*"), "" where it has none.
type FaceView struct {
	Name       string   `json:"name"`
	ManaCost   string   `json:"mana_cost"`
	ManaValue  int      `json:"mana_value"`
	Colors     []string `json:"colors"`
	Types      []string `json:"types"`
	Supertypes []string `json:"supertypes"`
	Subtypes   []string `json:"subtypes"`
	Power      string   `json:"power,omitempty"`
	Toughness  string   `json:"toughness,omitempty"`
	Loyalty    string   `json:"loyalty,omitempty"`
	Defense    string   `json:"defense,omitempty"`
}

// TriggerView is a triggered ability waiting to be put on the stack.
type TriggerView struct {
	Name       string `json:"name"`   // "Test Bear's ability"
	Source     string `json:"source"` // the object it triggered from, which may be gone
	Controller string `json:"controller"`
}

// PendingView is what the game waits for (see Question).
type PendingView struct {
	Ask string `json:"ask"`
	// Player must act: a player id, "table" for a random outcome, "" when
	// nobody (the match is over).
	Player string `json:"player"`
	Random string `json:"random"` // the random outcome wanted: shuffle, coin, ...
	Of     string `json:"of"`     // the player whose library is to be shuffled
	N      int    `json:"n"`
	What   string `json:"what"`
	// Options are the answers allowed; empty when any answer of the right
	// shape is (a discard names cards).
	Options []string `json:"options"`
}

// GameOverView is the result so far.
type GameOverView struct {
	Over bool `json:"over"` // the current game has ended
	// Winner of the current game; "" while it goes on, or for a draw.
	Winner    string         `json:"winner"`
	MatchOver bool           `json:"match_over"`
	GameWins  map[string]int `json:"game_wins"` // by player id
}

// View returns the position as viewer as sees it: "" or "judge" for
// everything, a player id for what that player could see, anything else for
// what every player sees.
func (s *State) View(as string) *View {
	s.link()
	viewer := viewerOf(s, as)
	v := &View{
		Match: s.Match, As: viewer.name, Format: s.Format, Game: s.Game, Turn: s.Turn,
		Step: s.Step.String(), ActivePlayer: s.playerRef(s.Active), Priority: s.playerRef(s.Priority),
		Players: []PlayerView{}, Battlefield: s.objectViews(s.Battlefield, true),
		Exile: s.exileViews(viewer), Pending: s.pendingView(), GameOver: s.gameOverView(),
	}
	if s.Step == StepNone {
		v.Step = ""
	}
	if s.Pending.Resolving != 0 && s.Pending.Ask != AskPriority {
		v.Priority = "" // nobody has priority while a spell or ability resolves (CR 608.2, 117.1)
	}
	if q := s.Pending; s.Turn == 0 && (q.Ask == AskRandom && q.Random == events.RandomCoin || q.Ask == AskChoose && q.What == whatPlayOrDraw) {
		v.ActivePlayer = "" // who starts is not decided yet
	}
	stack := slices.Clone(s.Stack)
	slices.Reverse(stack)
	v.Stack = s.objectViews(stack, true)
	v.Triggers = []TriggerView{}
	for _, t := range s.Triggers {
		tv := TriggerView{Source: t.Source.String(), Controller: s.playerRef(t.Controller)}
		if t.Def != nil {
			tv.Name = t.Def.Name + "'s ability"
		}
		v.Triggers = append(v.Triggers, tv)
	}
	for seat, p := range s.Players {
		pv := PlayerView{
			ID: p.ID, Name: p.Name, Life: p.Life, ManaPool: []ManaView{},
			HandCount: len(p.Hand), LibraryCount: len(p.Library),
			LandsPlayed: p.LandsPlayed, Mulligans: p.Mulligans, Lost: p.Lost, LossReason: p.LossReason, Counters: counterMap(p.Counters),
		}
		for _, m := range p.Pool {
			mv := ManaView{Mana: m.Color.Letter()}
			if m.Source != 0 {
				mv.Source = m.Source.String()
			}
			if m.Spend != nil {
				mv.Only = spendText(m.Spend) + " spells"
			}
			pv.ManaPool = append(pv.ManaPool, mv)
		}
		pv.Hand = s.objectViews(p.Hand, viewer.all || viewer.seat == seat)
		if viewer.all {
			pv.Library = s.objectViews(p.Library, true)
		} else if viewer.seat == seat && len(p.Library) > 0 && s.looksAtTop(seat) {
			top := s.objectView(p.Library[0])
			pv.LibraryTop = &top
		}
		grave := slices.Clone(p.Graveyard)
		slices.Reverse(grave)
		pv.Graveyard = s.objectViews(grave, true)
		if len(p.Command) > 0 {
			pv.Command = s.objectViews(p.Command, true)
		}
		v.Players = append(v.Players, pv)
	}
	return v
}

// viewer is who looks: everything (the judge), or a seat (-1: nobody's).
type viewer struct {
	name string
	all  bool
	seat int
}

func viewerOf(s *State, as string) viewer {
	if as == "" || as == ViewJudge {
		return viewer{name: ViewJudge, all: true, seat: -1}
	}
	if seat := s.Seat(as); seat >= 0 {
		return viewer{name: as, seat: seat}
	}
	return viewer{name: ViewPublic, seat: -1}
}

// objectViews shows the objects of a zone in the order given; when visible
// is false each is a placeholder.
func (s *State) objectViews(ids []ObjID, visible bool) []ObjectView {
	out := make([]ObjectView, 0, len(ids))
	for _, id := range ids {
		if !visible {
			out = append(out, ObjectView{Hidden: true}) // no id: it would tell hidden cards apart
			continue
		}
		out = append(out, s.objectView(id))
	}
	return out
}

// objectView shows one object whole.
func (s *State) objectView(id ObjID) ObjectView {
	o := s.Obj(id)
	if o == nil {
		return ObjectView{ID: id.String(), Hidden: true} // not in a zone: nothing to show
	}
	ov := ObjectView{
		ID: id.String(), Zone: o.Zone.String(), Name: o.Name(), Face: o.Face,
		Owner: s.playerRef(o.Owner), Controller: s.playerRef(o.Controller),
		Tapped: o.Tapped, SummoningSick: o.Sick, Token: o.Token, Counters: map[string]int{},
		Colors: []string{}, Types: []string{}, Supertypes: []string{}, Subtypes: []string{},
		Damage: o.Damage, Blocked: o.Blocked, X: o.X,
	}
	if o.Card != 0 {
		ov.Card = o.Card.String()
	}
	for _, c := range o.Counters {
		ov.Counters[c.Kind] = c.N
	}
	if o.Def != nil && o.Zone == ZoneBattlefield && o.Def.HasSub("Class") {
		ov.ClassLevel = classLevel(o)
	}
	for _, p := range o.MayCast {
		if id := s.playerRef(p.Seat); !slices.Contains(ov.MayCast, id) {
			ov.MayCast = append(ov.MayCast, id)
		}
	}
	switch {
	case o.Ability > 0:
		ov.Ability = "activated"
	case o.Trigger > 0:
		ov.Ability = "triggered"
	case o.Text != "":
		ov.Ability, ov.Text = "table", o.Text
	}
	if ov.Ability != "" {
		ov.Source = o.Source.String()
	}
	if d := o.def(); d != nil && ov.Ability == "" {
		if hasPT(d) {
			p, t := o.Power(), o.Toughness()
			ov.Power, ov.Toughness = &p, &t
		}
		ov.ManaValue = o.ManaValue()
		ov.Layout, ov.ManaCost, ov.Loyalty, ov.Defense = o.Def.Layout, printedCost(o, d), d.Loyalty, d.Defense
		for _, f := range o.Def.Faces {
			ov.Faces = append(ov.Faces, faceView(f))
		}
		if p := o.Def.Prototype; p != nil {
			fv := faceView(p)
			ov.Prototype = &fv
		}
	}
	if ov.Ability == "" {
		for _, c := range o.Colors() {
			ov.Colors = append(ov.Colors, c.Letter())
		}
		if d := o.def(); d != nil {
			s.layered(&ov, o, d) // view_layers.go
			ov.Activated = o.activatedAbilities()
		}
	}
	if o.Attacking > 0 {
		ov.Attacking = s.playerRef(o.Attacking - 1)
	}
	if o.AttackingPW != 0 {
		ov.AttackingPlaneswalker = o.AttackingPW.String()
	}
	ov.FaceDown = o.FaceDown
	if o.AttachedTo != 0 {
		ov.AttachedTo = o.AttachedTo.String() // aura.go
	}
	if t, ok := chosenType(o); ok {
		ov.ChosenType = t // interp_chosen_type.go
	} else if len(o.Chosen) > 1 {
		ov.ChosenName = o.Chosen
	} else {
		ov.ChosenColor = o.Chosen
	}
	if o.Blocking != 0 {
		ov.Blocking = o.Blocking.String()
	}
	for _, t := range o.Targets {
		if t.Obj != 0 {
			ov.Targets = append(ov.Targets, ObjID(t.Obj).String())
		} else {
			ov.Targets = append(ov.Targets, s.playerRef(t.Player))
		}
	}
	return ov
}

// MarshalJSON writes a hidden object as {"id":"","hidden":true} and any
// other with all its fields; an exiled object always has "may_cast".
func (o ObjectView) MarshalJSON() ([]byte, error) {
	if o.Hidden {
		return json.Marshal(struct {
			ID     string `json:"id"`
			Hidden bool   `json:"hidden"`
		}{o.ID, true})
	}
	type plain ObjectView // without this method
	var may *[]string
	if o.Zone == ZoneExile.String() || len(o.MayCast) > 0 {
		m := o.MayCast
		if m == nil {
			m = []string{}
		}
		may = &m
	}
	return json.Marshal(struct {
		plain
		MayCast *[]string `json:"may_cast,omitempty"`
	}{plain(o), may})
}

func (s *State) pendingView() PendingView {
	q := s.Pending
	pv := PendingView{Ask: q.Ask.String(), Random: q.Random, N: q.N, What: q.What, Options: []string{}}
	pv.Options = append(pv.Options, q.Options...)
	switch {
	case q.Ask == AskNone:
	case q.Player >= 0 && q.Player < len(s.Players):
		pv.Player = s.Players[q.Player].ID
	case q.Ask == AskRandom:
		pv.Player = events.TableActor
	}
	if q.Ask == AskRandom && q.Random == events.RandomShuffle {
		pv.Of = s.playerRef(q.Of)
	}
	return pv
}

func (s *State) gameOverView() GameOverView {
	g := GameOverView{Over: s.GameOver, MatchOver: s.Over, GameWins: map[string]int{}}
	if s.GameOver {
		g.Winner = s.playerRef(s.Winner)
	}
	for seat, n := range s.GameWins {
		if seat < len(s.Players) {
			g.GameWins[s.Players[seat].ID] = n
		}
	}
	return g
}

// playerRef is the id of the player at seat, or "" for none.
func (s *State) playerRef(seat int) string {
	if seat < 0 || seat >= len(s.Players) {
		return ""
	}
	return s.Players[seat].ID
}

// printedCost is the mana cost printed on the characteristics d that o
// has: a split card's outside the stack is both halves' (CR 709.4).
func printedCost(o *Object, d *cards.Card) string {
	if d == o.Def && d.Layout == "split" && len(d.Faces) > 0 || o.fused() {
		costs := make([]string, len(o.Def.Faces))
		for i, f := range o.Def.Faces {
			costs[i] = f.Cost.String()
		}
		return strings.Join(costs, " // ")
	}
	return d.Cost.String()
}

// faceView shows a face as printed.
func faceView(f *cards.Card) FaceView {
	v := FaceView{Name: f.Name, ManaCost: f.Cost.String(), ManaValue: f.ManaValue, Colors: []string{},
		Types: append([]string{}, f.Types...), Supertypes: append([]string{}, f.Supertypes...), Subtypes: append([]string{}, f.Subtypes...),
		Power: f.Power, Toughness: f.Toughness, Loyalty: f.Loyalty, Defense: f.Defense}
	for _, c := range f.Colors {
		v.Colors = append(v.Colors, c.Letter())
	}
	return v
}
