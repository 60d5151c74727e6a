package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// The top cards of a library as an effect's object ("exile the top two
// cards of your library", "look at the top card of target player's
// library", "reveal the top four cards of your library"): the top Amount
// cards (default 1) of each named player's library as the verb begins,
// fewer when the library holds fewer. A verb that acts on them (look, reveal, exile, move) binds them
// for the effects that follow.
//
// Looking at a library's top card tells the looker what it is only at
// that moment: no view shows it afterwards (views.go shows libraries to
// the judge alone), and the narration names no card in a library, so a
// look never leaks a hidden card to anyone.

// libraryTopVerbs are the verbs that may act on the top cards of a
// library.
var libraryTopVerbs = map[ability.Verb]bool{
	ability.Look: true, ability.Reveal: true, ability.Exile: true, ability.Move: true,
}

// libraryTop lists the top cards a LibraryTop selector names now.
func (c *evalCtx) libraryTop(sel *ability.Selector) []ObjID {
	n := 1
	if sel.Amount != nil {
		n = c.amount(sel.Amount)
	}
	var out []ObjID
	for _, seat := range c.players(sel.Player) {
		lib := c.g.S.Players[seat].Library
		out = append(out, lib[:max(0, min(n, len(lib)))]...)
	}
	return out
}

// "Until the end of your next turn, you may play that card" (Reckless
// Impulse's kind of impulse draw): a permission of kind MayPlayNextTurn.
// As its holder's next turn begins it becomes a this-turn permission
// (OpNextTurnPermissions), which ends as the turn after begins; so it
// lasts through the rest of the turn it was given in, any turns of other
// players, and the holder's next turn, whoever's turn it was given in.

// MayPlayNextTurn: the card may be played until the end of the holder's
// next turn.
const MayPlayNextTurn = "play_next_turn"

// OpNextTurnPermissions: Seat's permissions of kind MayPlayNextTurn
// become this-turn ones (MayPlayThisTurn): Seat's next turn has begun.
const OpNextTurnPermissions Op = 340

func init() {
	registerOp(OpNextTurnPermissions, func(s *State, e *Effect) {
		for _, id := range append(slices.Clone(s.Exile), s.graveyards()...) {
			o := s.Objects[id]
			for i, p := range o.MayCast {
				if p.Seat == e.Seat && p.Kind == MayPlayNextTurn {
					o.MayCast[i].Kind = MayPlayThisTurn
				}
			}
		}
	})
	extDescribe[OpNextTurnPermissions] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + "'s permissions to play cards until the end of their next turn last this turn"
	}
}

// nextTurnPermissions: seat's turn has begun; its next-turn permissions
// become this-turn ones.
func (g *Game) nextTurnPermissions(seat int) {
	if g.S.anyExiledOrBuried(func(o *Object) bool {
		return slices.Contains(o.MayCast, Permission{Seat: seat, Kind: MayPlayNextTurn})
	}) {
		g.emit(Effect{Op: OpNextTurnPermissions, Seat: seat})
	}
}

// playsAny reports whether a permission lets its holder play the card
// whatever it is: a land, or a spell of either face.
func playsAny(kind string) bool { return kind == MayPlayThisTurn || kind == MayPlayNextTurn }
