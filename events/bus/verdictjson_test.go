package bus

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// verdictSamples are verdicts with every field set or left out, strings
// plain and with what needs escaping or is outside ASCII.
func verdictSamples(rng *rand.Rand, n int) []*Verdict {
	strs := []string{"", "m1", "LOG-SEQ", `a "quoted" reason`, "back\\slash", "tab\there", "line\nbreak",
		"<b>&amp;</b>", "Jötun Grunt", "\u2028", "\x7f", "bad \xff utf-8", "p2 can't pass priority: p1 has priority (CR 117.3)"}
	pick := func() string { return strs[rng.IntN(len(strs))] }
	out := make([]*Verdict, n)
	for i := range out {
		v := &Verdict{Match: pick(), Status: pick(), Hash: pick(), Digest: pick(), Field: pick(), Reason: pick(),
			Rule: pick(), Error: pick(), Verification: pick(), VerificationRule: pick(), VerificationReason: pick()}
		if rng.IntN(2) == 0 {
			v.Seq = rng.Uint64N(1 << uint(rng.IntN(64)))
		}
		if rng.IntN(2) == 0 {
			v.StreamSeq = rng.Uint64()
		}
		v.Duplicate = rng.IntN(2) == 0
		switch rng.IntN(3) {
		case 1:
			v.Cards = []string{pick()}
		case 2:
			v.Cards = []string{pick(), pick(), pick()}
		}
		out[i] = v
	}
	return out
}

// AppendVerdict writes what json.Marshal writes, byte for byte, and
// ParseVerdicts reads back what encoding/json reads, on both forms.
func TestVerdictJSONAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vs := verdictSamples(rng, 2000)
	for _, v := range vs {
		want, _ := json.Marshal(v)
		got := AppendVerdict(nil, v)
		if string(got) != string(want) {
			t.Fatalf("AppendVerdict\n got %s\nwant %s", got, want)
		}
		checkParse(t, got)
	}
	for i := 0; i+5 <= len(vs); i += 5 {
		want, _ := json.Marshal(vs[i : i+5])
		got := AppendVerdicts(nil, vs[i:i+5])
		if string(got) != string(want) {
			t.Fatalf("AppendVerdicts\n got %s\nwant %s", got, want)
		}
		checkParse(t, got)
	}
}

// AppendVerdictHashes writes what AppendVerdict writes with the hashes
// as strings, and leaves a string given as it is.
func TestAppendVerdictHashes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, v := range verdictSamples(rng, 500) {
		var h, d events.Hash
		if rng.IntN(4) > 0 {
			h = events.Hash(sha256.Sum256([]byte(v.Reason)))
		}
		if rng.IntN(4) > 0 {
			d = events.Hash(sha256.Sum256([]byte(v.Rule)))
		}
		want := *v
		if want.Hash == "" {
			want.Hash = h.String()
		}
		if want.Digest == "" {
			want.Digest = d.String()
		}
		if got, wanted := AppendVerdictHashes(nil, v, &h, &d), AppendVerdict(nil, &want); string(got) != string(wanted) {
			t.Fatalf("AppendVerdictHashes\n got %s\nwant %s", got, wanted)
		}
	}
}

// checkParse fails unless ParseVerdicts reads data as encoding/json does.
func checkParse(t *testing.T, data []byte) {
	t.Helper()
	got, err := ParseVerdicts(data)
	var want []Verdict
	var werr error
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		werr = json.Unmarshal(data, &want)
	} else {
		var v Verdict
		if werr = json.Unmarshal(data, &v); werr == nil {
			want = []Verdict{v}
		}
	}
	if (err == nil) != (werr == nil) {
		t.Fatalf("%s: error %v, encoding/json %v", data, err, werr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\n got %+v\nwant %+v", data, got, want)
	}
	// Read in place, what it takes it reads alike.
	own := bytes.Clone(data)
	if got, ok := parseVerdictsOwned(nil, own); ok && (err != nil || !reflect.DeepEqual(got, want)) {
		t.Fatalf("%s: read in place\n got %+v\nwant %+v (error %v)", data, got, want, err)
	}
}

// Shapes the writer never makes read as encoding/json reads them.
func TestParseVerdictsOddShapes(t *testing.T) {
	for _, s := range []string{
		`[]`, ` [ ] `, `{}`, `[{}]`, ` { "match" : "m" , "seq" : 3 } `, `[{"match":"m","seq":1},{"match":"m","seq":2}]`,
		`{"Match":"m"}`, `{"match":null}`, `{"seq":-1}`, `{"seq":01}`, `{"seq":1.0}`, `{"seq":1e3}`,
		`{"seq":18446744073709551616}`, `{"duplicate":false}`, `{"duplicate":"true"}`, `{"cards":[]}`,
		`{"cards":["a",]}`, `{"match":"m",}`, `{"match":"m"} x`, `[{"match":"m"}`, `{"match":"m\u0041"}`,
		`{"other":1,"match":"m"}`, `{"match":"a","match":"b"}`, `{"cards":["a"],"cards":["b","c"]}`, ``, `"m"`,
	} {
		checkParse(t, []byte(s))
	}
}

func BenchmarkVerdictsJSON(b *testing.B) {
	vs := verdictSamples(rand.New(rand.NewPCG(3, 4)), 0)
	for range 256 {
		vs = append(vs, &Verdict{Match: "bench-0001", Seq: 1234, Status: StatusStored, StreamSeq: 99999,
			Hash: "9f2c4e1b7a5d3c8e6f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6", Digest: "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
			Verification: Verified})
	}
	data := AppendVerdicts(nil, vs)
	b.Run("append", func(b *testing.B) {
		buf := make([]byte, 0, 64<<10)
		for range b.N {
			buf = AppendVerdicts(buf[:0], vs)
		}
	})
	b.Run("marshal", func(b *testing.B) {
		for range b.N {
			json.Marshal(vs)
		}
	})
	b.Run("parse", func(b *testing.B) {
		for range b.N {
			ParseVerdicts(data)
		}
	})
	// As a publisher reads a message: into the list of the one before,
	// strings cut from a copy of the data, or from the data itself.
	b.Run("parse-into", func(b *testing.B) {
		var out []Verdict
		for range b.N {
			out, _ = parseVerdictsFast(out[:0], data)
		}
	})
	b.Run("parse-owned", func(b *testing.B) {
		var out []Verdict
		for range b.N {
			out, _ = parseVerdictsOwned(out[:0], data)
		}
	})
	b.Run("unmarshal", func(b *testing.B) {
		for range b.N {
			var out []Verdict
			json.Unmarshal(data, &out)
		}
	})
}
