package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Draw replacements that add cards (CR 614.1a, 121.2): "As long as you
// have one or fewer cards in hand, if you would draw one or more cards,
// you draw that many cards plus one instead." A permanent's replacement
// effect watches its controller's draws; each that applies, in the order
// the permanents came onto the battlefield, adds its Plus to the number
// drawn. Its condition (Unless, negated as the compiler writes it) is read
// as the draw would happen. Opening hands (turn 0) aren't replaced.

// drawPlus reports whether r is such a replacement.
func drawPlus(r *ability.ReplaceEffect) bool {
	return r.Event == ability.ReplDraw && r.Player == "you" && r.Plus > 0 && !r.Self && r.Subject == nil &&
		r.Times == 0 && len(r.Instead) == 0 && r.To == "" && !r.Tapped && r.Counter == "" && r.Amount == nil &&
		r.CopyOf == nil && r.Choose == "" && r.UnlessPay == nil && !r.Prevent && !r.Combat && r.Duration == ""
}

// drawReplaced is how many cards seat draws instead of n.
func (g *Game) drawReplaced(seat, n int) int {
	s := g.S
	if s.Turn == 0 || n <= 0 {
		return n
	}
	for _, id := range s.Battlefield {
		src := s.Objects[id]
		if src.Controller != seat {
			continue
		}
		lc := langOf(src.def())
		if lc == nil {
			continue
		}
		for _, a := range lc.replace {
			r := a.Replace
			if !drawPlus(r) {
				continue
			}
			c := &evalCtx{g: g, you: seat, src: src.ID}
			if r.Unless != nil && c.holds(r.Unless) {
				continue
			}
			n += r.Plus
		}
	}
	return n
}
