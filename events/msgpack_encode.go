package events

import (
	"encoding/binary"
	"math"
	"reflect"
)

// Writing the canonical form without reflection. Every input is encoded
// several times on its way in (the client to publish it, the recorder to
// check its hash, to store it and to tell its digest), so the envelope is
// written by hand, and so is every body but a setup's and a
// match_started's, in exactly the bytes the msgpack library writes for
// it (struct fields in order, the omitempty ones left out when empty,
// compact integers, the shortest string and array headers). Table effects
// and the two bodies left out still go through the library.
// TestEncodeFastAgrees holds the two to the same bytes.

// appendMapLen appends a map header of n entries.
func appendMapLen(b []byte, n int) []byte {
	switch {
	case n < 16:
		return append(b, 0x80|byte(n))
	case n <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(b, 0xde), uint16(n))
	}
	return binary.BigEndian.AppendUint32(append(b, 0xdf), uint32(n))
}

// appendArrayLen appends an array header of n items.
func appendArrayLen(b []byte, n int) []byte {
	switch {
	case n < 16:
		return append(b, 0x90|byte(n))
	case n <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(b, 0xdc), uint16(n))
	}
	return binary.BigEndian.AppendUint32(append(b, 0xdd), uint32(n))
}

// appendString appends s as a fixstr, str8, str16 or str32.
func appendString(b []byte, s string) []byte {
	n := len(s)
	switch {
	case n < 32:
		b = append(b, 0xa0|byte(n))
	case n < 256:
		b = append(b, 0xd9, byte(n))
	case n <= math.MaxUint16:
		b = binary.BigEndian.AppendUint16(append(b, 0xda), uint16(n))
	default:
		b = binary.BigEndian.AppendUint32(append(b, 0xdb), uint32(n))
	}
	return append(b, s...)
}

// appendBin appends v as a bin8, bin16 or bin32; nil as nil.
func appendBin(b, v []byte) []byte {
	n := len(v)
	switch {
	case v == nil:
		return append(b, msgpackNil)
	case n < 256:
		b = append(b, msgpackBin8, byte(n))
	case n <= math.MaxUint16:
		b = binary.BigEndian.AppendUint16(append(b, 0xc5), uint16(n))
	default:
		b = binary.BigEndian.AppendUint32(append(b, 0xc6), uint32(n))
	}
	return append(b, v...)
}

// appendUint appends n in its shortest form.
func appendUint(b []byte, n uint64) []byte {
	switch {
	case n <= math.MaxInt8:
		return append(b, byte(n))
	case n <= math.MaxUint8:
		return append(b, 0xcc, byte(n))
	case n <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(b, 0xcd), uint16(n))
	case n <= math.MaxUint32:
		return binary.BigEndian.AppendUint32(append(b, 0xce), uint32(n))
	}
	return binary.BigEndian.AppendUint64(append(b, 0xcf), n)
}

// appendInt appends n in its shortest form (a positive one as unsigned).
func appendInt(b []byte, n int64) []byte {
	switch {
	case n >= 0:
		return appendUint(b, uint64(n))
	case n >= -32:
		return append(b, byte(n))
	case n >= math.MinInt8:
		return append(b, 0xd0, byte(n))
	case n >= math.MinInt16:
		return binary.BigEndian.AppendUint16(append(b, 0xd1), uint16(n))
	case n >= math.MinInt32:
		return binary.BigEndian.AppendUint32(append(b, 0xd2), uint32(n))
	}
	return binary.BigEndian.AppendUint64(append(b, 0xd3), uint64(n))
}

// appendStrings appends a list of strings; nil as nil.
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, msgpackNil)
	}
	b = appendArrayLen(b, len(ss))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// appendHash appends h as a bin8, or nil for the zero hash.
func appendHash(b []byte, h Hash) []byte {
	if h.IsZero() {
		return append(b, msgpackNil)
	}
	return append(append(b, msgpackBin8, byte(len(h))), h[:]...)
}

// structMap writes one struct as the library does: a map of its fields in
// order, the omitempty ones left out when empty. Its header is written
// last, when the fields are counted; a struct of 16 fields or more set is
// refused (ok false), for the library to write.
type structMap struct {
	b  []byte
	at int // where the header goes
	n  int
}

func startMap(b []byte) structMap { return structMap{b: append(b, 0x80), at: len(b)} }

func (m structMap) key(k string) structMap {
	m.b, m.n = appendString(m.b, k), m.n+1
	return m
}

func (m structMap) str(k, v string) structMap {
	m = m.key(k)
	m.b = appendString(m.b, v)
	return m
}

// opt* are the omitempty fields.
func (m structMap) optStr(k, v string) structMap {
	if v != "" {
		m = m.str(k, v)
	}
	return m
}

func (m structMap) optInt(k string, v int) structMap {
	if v != 0 {
		m = m.key(k)
		m.b = appendInt(m.b, int64(v))
	}
	return m
}

func (m structMap) optBool(k string, v bool) structMap {
	if v {
		m = m.key(k)
		m.b = append(m.b, 0xc3)
	}
	return m
}

