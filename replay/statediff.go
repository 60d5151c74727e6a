package replay

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// State differences as key paths, for audit and diff reports:
//
//	battlefield.o41.counters.+1/+1: 1 -> 2
//	players.p2.life: 20 -> 17
//
// A view is flattened into paths: lists of things with an id are keyed by
// the id (players by player id, objects by object id), other lists by
// position; a value is printed as JSON. A path only one side has shows
// "(none)" on the other.

// Change is one difference between two positions.
type Change struct {
	Path   string `json:"path"`
	Before string `json:"before"`
	After  string `json:"after"`
}

func (c Change) String() string { return c.Path + ": " + c.Before + " -> " + c.After }

// absent stands for a path one side doesn't have.
const absent = "(none)"

// Paths flattens a view into key paths and printed values.
func Paths(v *reducer.View) (map[string]string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, err
	}
	out := map[string]string{}
	flatten("", tree, out)
	return out, nil
}

func flatten(prefix string, node any, out map[string]string) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch n := node.(type) {
	case map[string]any:
		if len(n) == 0 {
			out[prefix] = "{}"
		}
		for k, v := range n { // order doesn't matter: out is a set of paths
			flatten(join(k), v, out)
		}
	case []any:
		if len(n) == 0 {
			out[prefix] = "[]"
		}
		for i, v := range n {
			key := strconv.Itoa(i)
			if m, ok := v.(map[string]any); ok {
				if id, ok := m["id"].(string); ok && id != "" {
					key = id
				}
			}
			flatten(join(key), v, out)
		}
	default:
		b, _ := json.Marshal(n)
		out[prefix] = string(b)
	}
}

// DiffViews lists the differences between two views, sorted by path.
// Match, seq and viewer are left out: they name the positions, they aren't
// part of them.
func DiffViews(a, b *reducer.View) ([]Change, error) {
	pa, err := Paths(a)
	if err != nil {
		return nil, fmt.Errorf("replay: diff: %w", err)
	}
	pb, err := Paths(b)
	if err != nil {
		return nil, fmt.Errorf("replay: diff: %w", err)
	}
	keys := make([]string, 0, len(pa)+len(pb))
	for k := range pa {
		keys = append(keys, k)
	}
	for k := range pb {
		if _, ok := pa[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []Change
	for _, k := range keys {
		if k == "match" || k == "seq" || k == "as" {
			continue
		}
		va, okA := pa[k]
		vb, okB := pb[k]
		if !okA {
			va = absent
		}
		if !okB {
			vb = absent
		}
		if va != vb {
			out = append(out, Change{Path: k, Before: va, After: vb})
		}
	}
	return out, nil
}
