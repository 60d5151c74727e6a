package reducer

import "fmt"

// Effect operations from 100 on belong to mechanics in their own files,
// each with a range of numbers, and are registered with registerOp from
// those files' init functions, so that adding a mechanic touches neither
// the core switch nor another mechanic's numbers. Numbers are part of the
// stored format: never reuse one.
//
//	100-119  copies and populate
//	120-139  discover and casting permissions
//	140-159  mana, replacement effects and continuous effects
//	160-169  planeswalkers and loyalty
//	170-179  faces: transform, flip, meld, a face up (faces.go)
//	180-199  the rulings' enablers (casting from the library top or from exile, granted Adventures)
//	200-219  regeneration and Auras (regenerate.go, aura.go)
//	220-239  wither and the {Q} cards (wither.go)
//	240-259  declared cards and the ability language (declare.go, interp*.go)
//	260-279  the table's effects (table_ops.go)
//	280-289  the game's end: drawing from an empty library (sba_draw.go)
//	340-359  conditions, amounts and verbs of the language (interp_librarytop.go, ...)

var extOps = map[Op]func(*State, *Effect){}

// extDescribe prints an effect of a registered op for people (see
// DescribeEffect); s is the state before the effect applies.
var extDescribe = map[Op]func(s *State, e Effect) string{}

// registerOp registers how op applies. Two registrations of one op are a
// programming error.
func registerOp(op Op, apply func(*State, *Effect)) {
	if op < 100 {
		panic(fmt.Sprintf("reducer: op %d is a core op", op))
	}
	if extOps[op] != nil {
		panic(fmt.Sprintf("reducer: op %d registered twice", op))
	}
	extOps[op] = apply
}
