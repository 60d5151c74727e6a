package events

// The parts of a setup that place what waits for a later moment: delayed
// triggered abilities waiting for their event (CR 603.7), extra turns to
// come (CR 500.7), emblems in the command zone (CR 114).

// DelayedTrigger is a delayed triggered ability waiting for its event:
// the Index-th delayed ability Card's text sets up ("At the beginning of
// the next end step, ..."), counted from 0 in the order of its text, set
// up from Source (which may be gone) for Controller, with the source's
// LKI; About is the object it waits on, when it triggers as that object
// leaves (earthbend's land).
type DelayedTrigger struct {
	Source     Ref    `json:"source"`
	Card       string `json:"card"`
	Index      int    `json:"index"`
	Controller string `json:"controller"`
	LKI        *LKI   `json:"lki,omitempty"`
	About      Ref    `json:"about,omitempty"`
	// Characteristics: as a stack object's, for a token the table
	// described.
	Characteristics *Characteristics `json:"characteristics,omitempty"`
}

// Emblem is an emblem in a player's command zone (CR 114): its id and the
// definition of its abilities the match declared ("Emblem (Teferi, Hero of
// Dominaria)", in declare). Before places it among the command zone's
// cards (CR 408.1: the zone keeps an order, and the state's digest reads
// it): the emblem stands just before the card command[Before] (counted from
// 0; emblems before the same card in the order listed). Left out, it comes
// after every card, as emblems always did.
type Emblem struct {
	ID     Ref    `json:"id,omitempty"`
	Emblem string `json:"emblem"`
	Before *int   `json:"before,omitempty"`
}

func (b *Setup) checkLater() *FieldError {
	for i, d := range b.Delayed {
		at := "delayed[" + itoa(i) + "]"
		switch {
		case d.Source == "":
			return fieldErr(at+".source", "missing")
		case d.Card == "":
			return fieldErr(at+".card", "missing")
		case d.Controller == "":
			return fieldErr(at+".controller", "missing")
		case d.Index < 0:
			return fieldErr(at+".index", "negative: %d", d.Index)
		}
	}
	for i, p := range b.ExtraTurns {
		if p == "" {
			return fieldErr("extra_turns["+itoa(i)+"]", "missing")
		}
	}
	for i, p := range b.Players {
		for j, perm := range p.Battlefield {
			if perm.Times < 0 {
				return fieldErr("players["+itoa(i)+"].battlefield["+itoa(j)+"].times", "negative: %d", perm.Times)
			}
		}
		for j, e := range p.Emblems {
			if e.Emblem == "" {
				return fieldErr("players["+itoa(i)+"].emblems["+itoa(j)+"].emblem", "missing")
			}
		}
	}
	return nil
}
