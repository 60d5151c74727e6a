// Package oracle compiles a card's Oracle text into the ability language
// (package ability): exact or nothing.
//
// A face's text goes through three passes. Normalise (normalise.go) makes
// the text regular before anything reads it: the card's own names and
// "this creature" become "~", reminder text and ability words go, legacy
// wording becomes today's ("enters the battlefield" is "enters", "converted
// mana cost" is "mana value"), and lines are grouped into units (a modal
// header with its bullets, a saga chapter). The lexer (lex.go) turns a unit
// into tokens: words, numbers (number words too), mana symbols, P/T
// changes, quoted abilities. The parser (grammar.go and the rule files)
// reads clauses, not whole sentences: costs, trigger conditions, effects as
// verbs over shared noun phrases, so that a new verb works with every
// target, filter and amount already known.
//
// Exact or nothing: a unit parses completely into exactly one typed tree,
// or it is declined with the sentence and the word where parsing stopped.
// Two different readings are an error, never a choice. Every compiled
// ability is then printed back to text (print.go) and compared with the
// normalised text (a dropped "other" or "up to" shows as a mismatch) and
// checked by ability.Validate; either failing declines it. A card whose
// every ability compiles can still be unsupported by the engine: that is
// the engine's to say (reducer.Supports), not the compiler's.
//
// Adding a template: add a rule beside its verb family (effects.go for
// effect verbs, nouns.go for noun phrases, ...), and a case to
// testdata/<family>.txt with the Oracle text in and the ability out;
// `go test ./oracle -rewrite` writes the expectation for review.
//
// The package imports the ability language and the standard library only:
// the card database (reducer/cards) imports it.
package oracle
