package recorder

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// Validator checks an input against the game so far, after the log's own
// checks have passed. The reducer implements it; returning an *events.Error
// lets it name the field and the rule.
type Validator interface {
	// Admit decides whether ev, already sealed, may follow the match's log.
	// A non-nil error rejects it; it must not keep ev then. What it derived
	// (effects, a digest) is stored beside the input; nil stores nothing.
	Admit(m *Match, ev *events.Event) (*store.Derived, error)
	// Forget drops what the validator holds of a match, after a failed
	// commit: the next Admit starts from the store again.
	Forget(match string)
}

// Match is what the recorder knows of a match's log while it validates:
// the stored head plus the inputs accepted earlier in the current batch.
type Match struct {
	ID      string
	Seq     uint64
	Hash    events.Hash
	Players map[string]bool // player ids from match_started
	// Keys are the public keys match_started declares (nil: none): then
	// every input must be signed by its actor.
	Keys events.Keys
	// pending are the inputs accepted and not yet stored.
	pending pending
}

func matchFromMeta(m *store.Meta) *Match {
	mt := &Match{ID: m.Match, Seq: m.HeadSeq, Hash: m.Head(), Players: map[string]bool{}, Keys: m.Keys()}
	for _, p := range m.Players {
		mt.Players[p.ID] = true
	}
	return mt
}

func matchFromStart(ev *events.Event) *Match {
	ms := ev.Body.(*events.MatchStarted)
	mt := &Match{ID: ev.Match, Players: map[string]bool{}, Keys: ms.Keys()}
	for _, id := range ms.PlayerIDs() {
		mt.Players[id] = true
	}
	return mt
}

// checkParticipants: the actor and the body's player belong to the match,
// the table speaks only for itself, and when the match declares keys the
// input is signed by its actor.
func (m *Match) checkParticipants(ev *events.Event) *events.Error {
	if ev.Actor != events.TableActor && !m.Players[ev.Actor] {
		return &events.Error{Match: ev.Match, Seq: ev.Seq, Field: "actor", Rule: events.RuleActor,
			Reason: fmt.Sprintf("%q is not a player of match %s", ev.Actor, m.ID)}
	}
	if ev.Actor == events.TableActor && !events.TableMaySpeak(ev.Kind) {
		p, _ := events.PlayerOf(ev.Body)
		return &events.Error{Match: ev.Match, Seq: ev.Seq, Field: "actor", Rule: events.RuleActor,
			Reason: fmt.Sprintf("the table may not make player %s's decision (%s): it speaks for itself only (match_started, setup, random outcomes)", p, ev.Kind)}
	}
	if e := events.CheckSig(m.Keys, ev); e != nil {
		return e
	}
	if p, ok := events.PlayerOf(ev.Body); ok && !m.Players[p] {
		return &events.Error{Match: ev.Match, Seq: ev.Seq, Field: "body.player", Rule: events.RuleActor,
			Reason: fmt.Sprintf("%q is not a player of match %s", p, m.ID)}
	}
	return nil
}
