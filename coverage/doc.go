// Package coverage measures how much of Magic the engine models: for each
// card, whether every ability of every face compiles from its Oracle text
// (package oracle) or is written by hand (an override), and whether the
// rules engine carries out each of them; over a set of decklists, how many
// distinct names, card slots and whole decks are fully modelled.
//
// It is what `replay cards` prints, and what a test holds the project to:
// the share of real tournament decks Chronicle can referee.
package coverage
