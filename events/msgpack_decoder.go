package events

// A replay that hands each input to the rules and drops it allocates an
// event and a body an input for nothing but the collector: the Decoder
// reads each input into the event it gave last for that kind instead.

// Decoder reads events one after another as DecodeMsgpack does, each into
// the memory of the last event of its kind it gave, for a caller that is
// done with an event before it decodes the next: the rules checking stored
// inputs, a count, a search. The zero Decoder is ready to use; it is not
// safe for concurrent use.
type Decoder struct {
	d    decoder
	keep kept
}

// kept holds the event, with its body, a Decoder last gave for each kind
// the fast path reads: a *withBody[B] by slot, a pass's apart (three
// inputs in four), where finding it costs no type check.
type kept struct {
	pass *withBody[Pass]
	slot [slots]any
}

// The slots of kept, one a kind.
const (
	slotPass = iota
	slotActivate
	slotPlayLand
	slotCast
	slotChoose
	slotAttack
	slotBlock
	slotRandom
	slotKeep
	slotMulligan
	slotConcede
	slotMatchStarted
	slots
)

// Decode reads data as DecodeMsgpack does and gives the same event or
// error. The event and its body may be written over by the next Decode:
// the caller must not keep either (the strings and slices they hold are
// new or shared read-only, and it may keep those).
func (dc *Decoder) Decode(data []byte) (*Event, error) {
	if len(data) > MaxInputSize {
		return checked(nil, false, oversize(len(data)))
	}
	ev, vetted, ok := decodeFast(data, &dc.d, &dc.keep)
	if ok && vetted {
		return ev, nil // most inputs: read and checked, the decoder holds nothing
	}
	ev, vetted, err := dc.d.finish(data, ev, vetted, ok)
	if err != nil {
		dc.d = decoder{} // as DecodeMsgpack drops one: it may have grown
	}
	return checked(ev, vetted, err)
}
