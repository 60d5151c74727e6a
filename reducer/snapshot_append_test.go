package reducer

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// The snapshot's primitives are written as msgpack.Encoder with compact
// ints writes them, at every edge of every form.
func TestAppendMsgpackAsEncoder(t *testing.T) {
	var want bytes.Buffer
	enc := msgpack.NewEncoder(&want)
	enc.UseCompactInts(true)
	var got []byte
	ints := []int64{0, 1, 127, 128, 255, 256, 65535, 65536, math.MaxUint32, math.MaxUint32 + 1, math.MaxInt64,
		-1, -32, -33, -128, -129, -32768, -32769, math.MinInt32, math.MinInt32 - 1, math.MinInt64}
	for _, n := range ints {
		enc.EncodeInt(n)
		got = appendMsgpackInt(got, n)
		if n >= 0 {
			enc.EncodeUint(uint64(n))
			got = appendMsgpackUint(got, uint64(n))
		}
	}
	enc.EncodeUint(math.MaxUint64)
	got = appendMsgpackUint(got, math.MaxUint64)
	for _, n := range []int{0, 1, 15, 16, 65535, 65536} {
		enc.EncodeArrayLen(n)
		got = appendMsgpackArrayLen(got, n)
	}
	for _, n := range []int{0, 1, 31, 32, 255, 256, 65535, 65536} {
		s := strings.Repeat("x", n)
		enc.EncodeString(s)
		got = appendMsgpackString(got, s)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("appended bytes differ from the encoder's:\n got %x\nwant %x", got, want.Bytes())
	}
}
