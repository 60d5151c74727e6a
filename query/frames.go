package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Frames are the views of a match's positions, one per input, for a viewer
// that has no server to ask (the HTML export). Consecutive positions differ
// in a few objects, so every JSON object or array of 64 bytes or more is
// stored once in Nodes and written {"#":N} where it occurs: in a frame or
// in another node. Nothing in a view has the key "#". A 10,000-input match
// takes a few megabytes instead of hundreds.
type Frames struct {
	Match string `json:"match"`
	As    string `json:"as"`
	// Frames[i] is the view after input i+1.
	Frames []json.RawMessage `json:"frames"`
	Nodes  []json.RawMessage `json:"nodes"`
	// Stopped names the input the rules forbid that ended the frames early.
	Stopped *Stopped `json:"stopped,omitempty"`
}

// minShared is the size from which a JSON value is stored once.
const minShared = 64

type frameBuilder struct {
	f     *Frames
	index map[string]int
	// objects are the last frame's objects by id, with the node each
	// became: an object that hasn't changed is not encoded again.
	objects map[string]frameObject
}

type frameObject struct {
	o   reducer.ObjectView
	ref int
}

// objectRef marks, in a view being encoded, an object already stored as
// node N: it marshals as {"id":"#N","hidden":true}, which no real object
// does (ids are "o12"), and the scan writes it {"#":N}.
const objectRef = `{"id":"#`

func newFrameBuilder(match, as string) *frameBuilder {
	return &frameBuilder{
		f:       &Frames{Match: match, As: as, Frames: []json.RawMessage{}, Nodes: []json.RawMessage{}},
		index:   map[string]int{},
		objects: map[string]frameObject{},
	}
}

// add encodes the view after the next input. v is the builder's to change.
func (b *frameBuilder) add(v *reducer.View) error {
	seen := make(map[string]frameObject, len(b.objects))
	var err error
	swap := func(o *reducer.ObjectView) {
		if o.Hidden || err != nil {
			return
		}
		e, ok := b.objects[o.ID]
		if !ok || !reflect.DeepEqual(e.o, *o) {
			var data []byte
			if data, err = json.Marshal(o); err != nil {
				return
			}
			e = frameObject{o: *o, ref: b.node(data)}
		}
		seen[o.ID] = e
		*o = reducer.ObjectView{ID: "#" + strconv.Itoa(e.ref), Hidden: true}
	}
	zones := [][]reducer.ObjectView{v.Battlefield, v.Stack, v.Exile}
	for i := range v.Players {
		p := &v.Players[i]
		zones = append(zones, p.Hand, p.Library, p.Graveyard, p.Command)
		if p.LibraryTop != nil {
			top := *p.LibraryTop
			swap(&top)
			p.LibraryTop = &top
		}
	}
	for _, z := range zones {
		for i := range z {
			swap(&z[i])
		}
	}
	if err != nil {
		return err
	}
	b.objects = seen
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	out, rest, err := b.value(data, true)
	if err != nil {
		return err
	}
	if len(trimSpace(rest)) != 0 {
		return fmt.Errorf("frames: trailing bytes after a view")
	}
	b.f.Frames = append(b.f.Frames, out)
	return nil
}

