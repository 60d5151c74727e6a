package reducer

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Reading stored effects (codec.go has the format): in place, with a
// wireReader, since a seek folds up to a few hundred of them after its
// snapshot. The fields encoded by reflection (LKI, continuous effects,
// declarations, facts, mana restrictions) are rare and read by reflection.

// DecodeEffects reads effects stored by EncodeEffects.
func DecodeEffects(b []byte) ([]Effect, error) {
	return DecodeEffectsInto(nil, b)
}

// DecodeEffectsInto reads effects stored by EncodeEffects into dst's
// memory when it is large enough (its effects are overwritten), else into
// new memory. A fold that applies each input's effects before it reads
// the next (Game.Apply keeps no pointer into them) reuses one slice.
func DecodeEffectsInto(dst []Effect, b []byte) ([]Effect, error) {
	r := effectReader{w: wireReader{b: b}}
	n, err := r.w.arrayLen()
	if err != nil {
		return nil, fmt.Errorf("reducer: stored effects: %w", err)
	}
	if n < 0 || n > len(b) {
		return nil, fmt.Errorf("reducer: stored effects: bad count %d", n)
	}
	// Nearly every input ends asking a question: the questions dst's
	// effects asked are read over rather than made anew.
	for i := range dst {
		if q := dst[i].Ask; q != nil {
			r.spare(q)
			dst[i].Ask = nil
		}
	}
	var effs []Effect
	if n <= cap(dst) {
		effs = dst[:n]
	} else {
		effs = make([]Effect, n)
	}
	for i := range effs {
		if q := effs[i].Ask; q != nil {
			r.spare(q)
		}
		effs[i] = Effect{}
		r.effect(&effs[i])
		if r.err != nil {
			return nil, fmt.Errorf("reducer: stored effects: effect %d: %w", i, r.err)
		}
	}
	return effs, nil
}

// effectReader reads values in a row and keeps the first error.
type effectReader struct {
	w      wireReader
	err    error
	spares [4]*Question // questions to read over, spares[:nspare]
	nspare int
}

// spare keeps q's memory for a question read later.
func (r *effectReader) spare(q *Question) {
	if r.nspare < len(r.spares) {
		r.spares[r.nspare] = q
		r.nspare++
	}
}

// newQuestion returns a zero question: a spare one if there is one.
func (r *effectReader) newQuestion() *Question {
	if r.nspare == 0 {
		return &Question{}
	}
	r.nspare--
	q := r.spares[r.nspare]
	*q = Question{}
	return q
}

func (r *effectReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	if w := &r.w; w.off < len(w.b) && w.b[w.off] <= 0x7f { // a positive fixint, most of them
		w.off++
		return uint64(w.b[w.off-1])
	}
	v, err := r.w.uint64()
	r.err = err
	return v
}

func (r *effectReader) int() int {
	if r.err != nil {
		return 0
	}
	if w := &r.w; w.off < len(w.b) && (w.b[w.off] <= 0x7f || w.b[w.off] >= 0xe0) { // a fixint
		w.off++
		return int(int8(w.b[w.off-1]))
	}
	v, err := r.w.int64()
	r.err = err
	return int(v)
}

func (r *effectReader) str() string {
	if r.err != nil {
		return ""
	}
	v, err := r.w.str()
	r.err = err
	return v
}

// arrayLen is the length of an array, 0 for nil; a length over
// maxStoredList is an error.
func (r *effectReader) arrayLen() int {
	if r.err != nil {
		return 0
	}
	n, err := r.w.arrayLen()
	if r.err = err; err != nil || n < 0 {
		return 0
	}
	if n > maxStoredList {
		r.err = fmt.Errorf("list of %d entries", n)
		return 0
	}
	return n
}

func (r *effectReader) decode(v any) {
	if r.err == nil {
		r.err = r.w.decode(v)
	}
}

