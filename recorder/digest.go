package recorder

import (
	"bytes"
	"crypto/sha256"

	"github.com/chronicle-mtg/chronicle/events"
)

// digestOfSealed is ev.Digest() worked out from sealed, ev's sealed
// canonical encoding (store.Batch.Sealed), for its verdict: the digest
// encodes the same keys in the same order, but its recorded time is 0 and
// it has no prev, hash or signature, so it is those bytes with the
// recorded time and prev cut out, hashed, where encoding the event again
// took more than the hashing. false when sealed is not laid out so (a
// signed input, or a layout this code does not know): then ask ev.
func digestOfSealed(sealed []byte, ev *events.Event) (events.Hash, bool) {
	b := sealed
	if len(ev.Sig) > 0 || len(b) == 0 || (b[0] != 0x89 && b[0] != 0x8a) {
		return events.Hash{}, false
	}
	// schema, match, seq, kind, actor, then the recorded time's key.
	i := 1
	for _, key := range [...]string{"schema", "match", "seq", "kind", "actor"} {
		var ok bool
		if i, ok = skipKey(b, i, key); !ok {
			return events.Hash{}, false
		}
		if i, ok = skipScalar(b, i); !ok {
			return events.Hash{}, false
		}
	}
	recStart, ok := skipKey(b, i, "recorded")
	if !ok {
		return events.Hash{}, false
	}
	recEnd, ok := skipScalar(b, recStart)
	if !ok {
		return events.Hash{}, false
	}
	// The tail: "prev", its hash (nil when zero), "hash" and its hash.
	const hashTail = 5 + 2 + len(events.Hash{})
	prevLen := 1
	if !ev.Prev.IsZero() {
		prevLen = 2 + len(events.Hash{})
	}
	prevStart := len(b) - hashTail - prevLen
	if prevStart-5 < recEnd || !bytes.Equal(b[len(b)-hashTail:len(b)-hashTail+7], []byte("\xa4hash\xc4\x20")) ||
		!bytes.Equal(b[prevStart-5:prevStart], []byte("\xa4prev")) ||
		(prevLen == 1 && b[prevStart] != 0xc0) || (prevLen > 1 && !bytes.Equal(b[prevStart:prevStart+2], []byte{0xc4, 0x20})) {
		return events.Hash{}, false
	}
	var buf [512]byte
	d := append(buf[:0], b[:recStart]...)
	d = append(d, 0) // recorded: 0
	d = append(d, b[recEnd:prevStart]...)
	d = append(d, "\xc0\xa4hash\xc0"...) // no prev, no hash
	return sha256.Sum256(d), true
}

// skipKey steps over the map key name at b[i], false if another is there.
func skipKey(b []byte, i int, name string) (int, bool) {
	end := i + 1 + len(name)
	if end > len(b) || b[i] != 0xa0|byte(len(name)) || string(b[i+1:end]) != name {
		return i, false
	}
	return end, true
}

// skipScalar steps over the msgpack integer or string at b[i].
func skipScalar(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	c, n := b[i], 0
	switch {
	case c <= 0x7f || c >= 0xe0: // fixints
		return i + 1, true
	case c >= 0xa0 && c <= 0xbf: // fixstr
		n = 1 + int(c&0x1f)
	case c == 0xcc || c == 0xd0:
		n = 2
	case c == 0xcd || c == 0xd1:
		n = 3
	case c == 0xce || c == 0xd2:
		n = 5
	case c == 0xcf || c == 0xd3:
		n = 9
	case c == 0xd9 && i+1 < len(b): // str8
		n = 2 + int(b[i+1])
	case c == 0xda && i+2 < len(b): // str16
		n = 3 + (int(b[i+1])<<8 | int(b[i+2]))
	default:
		return i, false
	}
	if i+n > len(b) {
		return i, false
	}
	return i + n, true
}
