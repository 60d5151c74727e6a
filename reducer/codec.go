package reducer

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/vmihailenco/msgpack/v5"
)

// The stored form of an input's effects: a msgpack array with, per effect,
// its op, a bit mask of the fields that are set, then those fields in
// Effect's field order. Written by hand because folding stored effects is
// the fast door's hot path and reflection costs several times more. Op
// numbers and field order are part of the format: append, never reorder.

const (
	fSeat = 1 << iota
	fObj
	fTo
	fCard
	fZone
	fStep
	fN
	fColor
	fKind
	fName
	fList
	fTargets
	fAsk
	fLKI
	fEvent
	fEventSeat
	fEventLKI
	fCont
	fDecl
	fInts
	fFacts
	fSpend
)

// effectFields is how many Effect fields the codec writes besides Op; a
// test holds it to the struct's field count.
const effectFields = 22

// EncodeEffects is the stored form of an input's effects.
func EncodeEffects(effs []Effect) []byte {
	w := effectEncoders.Get().(*effectEncoder)
	defer effectEncoders.Put(w)
	w.buf.Reset()
	enc := w.enc
	must := func(err error) {
		if err != nil {
			panic(fmt.Sprintf("reducer: encoding effects: %v", err)) // writing to a buffer never fails
		}
	}
	must(enc.EncodeArrayLen(len(effs)))
	for i := range effs {
		e := &effs[i]
		mask := e.mask()
		must(enc.EncodeUint(uint64(e.Op)))
		must(enc.EncodeUint(uint64(mask)))
		put := func(bit int, f func() error) {
			if mask&bit != 0 {
				must(f())
			}
		}
		put(fSeat, func() error { return enc.EncodeInt(int64(e.Seat)) })
		put(fObj, func() error { return enc.EncodeUint(uint64(e.Obj)) })
		put(fTo, func() error { return enc.EncodeUint(uint64(e.To)) })
		put(fCard, func() error { return enc.EncodeUint(uint64(e.Card)) })
		put(fZone, func() error { return enc.EncodeUint(uint64(e.Zone)) })
		put(fStep, func() error { return enc.EncodeUint(uint64(e.Step)) })
		put(fN, func() error { return enc.EncodeInt(int64(e.N)) })
		put(fColor, func() error { return enc.EncodeUint(uint64(e.Color)) })
		put(fKind, func() error { return enc.EncodeString(e.Kind) })
		put(fName, func() error { return enc.EncodeString(e.Name) })
		put(fList, func() error {
			if err := enc.EncodeArrayLen(len(e.List)); err != nil {
				return err
			}
			for _, id := range e.List {
				if err := enc.EncodeUint(uint64(id)); err != nil {
					return err
				}
			}
			return nil
		})
		put(fTargets, func() error {
			if err := enc.EncodeArrayLen(2 * len(e.Targets)); err != nil {
				return err
			}
			for _, t := range e.Targets {
				if err := enc.EncodeUint(uint64(t.Obj)); err != nil {
					return err
				}
				if err := enc.EncodeInt(int64(t.Player)); err != nil {
					return err
				}
			}
			return nil
		})
		put(fAsk, func() error { return encodeQuestion(enc, e.Ask) })
		put(fLKI, func() error { return enc.Encode(e.LKI) })
		put(fEvent, func() error { return enc.EncodeUint(uint64(e.Event)) })
		put(fEventSeat, func() error { return enc.EncodeInt(int64(e.EventSeat)) })
		put(fEventLKI, func() error { return enc.Encode(e.EventLKI) })
		put(fCont, func() error { return enc.Encode(e.Cont) })
		put(fDecl, func() error { return enc.Encode(e.Decl) })
		put(fInts, func() error {
			if err := enc.EncodeArrayLen(len(e.Ints)); err != nil {
				return err
			}
			for _, n := range e.Ints {
				if err := enc.EncodeInt(int64(n)); err != nil {
					return err
				}
			}
			return nil
		})
		put(fFacts, func() error { return enc.Encode(e.Facts) })
		put(fSpend, func() error { return enc.Encode(e.Spend) })
	}
	return bytes.Clone(w.buf.Bytes())
}

// effectEncoder is pooled: a store codes effects for every input.
type effectEncoder struct {
	buf bytes.Buffer
	enc *msgpack.Encoder
}

var effectEncoders = sync.Pool{New: func() any {
	w := &effectEncoder{}
	w.enc = msgpack.NewEncoder(&w.buf)
	w.enc.UseCompactInts(true)
	return w
}}

func (e *Effect) mask() int {
	m := 0
	set := func(bit int, on bool) {
		if on {
			m |= bit
		}
	}
	set(fSeat, e.Seat != 0)
	set(fObj, e.Obj != 0)
	set(fTo, e.To != 0)
	set(fCard, e.Card != 0)
	set(fZone, e.Zone != 0)
	set(fStep, e.Step != 0)
	set(fN, e.N != 0)
	set(fColor, e.Color != 0)
	set(fKind, e.Kind != "")
	set(fName, e.Name != "")
	set(fList, len(e.List) > 0)
	set(fTargets, len(e.Targets) > 0)
	set(fAsk, e.Ask != nil)
	set(fLKI, e.LKI != nil)
	set(fEvent, e.Event != 0)
	set(fEventSeat, e.EventSeat != 0)
	set(fEventLKI, e.EventLKI != nil)
	set(fCont, e.Cont != nil)
	set(fDecl, e.Decl != nil)
	set(fInts, len(e.Ints) > 0)
	set(fFacts, e.Facts != nil)
	set(fSpend, e.Spend != nil)
	return m
}
