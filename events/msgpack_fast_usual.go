package events

// Most bodies are of a few shapes: a pass names its player; an activation
// its player and the source, an object; a land played or a spell cast its
// player and the card, an object (nine inputs in ten of a generated
// tournament). Read as a template, each is a few word compares, and what
// Check asks of it (a valid player, a source or card named, nothing else
// set) is settled by the shape itself.

// usualBody reads the body at r when it is of its kind's usual shape, by
// one of the usual players, giving the event carrying it and the player;
// ok false leaves r as it was.
func usualBody(kind Kind, r *fastReader, keep *kept) (out *Event, player string, ok bool) {
	b, i := r.b, r.i
	switch kind {
	case KindPass:
		if j := playerAt(b, i, 1); j >= 0 {
			x := keptPass(keep)
			x.body.Player = players[b[j-1]-'1']
			r.i = j
			return event(x), x.body.Player, true
		}
	case KindActivate:
		if p := playerAt(b, i, 2); p >= 0 {
			if src, j := refAt(b, keyAt(b, p, "\xa6source")); j >= 0 {
				x := with[Activate](keep, slotActivate)
				x.body.Player, x.body.Source = players[b[p-1]-'1'], src
				r.i = j
				return event(x), x.body.Player, true
			}
		}
	case KindPlayLand:
		if p := playerAt(b, i, 2); p >= 0 {
			if card, j := refAt(b, keyAt(b, p, "\xa4card")); j >= 0 {
				x := with[PlayLand](keep, slotPlayLand)
				x.body.Player, x.body.Card = players[b[p-1]-'1'], card
				r.i = j
				return event(x), x.body.Player, true
			}
		}
	case KindCast:
		if p := playerAt(b, i, 2); p >= 0 {
			if card, j := refAt(b, keyAt(b, p, "\xa4card")); j >= 0 {
				x := with[Cast](keep, slotCast)
				x.body.Player, x.body.Card = players[b[p-1]-'1'], card
				r.i = j
				return event(x), x.body.Player, true
			}
		}
	}
	return nil, "", false
}

// playerAt reads the head of a body map of keys keys (1 to 15) whose
// first is the player, one of p1 to p4, at i: it gives the place after
// the player's id, whose last byte is its digit; -1 for anything else.
func playerAt(b []byte, i, keys int) int {
	const key = "\xa6player"
	j := i + 1 + len(key) + 3
	if uint(i) > uint(j) || j > len(b) || b[i] != 0x80|byte(keys) || string(b[i+1:i+1+len(key)]) != key ||
		b[j-3] != 0xa2 || b[j-2] != 'p' || b[j-1]-'1' >= 4 {
		return -1
	}
	return j
}

// keptPass gives the event and body a pass is read into: with keep, the
// one kept there, emptied.
func keptPass(keep *kept) *withBody[Pass] {
	if keep == nil {
		return new(withBody[Pass])
	}
	x := keep.pass
	if x == nil {
		x = new(withBody[Pass])
		keep.pass = x
	} else {
		*x = withBody[Pass]{} // inline: what reused does for the other kinds by a call
	}
	return x
}

// keptPassOver is keptPass for a reader that writes every other field of
// the event and the body (decodeFast's stored pass): only the fields it
// leaves are emptied, not the whole event (some 200 bytes) first.
func keptPassOver(keep *kept) *withBody[Pass] {
	if keep == nil || keep.pass == nil {
		return keptPass(keep)
	}
	x := keep.pass
	x.ev.Effects, x.ev.Sig = nil, nil
	return x
}
