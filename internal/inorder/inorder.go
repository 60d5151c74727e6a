// Package inorder runs independent jobs on several goroutines and hands
// their results back in job order, as soon as each and all before it are
// done. Generated tournaments and tournament audits both need it: the work
// of one match shares nothing with another's, but what comes out must come
// in a fixed order, whatever the number of cores.
package inorder

import (
	"runtime"
	"sync"
)

// Map runs work(0) to work(n-1) on workers goroutines (0 means one per
// core) and calls each with every result in order, on the caller's
// goroutine. At most twice as many results as workers wait to be handed
// over. The first error, work's or each's, stops it: no further job is
// started, and that error is returned once the jobs under way are done.
func Map[T any](n, workers int, work func(i int) (T, error), each func(i int, v T) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	type result struct {
		v   T
		err error
	}
	slots := make([]chan result, n)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	var (
		wg    sync.WaitGroup
		next  = make(chan int)
		stop  = make(chan struct{})
		ahead = make(chan struct{}, 2*workers) // results not yet handed over
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				v, err := work(i)
				slots[i] <- result{v, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range n {
			select {
			case ahead <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	defer wg.Wait()
	defer close(stop)
	for i := range n {
		r := <-slots[i]
		<-ahead
		if r.err != nil {
			return r.err
		}
		if err := each(i, r.v); err != nil {
			return err
		}
	}
	return nil
}
