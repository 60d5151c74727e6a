// Package reducer will hold Chronicle's rules engine: given a match's inputs
// it rebuilds every state of the game deterministically. Until it lands the
// recorder validates the log's own rules only (see package recorder).
package reducer
