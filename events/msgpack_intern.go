package events

import (
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// The strings of an input repeat: every input names its match and player,
// most name objects ("o95"), and many a colour, a coin side or a shuffle.
// The fast path gives those as shared strings instead of allocating each;
// a string is immutable, so an event that keeps one is as safe as with a
// copy of its own.

// objectRefs is how many object ids ("o0" to "o4095") are shared.
const objectRefs = 4096

// objectRefTable holds "o0" ... "o4095", cut from one string; made on
// first use.
var objectRefTable = sync.OnceValue(func() *[objectRefs]string {
	var t [objectRefs]string
	var all []byte
	ends := make([]int, objectRefs)
	for n := range t {
		all = append(all, 'o')
		all = strconv.AppendInt(all, int64(n), 10)
		ends[n] = len(all)
	}
	s := string(all)
	from := 0
	for n := range t {
		t[n] = s[from:ends[n]]
		from = ends[n]
	}
	objectRefsMade.Store(&t)
	return &t
})

// objectRefsMade is objectRefTable once made: loading it is one move,
// where calling a sync.OnceValue is a call and a check an object id.
var objectRefsMade atomic.Pointer[[objectRefs]string]

// objectRef returns the shared string of b when b is an object id in its
// usual form ("o" and a number without leading zeros, under objectRefs).
func objectRef(b []byte) (string, bool) {
	if len(b) < 2 || len(b) > 5 || b[0] != 'o' || (b[1] == '0' && len(b) > 2) {
		return "", false
	}
	n := 0
	for _, c := range b[1:] {
		if c < '0' || c > '9' {
			return "", false
		}
		n = n*10 + int(c-'0')
	}
	if n >= objectRefs {
		return "", false
	}
	if t := objectRefsMade.Load(); t != nil {
		return t[n], true
	}
	return objectRefTable()[n], true
}

// sharedWord returns the shared string of the commonest short values:
// player ids, colours, coin sides and the kinds of random outcomes.
func sharedWord(b []byte) (string, bool) {
	switch string(b) {
	case "p1":
		return "p1", true
	case "p2":
		return "p2", true
	case "p3":
		return "p3", true
	case "p4":
		return "p4", true
	case TableActor:
		return TableActor, true
	case "W":
		return "W", true
	case "U":
		return "U", true
	case "B":
		return "B", true
	case "R":
		return "R", true
	case "G":
		return "G", true
	case "C":
		return "C", true
	case "play":
		return "play", true
	case "draw":
		return "draw", true
	case "heads":
		return "heads", true
	case "tails":
		return "tails", true
	case RandomShuffle:
		return RandomShuffle, true
	case RandomOrder:
		return RandomOrder, true
	case RandomCoin:
		return RandomCoin, true
	case RandomDie:
		return RandomDie, true
	}
	return "", false
}

// players are the shared "p1" to "p4".
var players = [...]string{"p1", "p2", "p3", "p4"}

// actorName returns an envelope's actor, shared when it is a common one.
func actorName(b []byte) string {
	if len(b) == 2 && b[0] == 'p' && b[1]-'1' < 4 {
		return players[b[1]-'1']
	}
	if s, ok := sharedWord(b); ok {
		return s
	}
	return string(b)
}

// internText returns b as a string of a body, shared where it can be;
// false when b is not valid UTF-8 (the JSON form could not carry it).
func internText(b []byte) (string, bool) {
	if len(b) == 2 && b[0] == 'p' && b[1]-'1' < 4 { // a player
		return players[b[1]-'1'], true
	}
	if len(b) > 1 && b[0] == 'o' {
		if s, ok := objectRef(b); ok {
			return s, true
		}
	}
	if s, ok := sharedWord(b); ok {
		return s, true
	}
	if !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}
