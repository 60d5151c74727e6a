// Package cards holds the card pool: the printed facts of every card and
// the behaviour Chronicle gives it.
//
// Facts are data: names, costs, types, colours, power and toughness,
// keywords, faces, legalities. Every card of the card database is compiled
// in (data/facts.bin, made by cmd/cardgen from shared/cards/oracle and the
// project's own records in data/extras.json; see package facts) and built
// into a *Card only when a match asks for it, so that a process pays for
// the sixty cards it uses, not for 32,000.
//
// Behaviour that is common (mana abilities, keywords, vanilla stats) is
// derived from the facts; behaviour that isn't is Go code registered by
// card name. A card whose text isn't modelled is known by its facts and
// refused when it is played; a name no card has is an error at
// match_started, never a silent blank.
package cards
