package store

import bolt "go.etcd.io/bbolt"

// EffectsRun is EffectsFrom for a reader that applies each input's
// effects to the state the input before left (a fold): it calls fn with
// the stored effects of the inputs from seq from on, in seq order, up to
// seq to (0: to the end), and stops, returning nil, before the first
// input stored without effects (fn's last seq says where). A fold made
// these checks on every seq it was handed; the walk's loop makes them.
func (s *Store) EffectsRun(match string, from, to uint64, fn func(seq uint64, effects []byte) error) error {
	return s.view(func(tx *bolt.Tx) error {
		var g callouts
		defer g.catch()
		return eachSealedOut(tx, match, bucketEffects, from, to, true, &g, fn)
	})
}
