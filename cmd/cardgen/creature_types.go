package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// creatureTypes lists the creature types (CR 205.3m) the card database
// uses, one per line, sorted: every subtype of a creature or kindred face
// that other kinds of face don't have (Forest on Dryad Arbor, Equipment on
// an equipment creature are land and artifact types), for "all creature
// types" and changeling (CR 702.73). A subtype on a single other face is
// a slip of that face's type line (The Eleventh Hour: "Saga Alien").
func creatureTypes(cardsJSONL []byte) ([]byte, error) {
	type face struct {
		Types    []string `json:"types"`
		Subtypes []string `json:"subtypes"`
	}
	type card struct {
		face
		Faces []face `json:"faces"`
	}
	creature, other := map[string]bool{}, map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(cardsJSONL))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c card
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, err
		}
		faces := c.Faces
		if len(faces) == 0 {
			faces = []face{c.face}
		}
		for _, f := range faces {
			isCreature := slices.Contains(f.Types, "Creature") || slices.Contains(f.Types, "Kindred") || slices.Contains(f.Types, "Tribal")
			for _, s := range f.Subtypes {
				if isCreature {
					creature[s] = true
				} else {
					other[s]++
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var out []string
	for s := range creature {
		if other[s] < 2 {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return []byte(strings.Join(out, "\n") + "\n"), nil
}
