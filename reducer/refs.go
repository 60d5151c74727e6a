package reducer

import "slices"

// Refs: an input names an object by the id the reducer assigned ("o12"),
// by its card's id ("c3": whatever object that card is now), or, in a
// hand-written file, by its name. A name may match several objects (three
// Mountains); the action then uses the first of them, in id order, for which
// it is legal, so a hand-written file stays readable and replays the same way
// every time.

// matchRef returns the objects among ids that ref names, in id order.
func (s *State) matchRef(ref string, ids []ObjID) []ObjID {
	return s.matchRefIn(nil, ref, ids)
}

// matchRefIn appends to dst the objects among the lists that ref names,
// in id order: a caller's buffer spares an allocation on hot paths.
func (s *State) matchRefIn(dst []ObjID, ref string, lists ...[]ObjID) []ObjID {
	out := dst
	kind, n, isID := parseID(ref)
	for _, ids := range lists {
		out = s.matchRefAppend(out, ref, kind, n, isID, ids)
	}
	sortIDs(out[len(dst):])
	return out
}

func (s *State) matchRefAppend(out []ObjID, ref string, kind byte, n uint32, isID bool, ids []ObjID) []ObjID {
	if isID && kind == 'o' {
		if slices.Contains(ids, ObjID(n)) { // an object's id names it alone, gone or not
			out = append(out, ObjID(n))
		}
		return out
	}
	for _, id := range ids {
		o := s.Objects[id]
		if o == nil && !(isID && kind == 'o') {
			continue // gone (CR 400.7), as a mana's source may be: only its id names it
		}
		switch {
		case isID && kind == 'o':
			if uint32(id) == n {
				out = append(out, id)
			}
		case isID && kind == 'c':
			if uint32(o.Card) == n && o.Card != 0 {
				out = append(out, id)
			}
		default:
			if namedBy(o, ref) {
				out = append(out, id)
			}
		}
	}
	return out
}

// namedBy reports whether ref is o's name (or a face's, or its token's).
func namedBy(o *Object, ref string) bool {
	return o.Def != nil && (o.Def.Name == ref || o.Def.Face(ref) != nil ||
		o.Token && len(ref)+len(" Token") == len(o.Def.Name) && o.Def.Name == ref+" Token")
}

// lazyName is an object's name for a message (objName), worked out only
// if the message is: checks name the object they check up front, and most
// pass.
type lazyName struct {
	s  *State
	id ObjID
}

func (n lazyName) String() string { return n.s.objName(n.id) }

// nameOf is id's name for a refusal's format arguments ("%s").
func (s *State) nameOf(id ObjID) lazyName { return lazyName{s, id} }

// objName is an object's name for messages: "Test Bolt (o12)".
func (s *State) objName(id ObjID) string {
	o := s.Obj(id)
	if o == nil || o.Def == nil {
		return id.String()
	}
	return o.Name() + " (" + id.String() + ")"
}

func sortIDs(ids []ObjID) {
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}