// value rewrites the JSON value at the start of data, sharing its large
// objects and arrays; top keeps the value itself inline. It returns the
// rewritten value and what follows it.
func (b *frameBuilder) value(data []byte, top bool) ([]byte, []byte, error) {
	data = trimSpace(data)
	if len(data) == 0 {
		return nil, nil, fmt.Errorf("frames: JSON ends early")
	}
	var out []byte
	switch data[0] {
	case '{', '[':
		if bytes.HasPrefix(data, []byte(objectRef)) {
			end := bytes.IndexByte(data, '}')
			n, _, _ := strings.Cut(string(data[len(objectRef):end]), `"`)
			return []byte(`{"#":` + n + `}`), data[end+1:], nil
		}
		closer := byte('}')
		if data[0] == '[' {
			closer = ']'
		}
		out = append(out, data[0])
		rest := trimSpace(data[1:])
		first := true
		for len(rest) > 0 && rest[0] != closer {
			if !first {
				if rest[0] != ',' {
					return nil, nil, fmt.Errorf("frames: want ',' in JSON")
				}
				out = append(out, ',')
				rest = trimSpace(rest[1:])
			}
			first = false
			if closer == '}' {
				key, r, err := jsonString(rest)
				if err != nil {
					return nil, nil, err
				}
				r = trimSpace(r)
				if len(r) == 0 || r[0] != ':' {
					return nil, nil, fmt.Errorf("frames: want ':' in JSON")
				}
				out = append(append(out, key...), ':')
				rest = r[1:]
			}
			v, r, err := b.value(rest, false)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, v...)
			rest = trimSpace(r)
		}
		if len(rest) == 0 {
			return nil, nil, fmt.Errorf("frames: JSON ends early")
		}
		out = append(out, closer)
		if top || len(out) < minShared {
			return out, rest[1:], nil
		}
		return b.share(out), rest[1:], nil
	case '"':
		s, rest, err := jsonString(data)
		return s, rest, err
	}
	i := 0
	for i < len(data) && !isDelim(data[i]) {
		i++
	}
	return data[:i], data[i:], nil
}

// share stores node once and returns a reference to it.
func (b *frameBuilder) share(node []byte) []byte {
	return []byte(`{"#":` + strconv.Itoa(b.node(node)) + `}`)
}

// node stores node once and returns its number.
func (b *frameBuilder) node(node []byte) int {
	n, ok := b.index[string(node)]
	if !ok {
		n = len(b.f.Nodes)
		b.f.Nodes = append(b.f.Nodes, json.RawMessage(node))
		b.index[string(node)] = n
	}
	return n
}

// jsonString returns the string literal data starts with, and the rest.
func jsonString(data []byte) ([]byte, []byte, error) {
	if len(data) == 0 || data[0] != '"' {
		return nil, nil, fmt.Errorf("frames: want a string in JSON")
	}
	for i := 1; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return data[:i+1], data[i+1:], nil
		}
	}
	return nil, nil, fmt.Errorf("frames: unterminated string in JSON")
}

func isDelim(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	return b
}

// View rebuilds the view after input seq (from 1), as a client of the
// frames does.
func (f *Frames) View(seq uint64) (*reducer.View, error) {
	if seq == 0 || seq > uint64(len(f.Frames)) {
		return nil, fmt.Errorf("frames of %s: no frame after seq %d", f.Match, seq)
	}
	var tree any
	if err := json.Unmarshal(f.Frames[seq-1], &tree); err != nil {
		return nil, err
	}
	resolved, err := f.resolve(tree, 0)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(resolved)
	if err != nil {
		return nil, err
	}
	var v reducer.View
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

func (f *Frames) resolve(node any, depth int) (any, error) {
	if depth > 64 {
		return nil, fmt.Errorf("frames: references nested too deep")
	}
	switch n := node.(type) {
	case map[string]any:
		if ref, ok := n["#"]; ok && len(n) == 1 {
			i, ok := ref.(float64)
			if !ok || i < 0 || int(i) >= len(f.Nodes) {
				return nil, fmt.Errorf("frames: bad reference %v", ref)
			}
			var shared any
			if err := json.Unmarshal(f.Nodes[int(i)], &shared); err != nil {
				return nil, err
			}
			return f.resolve(shared, depth+1)
		}
		for k, v := range n {
			r, err := f.resolve(v, depth+1)
			if err != nil {
				return nil, err
			}
			n[k] = r
		}
	case []any:
		for i, v := range n {
			r, err := f.resolve(v, depth+1)
			if err != nil {
				return nil, err
			}
			n[i] = r
		}
	}
	return node, nil
}
