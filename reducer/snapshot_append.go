package reducer

import (
	"encoding/binary"
	"math"

	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// msgpack's primitives appended to a buffer, byte for byte as
// msgpack.Encoder writes them with compact ints: the smallest form that
// holds the value.

func appendMsgpackUint(b []byte, n uint64) []byte {
	switch {
	case n <= math.MaxInt8:
		return append(b, byte(n))
	case n <= math.MaxUint8:
		return append(b, msgpcode.Uint8, byte(n))
	case n <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(b, msgpcode.Uint16), uint16(n))
	case n <= math.MaxUint32:
		return binary.BigEndian.AppendUint32(append(b, msgpcode.Uint32), uint32(n))
	}
	return binary.BigEndian.AppendUint64(append(b, msgpcode.Uint64), n)
}

func appendMsgpackInt(b []byte, n int64) []byte {
	switch {
	case n >= 0:
		return appendMsgpackUint(b, uint64(n))
	case n >= int64(int8(msgpcode.NegFixedNumLow)):
		return append(b, byte(n))
	case n >= math.MinInt8:
		return append(b, msgpcode.Int8, byte(n))
	case n >= math.MinInt16:
		return binary.BigEndian.AppendUint16(append(b, msgpcode.Int16), uint16(n))
	case n >= math.MinInt32:
		return binary.BigEndian.AppendUint32(append(b, msgpcode.Int32), uint32(n))
	}
	return binary.BigEndian.AppendUint64(append(b, msgpcode.Int64), uint64(n))
}

func appendMsgpackArrayLen(b []byte, n int) []byte {
	switch {
	case n < 16:
		return append(b, msgpcode.FixedArrayLow|byte(n))
	case n <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(b, msgpcode.Array16), uint16(n))
	}
	return binary.BigEndian.AppendUint32(append(b, msgpcode.Array32), uint32(n))
}

func appendMsgpackString(b []byte, s string) []byte {
	switch n := len(s); {
	case n < 32:
		b = append(b, msgpcode.FixedStrLow|byte(n))
	case n < 256:
		b = append(b, msgpcode.Str8, byte(n))
	case n <= math.MaxUint16:
		b = binary.BigEndian.AppendUint16(append(b, msgpcode.Str16), uint16(n))
	default:
		b = binary.BigEndian.AppendUint32(append(b, msgpcode.Str32), uint32(n))
	}
	return append(b, s...)
}
