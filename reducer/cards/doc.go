// Package cards holds the card pool: the printed facts of each card (from
// data/cards.json, compiled in) and the behaviour Chronicle gives it.
//
// Facts are data: names, costs, types, colours, power and toughness,
// keywords, faces. Behaviour that is common (mana abilities, keywords,
// vanilla stats) is derived from the facts; behaviour that isn't is Go code
// registered by card name. A card the pool doesn't know is an error at
// match_started, never a silent blank.
package cards
