package bus

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"unsafe"

	"github.com/chronicle-mtg/chronicle/events"
)

// Verdicts as JSON without reflection. A verdict is written and read once
// per input ingested, by the recorder and by the publisher: through
// encoding/json that was a few microseconds each, more than storing the
// input in the stream. AppendVerdicts writes what json.Marshal writes
// (the same fields, the same omissions); ParseVerdicts reads the common
// shape here and leaves anything else (an escape, a byte outside ASCII, a
// null, a key it doesn't know) to encoding/json, so what it accepts is
// exactly what it did.

// AppendVerdicts appends vs as a JSON array.
func AppendVerdicts(dst []byte, vs []*Verdict) []byte {
	dst = append(dst, '[')
	for i, v := range vs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendVerdict(dst, v)
	}
	return append(dst, ']')
}

// AppendVerdict appends v as a JSON object, as json.Marshal writes it.
func AppendVerdict(dst []byte, v *Verdict) []byte { return appendVerdict(dst, v, nil, nil) }

// AppendVerdictHashes is AppendVerdict with v's Hash and Digest, where
// empty, written from hash and digest (in hex, as events.Hash.String
// gives them; a zero one is left out as an empty string is): a recorder
// writes a stored input's verdict without making strings of them first.
func AppendVerdictHashes(dst []byte, v *Verdict, hash, digest *events.Hash) []byte {
	return appendVerdict(dst, v, hash, digest)
}

func appendVerdict(dst []byte, v *Verdict, hash, digest *events.Hash) []byte {
	dst = append(dst, `{"match":`...)
	dst = appendJSONString(dst, v.Match)
	if v.Seq != 0 {
		dst = append(dst, `,"seq":`...)
		dst = strconv.AppendUint(dst, v.Seq, 10)
	}
	dst = append(dst, `,"status":`...)
	dst = appendJSONString(dst, v.Status)
	if v.Duplicate {
		dst = append(dst, `,"duplicate":true`...)
	}
	dst = appendHashField(dst, "hash", v.Hash, hash)
	dst = appendHashField(dst, "digest", v.Digest, digest)
	if v.StreamSeq != 0 {
		dst = append(dst, `,"stream_seq":`...)
		dst = strconv.AppendUint(dst, v.StreamSeq, 10)
	}
	dst = appendField(dst, "field", v.Field)
	dst = appendField(dst, "reason", v.Reason)
	dst = appendField(dst, "rule", v.Rule)
	dst = appendField(dst, "error", v.Error)
	dst = appendField(dst, "verification", v.Verification)
	if len(v.Cards) > 0 {
		dst = append(dst, `,"cards":[`...)
		for i, c := range v.Cards {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, c)
		}
		dst = append(dst, ']')
	}
	dst = appendField(dst, "verification_rule", v.VerificationRule)
	dst = appendField(dst, "verification_reason", v.VerificationReason)
	return append(dst, '}')
}

// appendField appends ,"key":"s" unless s is empty (omitempty).
func appendField(dst []byte, key, s string) []byte {
	if s == "" {
		return dst
	}
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	dst = append(dst, '"', ':')
	return appendJSONString(dst, s)
}

// appendHashField is appendField of s, or of h in hex when s is empty.
func appendHashField(dst []byte, key, s string, h *events.Hash) []byte {
	if s != "" || h == nil || h.IsZero() {
		return appendField(dst, key, s)
	}
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	dst = append(dst, '"', ':', '"')
	dst = hex.AppendEncode(dst, h[:])
	return append(dst, '"')
}

// appendJSONString appends s quoted: as it is when it is plain ASCII
// with nothing to escape, else as encoding/json writes it.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !bare[s[i]] {
			b, _ := json.Marshal(s)
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// bare marks the bytes encoding/json writes in a string as they are:
// plain ones but for those it escapes for HTML.
var bare = func() (t [256]bool) {
	t = plain
	t['<'], t['>'], t['&'] = false, false, false
	return t
}()

// parseVerdictsFast reads data, a verdict or an array of them, in the
// shape AppendVerdict writes (any whitespace between tokens), appending
// to dst; ok is false for anything else, for encoding/json to read. The
// strings it reads share one copy of data, made once: a verdict's hash
// and digest are not allocated apart.
func parseVerdictsFast(dst []Verdict, data []byte) (vs []Verdict, ok bool) {
	return (&vparser{b: data}).verdicts(dst)
}

// parseVerdictsOwned is parseVerdictsFast on data that nothing writes
// again, a message's own payload (NATS copies each message's): the
// strings read are cut from data itself, not from a copy of it, which
// was a tenth of reading a message of verdicts.
func parseVerdictsOwned(dst []Verdict, data []byte) (vs []Verdict, ok bool) {
	p := &vparser{b: data}
	if len(data) > 0 {
		p.s = unsafe.String(unsafe.SliceData(data), len(data))
	}
	return p.verdicts(dst)
}

