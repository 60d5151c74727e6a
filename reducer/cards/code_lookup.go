package cards

import "sync/atomic"

// The engine asks a card for its code (its aura, mana triggers, activated
// abilities, ...) many times an input, each time a lookup by name in a
// table; nearly every card has none. Whether it has any is worked out once
// a card: the tables are filled by this package's init functions, before
// any card can be asked.

// codeless reports whether no table of code holds the card's code name.
func (c *Card) codeless() bool {
	switch atomic.LoadInt32(&c.codeFlag) {
	case 1:
		return true
	case 2:
		return false
	}
	f := int32(1)
	if namedCode(c.code()) {
		f = 2
	}
	atomic.StoreInt32(&c.codeFlag, f)
	return f == 1
}
