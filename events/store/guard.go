package store

import (
	"fmt"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
)

// The store boundary. bbolt trusts the file it maps: a flipped byte in a
// page header or a truncated file makes it panic, or makes a read fault on
// memory the file no longer backs (SIGSEGV, SIGBUS). Every transaction the
// store runs goes through view or update, which turn both into an error
// wrapping ErrDamaged, so that a damaged store is reported, never a crash.
// A panic in a caller's callback is not the file's fault: it goes on up as
// it was.

// callerPanic carries a callback's panic through the boundary.
type callerPanic struct{ v any }

// faultAddr is what a memory fault panics with under SetPanicOnFault.
type faultAddr interface{ Addr() uintptr }

// view runs fn in a read transaction inside the boundary.
func (s *Store) view(fn func(tx *bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = damaged(p)
		}
	}()
	return s.db.View(fn)
}

// update runs fn in a write transaction inside the boundary; on success it
// records the commit (head.go) in the same transaction and, once it is
// committed, beside the file.
func (s *Store) update(fn func(tx *bolt.Tx, c *commitLog) error) (err error) {
	var rec headRecord
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if p := recover(); p != nil {
				err = damaged(p)
			}
		}()
		err = s.db.Update(func(tx *bolt.Tx) error {
			c := newCommitLog()
			if err := fn(tx, c); err != nil {
				return err
			}
			var err error
			rec, err = c.seal(tx)
			return err
		})
	}()
	if err == nil {
		s.writeHeadFile(rec)
	}
	return err
}

// damaged turns a recovered panic into an error, or panics again with a
// callback's own panic.
func damaged(p any) error {
	if cp, ok := p.(callerPanic); ok {
		panic(cp.v)
	}
	if e, ok := p.(error); ok {
		return fmt.Errorf("store: %w: %v", ErrDamaged, e)
	}
	return fmt.Errorf("store: %w: %v", ErrDamaged, p)
}

// callOut calls a caller's callback inside a transaction. A panic it raises
// is marked as the caller's, unless it is a memory fault: the callback
// reading a value whose mapped page the file no longer backs.
func callOut(fn func() error) (err error) {
	done := false
	defer func() {
		if done {
			return
		}
		if p := recover(); p != nil {
			if _, fault := p.(faultAddr); fault {
				panic(p)
			}
			panic(callerPanic{p})
		}
	}()
	err = fn()
	done = true
	return err
}

// callouts is callOut for a walk that calls back for every value: one
// deferred catch for the whole walk (a defer and a recover for each value
// were a tenth of folding an input's stored effects) marks a panic raised
// while a callback runs as the caller's, and leaves one raised between
// callbacks (bbolt on a damaged page) to the boundary. The walk sets in
// while it calls back (eachSealedOut), or for the whole walk of a
// bucket's pages, where nothing else can panic but a memory fault, which
// goes to the boundary all the same (leafwalk.go).
type callouts struct{ in bool }

// catch is deferred by the walk, in the transaction.
func (g *callouts) catch() {
	if !g.in {
		return
	}
	if p := recover(); p != nil {
		if _, fault := p.(faultAddr); fault {
			panic(p)
		}
		panic(callerPanic{p})
	}
}
