package oracle

import (
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// splitPT reads the two halves of "+3/-2" or "+X/+0" as amounts.
func splitPT(s string) (*ability.Amount, *ability.Amount) {
	a, b, _ := strings.Cut(s, "/")
	return ptHalf(a), ptHalf(b)
}

func ptHalf(s string) *ability.Amount {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	if s == "X" {
		if neg {
			return &ability.Amount{Var: "x", Times: -1}
		}
		return &ability.Amount{Var: "x"}
	}
	n, _ := strconv.Atoi(s)
	if neg {
		n = -n
	}
	return &ability.Amount{N: n}
}
