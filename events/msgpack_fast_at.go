package events

import (
	"encoding/binary"
	"math"
)

// The reading functions take the bytes and a place and return the place
// after what they read (-1 when it is not there, in a form they know):
// a caller that holds both in locals keeps them in registers, where a
// reader passed by pointer is loaded and stored at every step. Each reads
// the commonest form inline and calls out for the rest.

// keyAt reads want (a key with its fixstr header, a constant) at i.
func keyAt(b []byte, i int, want string) int {
	j := i + len(want)
	if uint(i) > uint(j) || j > len(b) || string(b[i:j]) != want {
		return -1
	}
	return j
}

// strAt reads a fixstr, str8 or str16 at i: its bytes (a slice of b).
func strAt(b []byte, i int) ([]byte, int) {
	if uint(i) < uint(len(b)) && b[i]&0xe0 == 0xa0 {
		if j := i + 1 + int(b[i]&0x1f); j <= len(b) {
			return b[i+1 : j], j
		}
		return nil, -1
	}
	return strLongAt(b, i)
}

// strLongAt is strAt for a str8 or str16.
func strLongAt(b []byte, i int) ([]byte, int) {
	if uint(i) >= uint(len(b)) {
		return nil, -1
	}
	var n, h int
	switch c := b[i]; {
	case c == 0xd9 && i+2 <= len(b):
		n, h = int(b[i+1]), 2
	case c == 0xda && i+3 <= len(b):
		n, h = int(binary.BigEndian.Uint16(b[i+1:])), 3
	default:
		return nil, -1
	}
	if i+h+n > len(b) {
		return nil, -1
	}
	return b[i+h : i+h+n], i + h + n
}

// uintAt reads a positive fixint or a uint8/16/32/64 at i.
func uintAt(b []byte, i int) (uint64, int) {
	if uint(i) >= uint(len(b)) {
		return 0, -1
	}
	rest := b[i+1:]
	switch c := b[i]; {
	case c <= 0x7f:
		return uint64(c), i + 1
	case c == 0xcd && len(rest) >= 2: // a seq past 255
		return uint64(binary.BigEndian.Uint16(rest)), i + 3
	case c == 0xcc && len(rest) >= 1:
		return uint64(rest[0]), i + 2
	case c == 0xce && len(rest) >= 4:
		return uint64(binary.BigEndian.Uint32(rest)), i + 5
	case c == 0xcf && len(rest) >= 8:
		return binary.BigEndian.Uint64(rest), i + 9
	}
	return 0, -1
}

// intAt reads any integer form that fits an int64 at i.
func intAt(b []byte, i int) (int64, int) {
	if uint(i) >= uint(len(b)) {
		return 0, -1
	}
	rest := b[i+1:]
	switch c := b[i]; {
	case c <= 0x7f || c >= 0xe0:
		return int64(int8(c)), i + 1
	case c == 0xcf && len(rest) >= 8: // a time
		v := binary.BigEndian.Uint64(rest)
		if v > math.MaxInt64 {
			return 0, -1
		}
		return int64(v), i + 9
	case c == 0xcc && len(rest) >= 1:
		return int64(rest[0]), i + 2
	case c == 0xcd && len(rest) >= 2:
		return int64(binary.BigEndian.Uint16(rest)), i + 3
	case c == 0xce && len(rest) >= 4:
		return int64(binary.BigEndian.Uint32(rest)), i + 5
	case c == 0xd0 && len(rest) >= 1:
		return int64(int8(rest[0])), i + 2
	case c == 0xd1 && len(rest) >= 2:
		return int64(int16(binary.BigEndian.Uint16(rest))), i + 3
	case c == 0xd2 && len(rest) >= 4:
		return int64(int32(binary.BigEndian.Uint32(rest))), i + 5
	case c == 0xd3 && len(rest) >= 8:
		return int64(binary.BigEndian.Uint64(rest)), i + 9
	}
	return 0, -1
}

// hashAt reads nil (the zero hash) or a bin8 of exactly the hash's size
// at i into h.
func hashAt(b []byte, i int, h *Hash) int {
	if uint(i) < uint(len(b)) && b[i] == msgpackNil {
		*h = Hash{}
		return i + 1
	}
	if uint(i) > uint(len(b)) || len(b)-i < 2+len(h) || b[i] != 0xc4 || int(b[i+1]) != len(h) {
		return -1
	}
	*h = *(*Hash)(b[i+2 : i+2+len(h)]) // two moves, where copy calls memmove
	return i + 2 + len(h)
}

// fixstrAt reads a fixstr at i, inline: what a kind always is.
func fixstrAt(b []byte, i int) ([]byte, int) {
	if uint(i) < uint(len(b)) && b[i]&0xe0 == 0xa0 {
		if j := i + 1 + int(b[i]&0x1f); j <= len(b) {
			return b[i+1 : j], j
		}
	}
	return nil, -1
}

// refAt reads an object id in its usual form at i ("o" and a number
// under objectRefs, a fixstr), giving its shared string; -1 for anything
// else.
func refAt(b []byte, i int) (string, int) {
	if uint(i) >= uint(len(b)) || b[i] < 0xa2 || b[i] > 0xa5 { // a fixstr of 2 to 5 bytes
		return "", -1
	}
	j := i + 1 + int(b[i]&0x1f)
	if j > len(b) {
		return "", -1
	}
	if s, ok := objectRef(b[i+1 : j]); ok {
		return s, j
	}
	return "", -1
}
