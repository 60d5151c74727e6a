package bus

import (
	"encoding/binary"
	"errors"
	"strconv"
)

// A pack carries several inputs of one match in one message: the server
// stores, delivers and acknowledges a message, parses its headers and
// checks its message id once for all of them, which was the larger part
// of its work when every input was a message of its own. A pack is a
// msgpack array of bin, each bin one input exactly as it would go alone
// (canonical msgpack or JSON), in seq order. An input alone is a msgpack
// map or a JSON object, never an array, so a message says by its first
// byte which it is. Its message id is PackID.

// Pack limits: the inputs a publisher puts in one pack, and the bytes
// past which it sends the pack it has (an input bigger than that goes
// alone).
const (
	PackInputs = 64
	PackBytes  = 64 << 10
)

// packHeader is the array header a pack starts with (array 32), and
// binHeader each input's (bin 32): written before the count or the
// length is known, and filled in after.
const (
	packHeader = 5
	binHeader  = 5
)

// ErrPack says a message that starts as a pack is not a well-formed one.
var ErrPack = errors.New("bus: malformed pack of inputs")

// IsPack reports whether a message's data is a pack of inputs.
func IsPack(data []byte) bool {
	if len(data) == 0 {
		return false
	}
	b := data[0]
	return b&0xf0 == 0x90 || b == 0xdc || b == 0xdd
}

// StartPack begins a pack in buf (reused from its start).
func StartPack(buf []byte) []byte {
	return append(buf[:0], 0xdd, 0, 0, 0, 0)
}

// StartPackInput begins the next input of the pack in buf and returns
// where the input's bytes start; the caller appends them and calls
// EndPackInput.
func StartPackInput(buf []byte) ([]byte, int) {
	buf = append(buf, 0xc6, 0, 0, 0, 0)
	return buf, len(buf)
}

// EndPackInput closes the input begun at start and counts it.
func EndPackInput(buf []byte, start int) {
	binary.BigEndian.PutUint32(buf[start-4:start], uint32(len(buf)-start))
	binary.BigEndian.PutUint32(buf[1:packHeader], binary.BigEndian.Uint32(buf[1:packHeader])+1)
}

// PackLen is how many inputs the pack begun in buf holds so far.
func PackLen(buf []byte) int { return int(binary.BigEndian.Uint32(buf[1:packHeader])) }

// SplitPack calls fn with each input of the pack in data, in order (the
// slices are data's); it fails, before calling fn at all, when data is
// not a well-formed pack.
func SplitPack(data []byte, fn func(i int, input []byte)) error {
	n, rest, err := packCount(data)
	if err != nil {
		return err
	}
	// Checked whole first: a malformed pack is refused as one message.
	r := rest
	for i := 0; i < n; i++ {
		if _, r, err = packInput(r); err != nil {
			return err
		}
	}
	if len(r) != 0 {
		return errors.Join(ErrPack, errors.New(strconv.Itoa(len(r))+" bytes after the last input"))
	}
	for i := 0; i < n; i++ {
		var in []byte
		in, rest, _ = packInput(rest)
		fn(i, in)
	}
	return nil
}

// PackCount is how many inputs a well-formed pack holds.
func PackCount(data []byte) int {
	n, _, _ := packCount(data)
	return n
}

func packCount(data []byte) (int, []byte, error) {
	if len(data) == 0 {
		return 0, nil, ErrPack
	}
	switch b := data[0]; {
	case b&0xf0 == 0x90:
		return int(b & 0x0f), data[1:], nil
	case b == 0xdc && len(data) >= 3:
		return int(binary.BigEndian.Uint16(data[1:])), data[3:], nil
	case b == 0xdd && len(data) >= 5:
		return int(binary.BigEndian.Uint32(data[1:])), data[5:], nil
	}
	return 0, nil, ErrPack
}

func packInput(data []byte) (in, rest []byte, err error) {
	if len(data) == 0 {
		return nil, nil, ErrPack
	}
	var n, h int
	switch data[0] {
	case 0xc4:
		if len(data) >= 2 {
			n, h = int(data[1]), 2
		}
	case 0xc5:
		if len(data) >= 3 {
			n, h = int(binary.BigEndian.Uint16(data[1:])), 3
		}
	case 0xc6:
		if len(data) >= 5 {
			n, h = int(binary.BigEndian.Uint32(data[1:])), 5
		}
	}
	if h == 0 || n == 0 || len(data)-h < n {
		return nil, nil, ErrPack
	}
	return data[h : h+n], data[h+n:], nil
}

// PackID is the message id of a pack of the inputs first to last of a
// match: <match>:<first>-<last>, and .<n> after it for the n-th sending
// of an input in it held back for a gap (chained.go).
func PackID(match string, first, last uint64, tries int) string {
	id := MsgID(match, first) + "-" + uitoa(last)
	if tries > 0 {
		id += "." + strconv.Itoa(tries)
	}
	return id
}
