package reducer

import "github.com/vmihailenco/msgpack/v5/msgpcode"

// Last known information in stored effects (a trigger's source and its
// event's object) is written by reflection: a map by field name. It is
// read here in line in the forms the codec writes, which cost a tenth of
// the reflective decoder's; anything else (a field this reader doesn't
// name, a value in another form) is read by reflection from the map's
// start, so a field added to LKI is read as before.

// lki reads an LKI map.
func (r *effectReader) lki() *LKI {
	if r.err != nil {
		return nil
	}
	if l, next, ok := lkiAt(r.w.b, r.w.off); ok {
		r.w.off = next
		return l
	}
	var l *LKI
	r.decode(&l)
	return l
}

// lkiAt reads an LKI map at b[off] and the offset after it; ok is false
// for a form it leaves to reflection.
func lkiAt(b []byte, off int) (l *LKI, next int, ok bool) {
	if off >= len(b) || !msgpcode.IsFixedMap(b[off]) {
		return nil, off, false
	}
	n := int(b[off] & msgpcode.FixedMapMask)
	off++
	l = &LKI{}
	for range n {
		var key []byte
		if key, off, ok = fixstrAt(b, off); !ok {
			return nil, off, false
		}
		var v uint64
		switch string(key) {
		case "Card":
			v, off, ok = numAt(b, off)
			l.Card = CardID(v)
		case "Power":
			v, off, ok = numAt(b, off)
			l.Power = int(v)
		case "Toughness":
			v, off, ok = numAt(b, off)
			l.Toughness = int(v)
		case "X":
			v, off, ok = numAt(b, off)
			l.X = int(v)
		case "Moved":
			v, off, ok = numAt(b, off)
			l.Moved = ObjID(v)
		case "Spent":
			v, off, ok = numAt(b, off)
			l.Spent = int(v)
		case "Cast":
			ok = off < len(b) && (b[off] == msgpcode.True || b[off] == msgpcode.False)
			if ok {
				l.Cast = b[off] == msgpcode.True
				off++
			}
		case "Counters":
			l.Counters, off, ok = countersAt(b, off)
		default:
			return nil, off, false
		}
		if !ok {
			return nil, off, false
		}
	}
	return l, off, true
}

// countersAt reads nil or an array of counters, each a map of Kind and N.
func countersAt(b []byte, off int) (cs []Counter, next int, ok bool) {
	if off >= len(b) {
		return nil, off, false
	}
	if b[off] == msgpcode.Nil {
		return nil, off + 1, true
	}
	if !msgpcode.IsFixedArray(b[off]) {
		return nil, off, false
	}
	cs = make([]Counter, b[off]&msgpcode.FixedArrayMask)
	off++
	for i := range cs {
		if off >= len(b) || !msgpcode.IsFixedMap(b[off]) {
			return nil, off, false
		}
		fields := int(b[off] & msgpcode.FixedMapMask)
		off++
		for range fields {
			var key []byte
			if key, off, ok = fixstrAt(b, off); !ok {
				return nil, off, false
			}
			switch string(key) {
			case "Kind":
				var kind []byte
				if kind, off, ok = fixstrAt(b, off); ok {
					cs[i].Kind = string(kind)
				}
			case "N":
				var v uint64
				v, off, ok = numAt(b, off)
				cs[i].N = int(v)
			default:
				return nil, off, false
			}
			if !ok {
				return nil, off, false
			}
		}
	}
	return cs, off, true
}

// fixstrAt reads a string of up to 31 bytes at b[off], in place.
func fixstrAt(b []byte, off int) (s []byte, next int, ok bool) {
	if off >= len(b) || !msgpcode.IsFixedString(b[off]) {
		return nil, off, false
	}
	end := off + 1 + int(b[off]&msgpcode.FixedStrMask)
	if end > len(b) {
		return nil, off, false
	}
	return b[off+1 : end], end, true
}