// verdicts is parseVerdictsFast with p on the data.
func (p *vparser) verdicts(dst []Verdict) (vs []Verdict, ok bool) {
	data := p.b
	p.space()
	if p.peek() != '[' {
		var v Verdict
		if !p.object(&v) {
			return nil, false
		}
		return append(dst, v), p.end()
	}
	p.i++
	p.space()
	vs = dst
	if vs == nil {
		vs = make([]Verdict, 0, len(data)/200+1) // a stored verdict is 200 to 300 bytes
	}
	if p.peek() == ']' {
		p.i++
		return vs, p.end()
	}
	for {
		vs = append(vs, Verdict{})
		if !p.object(&vs[len(vs)-1]) {
			return nil, false
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
			continue
		case ']':
			p.i++
			return vs, p.end()
		}
		return nil, false
	}
}

type vparser struct {
	b []byte
	i int
	s string // b as a string, once a string is read
}

func (p *vparser) peek() byte {
	if p.i < len(p.b) {
		return p.b[p.i]
	}
	return 0
}

func (p *vparser) space() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\r', '\n':
			p.i++
		default:
			return
		}
	}
}

// end reports whether only whitespace is left.
func (p *vparser) end() bool {
	p.space()
	return p.i == len(p.b)
}

// raw reads a string with no escape and nothing outside ASCII, and
// returns where its bytes are in b.
func (p *vparser) raw() (start, end int, ok bool) {
	if p.peek() != '"' {
		return 0, 0, false
	}
	p.i++
	start = p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		if !plain[c] {
			if c == '"' {
				p.i++
				return start, p.i - 1, true
			}
			return 0, 0, false
		}
		p.i++
	}
	return 0, 0, false
}

// plain marks the bytes a string may hold as they are, without an escape:
// ASCII from space up, but for the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str is raw as a string, cut from the copy of b.
func (p *vparser) str() (string, bool) {
	start, end, ok := p.raw()
	if !ok {
		return "", false
	}
	if p.s == "" {
		p.s = string(p.b)
	}
	return p.s[start:end], true
}

// uint reads a JSON number that is a whole number in uint64.
func (p *vparser) uint() (uint64, bool) {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	if p.i == start || (p.b[start] == '0' && p.i-start > 1) {
		return 0, false
	}
	switch p.peek() {
	case '.', 'e', 'E':
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.b[start:p.i]), 10, 64)
	return n, err == nil
}

func (p *vparser) object(v *Verdict) bool {
	if p.peek() != '{' {
		return false
	}
	p.i++
	p.space()
	if p.peek() == '}' {
		p.i++
		return true
	}
	for {
		start, end, ok := p.raw()
		if !ok {
			return false
		}
		key := p.b[start:end]
		p.space()
		if p.peek() != ':' {
			return false
		}
		p.i++
		p.space()
		if !p.value(key, v) {
			return false
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
			continue
		case '}':
			p.i++
			return true
		}
		return false
	}
}

// value reads the value of key into v. A key repeated is read again, the
// last one standing, as encoding/json does.
func (p *vparser) value(key []byte, v *Verdict) bool {
	var s *string
	switch string(key) {
	case "match":
		s = &v.Match
	case "status":
		s = &v.Status
	case "hash":
		s = &v.Hash
	case "digest":
		s = &v.Digest
	case "field":
		s = &v.Field
	case "reason":
		s = &v.Reason
	case "rule":
		s = &v.Rule
	case "error":
		s = &v.Error
	case "verification":
		s = &v.Verification
	case "verification_rule":
		s = &v.VerificationRule
	case "verification_reason":
		s = &v.VerificationReason
	case "seq", "stream_seq":
		n, ok := p.uint()
		if string(key) == "seq" {
			v.Seq = n
		} else {
			v.StreamSeq = n
		}
		return ok
	case "duplicate":
		switch {
		case len(p.b)-p.i >= 4 && string(p.b[p.i:p.i+4]) == "true":
			v.Duplicate, p.i = true, p.i+4
		case len(p.b)-p.i >= 5 && string(p.b[p.i:p.i+5]) == "false":
			v.Duplicate, p.i = false, p.i+5
		default:
			return false
		}
		return true
	case "cards":
		return p.cards(v)
	default:
		return false
	}
	var ok bool
	*s, ok = p.str()
	return ok
}

func (p *vparser) cards(v *Verdict) bool {
	if p.peek() != '[' {
		return false
	}
	p.i++
	p.space()
	cards := []string{}
	if p.peek() == ']' {
		p.i++
		v.Cards = cards
		return true
	}
	for {
		c, ok := p.str()
		if !ok {
			return false
		}
		cards = append(cards, c)
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
			continue
		case ']':
			p.i++
			v.Cards = cards
			return true
		}
		return false
	}
}
