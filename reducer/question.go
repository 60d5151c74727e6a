package reducer

// Ask is what the reducer waits for.
type Ask uint8

// What the reducer can wait for.
const (
	AskNone     Ask = iota // the match is over
	AskPriority            // Player may act or pass (CR 117)
	AskRandom              // the table must supply a random outcome
	AskMulligan            // Player keeps or mulligans (CR 103.5)
	AskChoose              // Player answers a question with one of Options
	AskAttack              // Player declares attackers (CR 508)
	AskBlock               // Player declares blockers (CR 509)
	// AskCast: Player casts a card without paying its mana cost as a spell
	// or ability resolves (CR 608.2g): a `cast` input naming Options[0]
	// (discover.go).
	AskCast
)

var askNames = [...]string{"none", "priority", "random", "mulligan", "choose", "attack", "block", "cast"}

func (a Ask) String() string {
	if int(a) < len(askNames) {
		return askNames[a]
	}
	return "ask?"
}

// Question is who must act next and how. Its fields are all values, so a
// State copies it whole.
type Question struct {
	Ask Ask
	// Player is the seat that must act; -1 for the table (random outcomes).
	Player int
	// Random is the outcome wanted for AskRandom (events.RandomShuffle, ...).
	Random string
	// Of is the seat whose library is to be shuffled; for the legend rule
	// the seat to receive priority after.
	Of int
	// Resolving is the spell or ability whose resolution waits for the
	// answer (a choice or a shuffle while it resolves), or 0.
	Resolving ObjID
	// N is how many cards: to put on the bottom when keeping, to discard;
	// for a choice while resolving, the fewest to choose, and Max the most.
	N   int
	Max int
	// Prompt says what a choice while resolving is about ("discard").
	Prompt string
	// What names the question for AskChoose ("play_or_draw", "discard").
	What    string
	Options []string
}

// Waiting reports whether seat is the one asked.
func (q Question) Waiting(seat int) bool { return q.Ask != AskNone && q.Player == seat }