// effect reads one effect into e, which is zero.
func (r *effectReader) effect(e *Effect) {
	e.Op = Op(r.uint())
	mask := int(r.uint())
	if r.err != nil {
		return
	}
	if mask&fSeat != 0 {
		e.Seat = r.int()
	}
	if mask&fObj != 0 {
		e.Obj = ObjID(r.uint())
	}
	if mask&fTo != 0 {
		e.To = ObjID(r.uint())
	}
	if mask&fCard != 0 {
		e.Card = CardID(r.uint())
	}
	if mask&fZone != 0 {
		e.Zone = Zone(r.uint())
	}
	if mask&fStep != 0 {
		e.Step = Step(r.uint())
	}
	if mask&fN != 0 {
		e.N = r.int()
	}
	if mask&fColor != 0 {
		e.Color = cards.Color(r.uint())
	}
	if mask&fKind != 0 {
		e.Kind = r.str()
	}
	if mask&fName != 0 {
		e.Name = r.str()
	}
	if mask&fList != 0 {
		if n := r.listLen(); n >= 0 {
			e.List = make([]ObjID, n)
			for i := range e.List {
				e.List[i] = ObjID(r.uint())
			}
		}
	}
	if mask&fTargets != 0 {
		if n := r.listLen(); n >= 0 {
			e.Targets = make([]Target, n/2)
			for i := range e.Targets {
				e.Targets[i] = Target{Obj: uint32(r.uint()), Player: r.int()}
			}
		}
	}
	if mask&fAsk != 0 && r.err == nil {
		e.Ask = r.newQuestion()
		r.question(e.Ask)
	}
	if mask&fLKI != 0 {
		r.decode(&e.LKI)
	}
	if mask&fEvent != 0 {
		e.Event = ObjID(r.uint())
	}
	if mask&fEventSeat != 0 {
		e.EventSeat = r.int()
	}
	if mask&fEventLKI != 0 {
		r.decode(&e.EventLKI)
	}
	if mask&fCont != 0 {
		r.decode(&e.Cont)
	}
	if mask&fDecl != 0 {
		r.decode(&e.Decl)
	}
	if mask&fInts != 0 {
		if n := r.listLen(); n >= 0 {
			e.Ints = make([]int, n)
			for i := range e.Ints {
				e.Ints[i] = r.int()
			}
		}
	}
	if mask&fFacts != 0 {
		r.decode(&e.Facts)
	}
	if mask&fSpend != 0 {
		r.decode(&e.Spend)
	}
}

// listLen reads the length of a list of an effect: -1 for nil, which
// leaves the field nil, as the length of a list that is not there.
func (r *effectReader) listLen() int {
	if r.err != nil {
		return -1
	}
	n, err := r.w.arrayLen()
	if r.err = err; err != nil {
		return -1
	}
	if n > len(r.w.b) {
		r.err = fmt.Errorf("list of %d entries", n)
		return -1
	}
	return n
}

// question reads a question (codec_question.go has its forms).
func (r *effectReader) question(q *Question) {
	c, err := r.w.peek()
	if err != nil {
		r.err = err
		return
	}
	if !msgpcode.IsFixedArray(c) && c != msgpcode.Array16 && c != msgpcode.Array32 {
		r.decode(q) // the map form of older stores
		return
	}
	n := r.arrayLen()
	if r.err != nil {
		return
	}
	if n > questionFields {
		r.err = fmt.Errorf("question of %d fields, want at most %d", n, questionFields)
		return
	}
	// The fields left out at the end are zero.
	if n > 0 {
		q.Ask = Ask(r.uint())
	}
	if n > 1 {
		q.Player = r.int()
	}
	if n > 2 {
		q.Random = r.str()
	}
	if n > 3 {
		q.Of = r.int()
	}
	if n > 4 {
		q.Resolving = ObjID(r.uint())
	}
	if n > 5 {
		q.N = r.int()
	}
	if n > 6 {
		q.Max = r.int()
	}
	if n > 7 {
		q.Prompt = r.str()
	}
	if n > 8 {
		q.What = r.str()
	}
	if n > 9 {
		if k := r.arrayLen(); k > 0 {
			q.Options = make([]string, k)
			for i := range q.Options {
				q.Options[i] = r.str()
			}
		}
	}
}
