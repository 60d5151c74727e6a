package reducer

import "testing"

// While a spell waits for its controller's answer as it resolves, nobody
// has priority (CR 608.2, 117.1): the view says so, and who must answer.
func TestViewNoPriorityMidResolution(t *testing.T) {
	const m = `{"match":"v","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Galvanic Giant","Island","Island","Island","Island","Island","Island","Island","Mountain","Mountain","Mountain"]},{"id":"p2","name":"Bob","deck":["Forest"]}],"first_player":"p1"}}
{"match":"v","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Mountain","Mountain","Mountain"],"hand":["Galvanic Giant"],"battlefield":[{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"}]},{"id":"p2","life":20,"library":["Forest"]}]}}
` + activateIslands7 + `{"match":"v","kind":"cast","actor":"p1","body":{"player":"p1","card":"Galvanic Giant","face":"Storm Reading"}}
{"match":"v","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"v","kind":"pass","actor":"p2","body":{"player":"p2"}}
`
	v := playLines(t, m).S.View("")
	if v.Pending.Ask != "choose" || v.Pending.Player != "p1" || v.Priority != "" {
		t.Errorf("mid-resolution: pending %+v, priority %q; want p1 to choose and nobody with priority", v.Pending, v.Priority)
	}
}

const activateIslands7 = `{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Island"}}
`
