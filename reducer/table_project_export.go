package reducer

import "github.com/chronicle-mtg/chronicle/events"

// ProjectEffects tells effs, derived from the position pre, in the table's
// vocabulary, as a dispute's rules version is told (project): a shrunk bug
// report carries a store's recorded effects this way, as the table's. pre
// is not changed; bookkeeping the vocabulary has no word for is left out.
func ProjectEffects(pre *State, effs []Effect) []events.TableEffect { return project(pre, effs) }
