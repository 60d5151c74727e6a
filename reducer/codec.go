package reducer

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
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

// effectEncoder and effectDecoder are pooled: a store or a fold codes
// effects for every input.
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

type effectDecoder struct {
	r   bytes.Reader
	dec *msgpack.Decoder
}

var effectDecoders = sync.Pool{New: func() any {
	d := &effectDecoder{}
	d.dec = msgpack.NewDecoder(&d.r)
	return d
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

// DecodeEffects reads effects stored by EncodeEffects.
func DecodeEffects(b []byte) ([]Effect, error) {
	d := effectDecoders.Get().(*effectDecoder)
	defer func() {
		d.r.Reset(nil)
		effectDecoders.Put(d)
	}()
	d.r.Reset(b)
	d.dec.ResetReader(&d.r)
	dec := d.dec
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return nil, fmt.Errorf("reducer: stored effects: %w", err)
	}
	if n < 0 || n > len(b) {
		return nil, fmt.Errorf("reducer: stored effects: bad count %d", n)
	}
	effs := make([]Effect, n)
	for i := range effs {
		if err := decodeEffect(dec, &effs[i]); err != nil {
			return nil, fmt.Errorf("reducer: stored effects: effect %d: %w", i, err)
		}
	}
	return effs, nil
}

func decodeEffect(dec *msgpack.Decoder, e *Effect) error {
	op, err := dec.DecodeUint64()
	if err != nil {
		return err
	}
	e.Op = Op(op)
	m64, err := dec.DecodeUint64()
	if err != nil {
		return err
	}
	mask := int(m64)
	var firstErr error
	get := func(bit int, f func() error) {
		if mask&bit != 0 && firstErr == nil {
			firstErr = f()
		}
	}
	uintTo := func(set func(uint64)) func() error {
		return func() error {
			v, err := dec.DecodeUint64()
			set(v)
			return err
		}
	}
	intTo := func(set func(int)) func() error {
		return func() error {
			v, err := dec.DecodeInt64()
			set(int(v))
			return err
		}
	}
	get(fSeat, intTo(func(v int) { e.Seat = v }))
	get(fObj, uintTo(func(v uint64) { e.Obj = ObjID(v) }))
	get(fTo, uintTo(func(v uint64) { e.To = ObjID(v) }))
	get(fCard, uintTo(func(v uint64) { e.Card = CardID(v) }))
	get(fZone, uintTo(func(v uint64) { e.Zone = Zone(v) }))
	get(fStep, uintTo(func(v uint64) { e.Step = Step(v) }))
	get(fN, intTo(func(v int) { e.N = v }))
	get(fColor, uintTo(func(v uint64) { e.Color = cards.Color(v) }))
	get(fKind, func() (err error) { e.Kind, err = dec.DecodeString(); return })
	get(fName, func() (err error) { e.Name, err = dec.DecodeString(); return })
	get(fList, func() error {
		n, err := dec.DecodeArrayLen()
		if err != nil || n < 0 {
			return err
		}
		e.List = make([]ObjID, n)
		for i := range e.List {
			v, err := dec.DecodeUint64()
			if err != nil {
				return err
			}
			e.List[i] = ObjID(v)
		}
		return nil
	})
	get(fTargets, func() error {
		n, err := dec.DecodeArrayLen()
		if err != nil || n < 0 {
			return err
		}
		e.Targets = make([]Target, n/2)
		for i := range e.Targets {
			obj, err := dec.DecodeUint64()
			if err != nil {
				return err
			}
			p, err := dec.DecodeInt64()
			if err != nil {
				return err
			}
			e.Targets[i] = Target{Obj: uint32(obj), Player: int(p)}
		}
		return nil
	})
	get(fAsk, func() error {
		e.Ask = &Question{}
		return decodeQuestion(dec, e.Ask)
	})
	get(fLKI, func() error { return dec.Decode(&e.LKI) })
	get(fEvent, uintTo(func(v uint64) { e.Event = ObjID(v) }))
	get(fEventSeat, intTo(func(v int) { e.EventSeat = v }))
	get(fEventLKI, func() error { return dec.Decode(&e.EventLKI) })
	get(fCont, func() error { return dec.Decode(&e.Cont) })
	get(fDecl, func() error { return dec.Decode(&e.Decl) })
	get(fInts, func() error {
		n, err := dec.DecodeArrayLen()
		if err != nil || n < 0 {
			return err
		}
		e.Ints = make([]int, n)
		for i := range e.Ints {
			v, err := dec.DecodeInt64()
			if err != nil {
				return err
			}
			e.Ints[i] = int(v)
		}
		return nil
	})
	get(fFacts, func() error { return dec.Decode(&e.Facts) })
	get(fSpend, func() error { return dec.Decode(&e.Spend) })
	return firstErr
}
