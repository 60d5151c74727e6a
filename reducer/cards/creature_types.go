package cards

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

//go:embed data/creature_types.txt
var creatureTypesText string

var creatureTypes = sync.OnceValue(func() []string {
	return strings.Split(strings.TrimSpace(creatureTypesText), "\n")
})

// IsCreatureType reports whether t is a creature type (CR 205.3m), for
// objects that have all creature types (CR 702.73a, changeling). The list
// is cardgen's, from the card database.
func IsCreatureType(t string) bool {
	_, ok := slices.BinarySearch(creatureTypes(), t)
	return ok
}
