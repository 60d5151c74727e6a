package events

import (
	"encoding/binary"
	"math"
)

// Three inputs in four are passes, and a stored pass by one of the usual
// players is the same bytes but for its match, seq, player, time and
// hashes: from the kind key on, it is read as a template, a few word
// compares with no call, where key by key it took some twenty steps.

// The bytes of a stored pass by player N from the kind key to its time,
// and from the body key to the body's end, in pieces of at most eight
// bytes: the compiler compares a constant of eight or fewer with a load,
// a longer one (or a slice of one) with a call.
const (
	passHead1 = keyKind + "\xa4pa"
	passHead2 = "ss" + keyActor
	passHead3 = "\xa2p"       // then N
	passHead4 = "\xa8recorde" // keyRecorded
	passHead5 = "d\xcf"       // then the time's 8 bytes
	passBody1 = keyBody + "\x81\xa6p"
	passBody2 = "layer\xa2p" // then N
	passTail1 = keyPrev + "\xc4\x20"
	passTail2 = keyHash + "\xc4\x20"

	passActorAt  = len(passHead1 + passHead2 + passHead3)
	passTimeAt   = passActorAt + 1 + len(passHead4+passHead5)
	passBodyAt   = passTimeAt + 8
	passPlayerAt = passBodyAt + len(passBody1+passBody2)
	passLen      = passPlayerAt + 1 + sealedTail
)

// passAt reads data as a stored pass by one of the usual players from i,
// the kind key, to its end. It gives the player (an index of players),
// the time and the two hashes; ok false when data is anything else.
func passAt(data []byte, i int) (player int, recorded int64, prev, hash *Hash, ok bool) {
	if uint(i) > uint(len(data)) || len(data)-i != passLen {
		return 0, 0, nil, nil, false
	}
	t := data[i:]
	const a, b = passActorAt, passBodyAt
	p := t[a] - '1'
	if string(t[:8]) != passHead1 || string(t[8:16]) != passHead2 || string(t[16:a]) != passHead3 || p >= 4 ||
		string(t[a+1:a+9]) != passHead4 || string(t[a+9:passTimeAt]) != passHead5 {
		return 0, 0, nil, nil, false
	}
	v := binary.BigEndian.Uint64(t[passTimeAt:])
	if v > math.MaxInt64 || string(t[b:b+8]) != passBody1 || string(t[b+8:passPlayerAt]) != passBody2 || t[passPlayerAt] != t[a] {
		return 0, 0, nil, nil, false
	}
	e := t[passPlayerAt+1:]
	if string(e[:7]) != passTail1 || string(e[39:46]) != passTail2 {
		return 0, 0, nil, nil, false
	}
	return int(p), int64(v), (*Hash)(e[7:39]), (*Hash)(e[46:]), true
}
