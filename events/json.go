package events

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/vmihailenco/msgpack/v5"
)

// jsonEvent is the JSON Lines form. Field order here is the order written.
type jsonEvent struct {
	Schema   int             `json:"schema,omitempty"`
	Match    string          `json:"match"`
	Seq      uint64          `json:"seq,omitempty"`
	Kind     string          `json:"kind"`
	Actor    string          `json:"actor"`
	Recorded json.RawMessage `json:"recorded,omitempty"`
	Body     json.RawMessage `json:"body"`
	Effects  json.RawMessage `json:"effects,omitempty"`
	Sig      string          `json:"sig,omitempty"` // hex, as the hashes
	Prev     string          `json:"prev,omitempty"`
	Hash     string          `json:"hash,omitempty"`
}

// MarshalJSONLine writes e as one JSON line (no trailing newline) with every
// field that is set, in a fixed order: the same event always gives the same
// line.
func (e *Event) MarshalJSONLine() ([]byte, error) {
	body, err := json.Marshal(e.Body)
	if err != nil {
		return nil, fmt.Errorf("events: body of seq %d: %v", e.Seq, err)
	}
	j := jsonEvent{
		Schema: e.schema(),
		Match:  e.Match,
		Seq:    e.Seq,
		Kind:   string(e.Kind),
		Actor:  e.Actor,
		Body:   body,
		Sig:    hex.EncodeToString(e.Sig),
		Prev:   e.Prev.String(),
		Hash:   e.Hash.String(),
	}
	if len(e.Effects) > 0 {
		if j.Effects, err = json.Marshal(e.Effects); err != nil {
			return nil, fmt.Errorf("events: effects of seq %d: %v", e.Seq, err)
		}
	}
	if e.Recorded != 0 {
		j.Recorded = []byte(strconv.Quote(e.RecordedTime().Format(time.RFC3339Nano)))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// ParseJSON reads one event from its JSON form. Unknown fields, wrong types
// and missing required fields are errors naming the field. The result has
// passed Check.
func ParseJSON(line []byte) (*Event, error) {
	if len(line) > MaxInputSize {
		return nil, &Error{Reason: fmt.Sprintf("%d bytes is over the %d-byte input limit", len(line), MaxInputSize), Rule: RuleSize}
	}
	var j jsonEvent
	if err := strictUnmarshal(line, &j); err != nil {
		return nil, jsonError("", err, RuleDecode)
	}
	ev := &Event{Schema: j.Schema, Match: j.Match, Seq: j.Seq, Kind: Kind(j.Kind), Actor: j.Actor}
	if ev.Schema == 0 {
		ev.Schema = SchemaVersion
	}
	fail := func(field, reason string) error {
		return &Error{Match: ev.Match, Seq: ev.Seq, Field: field, Reason: reason, Rule: RuleDecode}
	}
	var err error
	if ev.Recorded, err = parseRecorded(j.Recorded); err != nil {
		return nil, fail("recorded", err.Error())
	}
	if ev.Prev, err = ParseHash(j.Prev); err != nil {
		return nil, fail("prev", err.Error())
	}
	if ev.Hash, err = ParseHash(j.Hash); err != nil {
		return nil, fail("hash", err.Error())
	}
	if len(j.Body) > 0 && !bytes.Equal(j.Body, []byte("null")) {
		if body, ok := NewBody(ev.Kind); ok {
			if err := strictUnmarshal(j.Body, body); err != nil {
				je := jsonError("body", err, RuleBody)
				je.Match, je.Seq = ev.Match, ev.Seq
				return nil, je
			}
			ev.Body = body
		}
	}
	if ev.Effects, err = parseEffects(j.Effects); err != nil {
		je := err.(*Error)
		je.Match, je.Seq = ev.Match, ev.Seq
		return nil, je
	}
	if j.Sig != "" {
		if ev.Sig, err = hex.DecodeString(j.Sig); err != nil || len(ev.Sig) != SigSize {
			return nil, fail("sig", fmt.Sprintf("want %d hex digits (an Ed25519 signature)", 2*SigSize))
		}
	}
	if ce := ev.Check(); ce != nil {
		return nil, ce
	}
	return ev, nil
}

// parseEffects reads the effects list one element at a time, so that an
// error names the element: effects[2].n.
func parseEffects(raw json.RawMessage) ([]TableEffect, error) {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, nil
	}
	var elems []json.RawMessage
	if err := strictUnmarshal(raw, &elems); err != nil {
		return nil, jsonError("effects", err, RuleTableForm)
	}
	if len(elems) == 0 {
		return nil, nil
	}
	out := make([]TableEffect, len(elems))
	for i, el := range elems {
		if err := strictUnmarshal(el, &out[i]); err != nil {
			return nil, jsonError("effects["+itoa(i)+"]", err, RuleTableForm)
		}
	}
	return out, nil
}

func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// jsonError turns an encoding/json error into one that names the field.
func jsonError(prefix string, err error, rule string) *Error {
	join := func(f string) string {
		if prefix == "" {
			return f
		}
		if f == "" {
			return prefix
		}
		return prefix + "." + f
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return &Error{Field: join(te.Field), Reason: fmt.Sprintf("want %s, got %s", jsonKind(te.Type.Kind().String()), te.Value), Rule: rule}
	case errors.As(err, &se):
		return &Error{Field: prefix, Reason: fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, se), Rule: RuleDecode}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		return &Error{Field: join(name), Reason: "unknown field", Rule: rule}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	switch {
	case errors.Is(err, io.EOF):
		msg = "empty: want a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		msg = "invalid JSON: unexpected end of input"
	}
	return &Error{Field: prefix, Reason: msg, Rule: rule}
}

func jsonKind(k string) string {
	switch k {
	case "int", "int64", "uint64", "int32", "uint32", "uint16", "uint8", "uint", "int8", "int16":
		return "an integer"
	case "slice", "array":
		return "an array"
	case "struct", "map":
		return "an object"
	case "bool":
		return "a boolean"
	case "ptr":
		return "a number"
	}
	return "a " + k
}

// parseRecorded accepts an RFC 3339 time or Unix nanoseconds.
func parseRecorded(raw json.RawMessage) (int64, error) {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return 0, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return 0, fmt.Errorf("want an RFC 3339 time, got %q", s)
		}
		// UnixNano wraps silently outside 1678 to 2262.
		if n := t.UnixNano(); time.Unix(0, n).Equal(t) {
			return n, nil
		}
		return 0, fmt.Errorf("%q is outside the years Unix nanoseconds can hold (1678 to 2262)", s)
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("want an RFC 3339 time or Unix nanoseconds, got %s", raw)
	}
	return n, nil
}

// DecodeInput reads an input as a client sent it: JSON when it starts with
// '{' (after spaces), canonical msgpack otherwise.
func DecodeInput(data []byte) (*Event, error) {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) > 0 && t[0] == '{' {
		return ParseJSON(data)
	}
	return DecodeMsgpack(data)
}

// KindOf is the kind an input that DecodeInput refused says it is, read
// leniently from its JSON or msgpack envelope, so that a rejection can
// name it; "" when it says none that is known.
func KindOf(data []byte) string {
	var env struct {
		Kind string `json:"kind" msgpack:"kind"`
	}
	t := bytes.TrimLeft(data, " \t\r\n")
	var err error
	if len(t) > 0 && t[0] == '{' {
		err = json.Unmarshal(data, &env)
	} else {
		err = msgpack.Unmarshal(data, &env)
	}
	if _, ok := bodyMakers[Kind(env.Kind)]; err != nil || !ok {
		return ""
	}
	return env.Kind
}
