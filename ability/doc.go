// Package ability is Chronicle's ability language: what a card does, as
// plain typed data.
//
// A card's behaviour is a list of Ability values: spell abilities,
// activated abilities (mana abilities among them), triggered abilities,
// static abilities, replacement and prevention effects, and keyword
// abilities with their parameters (CR 112, 113, 702). What a spell or
// ability does is a sequence of Effects, each a verb from a closed set
// (deal damage, destroy, draw, create tokens, ...) over the same shared
// parts: Selectors for objects, PlayerRefs for players, Amounts for
// numbers, Filters for "a creature you control", Conditions for "if" and
// "as long as", Durations for "until end of turn".
//
// Why data and not code: the reducer interprets these values, so
// behaviour is hashable, versioned with the rules, printable back to
// rules text, comparable in an audit, and can travel inside a log (a
// match may declare cards of its own). Nothing here holds a closure or a
// pointer into an engine; the package imports nothing of Chronicle.
//
// Who makes the values: the Oracle compiler (package oracle) from a
// card's rules text, a hand-written override where a card's text is one
// of a kind, or a match's own declared cards. Who reads them: the rules
// engine (package reducer), which says for each ability whether it can
// carry it out (a card is modelled when all of its abilities compile and
// are supported).
//
// Conventions: enumerations are short lowercase strings, so the JSON form
// reads as rules ("verb": "damage", "ref": "target"); a zero value means
// "absent" or the documented default; target slots and bound names link
// effects to what was chosen or done before them, in the style of "that
// creature" and "the rest".
package ability
