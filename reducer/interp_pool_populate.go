package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Populate as a verb of the ability language (CR 701.36, POP-*): the
// player chooses (doesn't target) a creature token they control as the
// effect happens and creates a token that's a copy of it (POP-1, POP-3,
// POP-4: createCopyTokens copies the copiable values). With no creature
// token nothing happens (POP-2); a token the same spell or ability made
// already may be chosen (POP-6). The question is asked even when one token
// is there, as recorded logs answer it.

func init() { registerVerb(ability.Populate, "player", verbPopulate) }

func verbPopulate(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	seat := c.you
	if ps := c.players(x.e.Player); x.e.Player != nil && len(ps) > 0 {
		seat = ps[0]
	}
	step, answer := x.at()
	if step == 0 && answer == nil {
		tokens := creatureTokens(g.S, seat)
		if len(tokens) > 0 {
			x.ask(0, Question{Player: seat, Options: idStrings(tokens), N: 1, Max: 1,
				Prompt: populatePrompt})
		}
		return
	}
	for _, id := range refsToIDs(answer) {
		if o := g.S.Obj(id); o != nil && o.Zone == ZoneBattlefield {
			g.createCopyTokens(seat, o, 1)
			x.did = true
		}
	}
}

// populatePrompt is populate's question; a refusal of its answer names
// POP-1.
const populatePrompt = "populate: choose a creature token you control"

// creatureTokens lists the creature tokens seat controls.
func creatureTokens(s *State, seat int) []ObjID {
	var out []ObjID
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Token && o.Controller == seat && o.Is("Creature") {
			out = append(out, id)
		}
	}
	return out
}
