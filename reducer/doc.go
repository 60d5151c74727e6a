// Package reducer is Chronicle's rules engine. Given a match's inputs it
// rebuilds every state of the game, rejects what the rules forbid with the
// rule that forbids it, and does so identically on every run and machine.
//
// It is pure, like etcd's raft: no clock, no randomness, no I/O, no
// goroutines, and no map ranged over without sorting. Whatever the game
// server decides by chance (a shuffle, a coin flip) arrives as a recorded
// "random" input; whatever a player decides arrives as an input.
//
// Each input yields effects: small, explicit state changes (an object moved,
// a permanent tapped, mana added, life changed). The state is the fold of its
// effects. There are two doors: Submit validates an untrusted input, explains
// a rejection with its rule, and returns the effects; Apply folds effects
// recorded earlier without consulting the rules, which is fast and immune to
// rules changes. An audit compares the two.
//
// After every input the state says who must act next and how (Pending):
// priority, a decision, or a random outcome the reducer needs.
// LegalActions lists the inputs that answer it legally, generated and then
// kept only if the validating door accepts them; Clone copies a game so an
// input can be tried without committing it.
package reducer