func (m structMap) optStrings(k string, v []string) structMap {
	if len(v) > 0 {
		m = m.key(k)
		m.b = appendStrings(m.b, v)
	}
	return m
}

func (m structMap) optInts(k string, v []int) structMap {
	if len(v) > 0 {
		m = m.key(k)
		m.b = appendArrayLen(m.b, len(v))
		for _, x := range v {
			m.b = appendInt(m.b, int64(x))
		}
	}
	return m
}

func (m structMap) optPayments(k string, v []Payment) structMap {
	if len(v) > 0 {
		m = m.key(k)
		m.b = appendArrayLen(m.b, len(v))
		for _, p := range v {
			pm := startMap(m.b)
			pm = pm.str("mana", p.Mana)
			pm = pm.optStr("source", p.Source)
			m.b, _ = pm.end()
		}
	}
	return m
}

func (m structMap) costChoices(c *CostChoices) structMap {
	m = m.optStrings("sacrifice", c.Sacrifice)
	m = m.optStrings("discard", c.Discard)
	m = m.optStrings("exile", c.Exile)
	m = m.optStrings("return", c.Return)
	m = m.optStrings("tap_others", c.TapOthers)
	m = m.optStrings("reveal", c.Reveal)
	return m
}

// end writes the header and returns the bytes.
func (m structMap) end() ([]byte, bool) {
	if m.n >= 16 {
		return m.b, false
	}
	m.b[m.at] = 0x80 | byte(m.n)
	return m.b, true
}

// appendBodyFast appends body in its canonical form; ok false leaves it
// (and b as it was) to the msgpack library.
func appendBodyFast(b []byte, body Body) ([]byte, bool) {
	if v := reflect.ValueOf(body); v.Kind() != reflect.Pointer || v.IsNil() {
		return b, false
	}
	m := startMap(b)
	switch x := body.(type) {
	case *Pass:
		m = m.str("player", x.Player)
	case *Mulligan:
		m = m.str("player", x.Player)
	case *Concede:
		m = m.str("player", x.Player)
	case *Keep:
		m = m.str("player", x.Player)
		m = m.optStrings("bottom", x.Bottom)
	case *PlayLand:
		m = m.str("player", x.Player)
		m = m.str("card", x.Card)
		m = m.optStr("face", x.Face)
	case *Choose:
		m = m.str("player", x.Player)
		m = m.key("answer")
		m.b = appendStrings(m.b, x.Answer)
	case *Attack:
		m = m.str("player", x.Player)
		if len(x.Attackers) > 0 {
			m = m.key("attackers")
			m.b = appendArrayLen(m.b, len(x.Attackers))
			for _, a := range x.Attackers {
				m.b = append(m.b, 0x82)
				m.b = appendString(appendString(m.b, "creature"), a.Creature)
				m.b = appendString(appendString(m.b, "defender"), a.Defender)
			}
		}
	case *Block:
		m = m.str("player", x.Player)
		if len(x.Blocks) > 0 {
			m = m.key("blocks")
			m.b = appendArrayLen(m.b, len(x.Blocks))
			for _, a := range x.Blocks {
				m.b = append(m.b, 0x82)
				m.b = appendString(appendString(m.b, "blocker"), a.Blocker)
				m.b = appendString(appendString(m.b, "attacker"), a.Attacker)
			}
		}
	case *Random:
		m = m.str("of", x.Of)
		m = m.optStr("player", x.Player)
		m = m.optStrings("order", x.Order)
		m = m.optStr("coin", x.Coin)
		m = m.optInt("roll", x.Roll)
		m = m.optStr("salt", x.Salt)
	case *Activate:
		m = m.str("player", x.Player)
		m = m.str("source", x.Source)
		m = m.optInt("ability", x.Ability)
		m = m.optStr("ability_text", x.AbilityText)
		m = m.optStrings("targets", x.Targets)
		m = m.optInt("x", x.X)
		m = m.optStr("choice", x.Choice)
		m = m.optPayments("pay", x.Pay)
		m = m.optStr("tap", x.Tap)
		m = m.optStr("special", x.Special)
		m = m.costChoices(&x.CostChoices)
	case *Cast:
		m = m.str("player", x.Player)
		m = m.str("card", x.Card)
		m = m.optStr("face", x.Face)
		m = m.optInt("x", x.X)
		m = m.optStrings("targets", x.Targets)
		m = m.optInts("modes", x.Modes)
		m = m.optStrings("delve", x.Delve)
		m = m.optStrings("improvise", x.Improvise)
		m = m.optStr("harmonize", x.Harmonize)
		m = m.optPayments("pay", x.Pay)
		m = m.optBool("kicked", x.Kicked)
		m = m.optInt("kicks", x.Kicks)
		m = m.optBool("entwine", x.Entwine)
		m = m.optStrings("convoke", x.Convoke)
		m = m.optStrings("conspire", x.Conspire)
		m = m.optStr("permission", x.Permission)
		m = m.optInt("replicate", x.Replicate)
		m = m.optBool("prototype", x.Prototype)
		m = m.optStr("alternative", x.Alternative)
		m = m.costChoices(&x.CostChoices)
	default:
		return b, false
	}
	out, ok := m.end()
	if !ok {
		return b, false
	}
	return out, true
}
