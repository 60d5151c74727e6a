package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Viewer resolves who looks at a match, as `--as` names them: "" or "judge"
// for everything, "public" for what every player sees, or a player, by id
// ("p1") or by name ("Alice", any case). It returns the viewer as the
// reducer's views take it: "judge", "public" or a player id.
func Viewer(sum Summary, as string) (string, error) {
	switch as {
	case "", reducer.ViewJudge:
		return reducer.ViewJudge, nil
	case reducer.ViewPublic:
		return reducer.ViewPublic, nil
	}
	for _, p := range sum.Players {
		if p.ID == as {
			return p.ID, nil
		}
	}
	var found []string
	for _, p := range sum.Players {
		if strings.EqualFold(p.Name, as) {
			found = append(found, p.ID)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	names := make([]string, len(sum.Players))
	for i, p := range sum.Players {
		names[i] = p.ID + " " + p.Name
	}
	if len(found) > 1 {
		return "", fmt.Errorf("%q names several players of match %s (%s): use the player id", as, sum.Match, strings.Join(names, ", "))
	}
	return "", fmt.Errorf("%q is not a player of match %s (%s), nor judge or public", as, sum.Match, strings.Join(names, ", "))
}
