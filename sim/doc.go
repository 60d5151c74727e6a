// Package sim generates tournaments: complete, legal best-of-three matches
// played by a seeded random driver over the reducer's public API.
//
// The driver asks the game what it waits for (State.Pending) and what the
// player asked could submit (Game.LegalActions), picks one input at random
// with weights that keep games moving, and submits it through the
// validating door (Game.Submit). Whatever the table decides (coin flips,
// shuffles, random orders) comes from the same seeded generator as a
// `random` input, so a seed gives the same match every time. Decks are
// built from the modelled cards of the pool's own records (Spells), so
// every match the driver plays records with the recorder's rules.
//
// The driver is also the rules fuzzer: a panic of the engine, a chosen
// input the rules refuse, a listed input a clone of the game refuses (with
// Options.CheckListed), and a state digest that differs between the rules
// and a game fed only the stored form of the effects are errors naming the
// seed that reproduces them:
//
//	replay gen --matches 1 --seed S --out /tmp/s
//
// Each game is capped at Options.MaxGameInputs inputs; at the cap the
// players concede in turn, so every match ends.
//
// With Options.Decks the matches play real decks (a decklists file,
// decklists.go) instead, and the driver is the fuzzer of the cards the
// Oracle compiler and the interpreter make modelled: every card the engine
// doesn't model is played through the table's effects a plausible table
// would send (table.go), from the inputs Game.TableActions lists, and
// stored unverified; no input may be disputed.
package sim
