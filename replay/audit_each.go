package replay

import (
	"runtime"
	"sync"
)

// AuditEach audits matches of src on workers goroutines at once (0 means
// one per core) and calls fn with each report in the order of matches, on
// the caller's goroutine, as soon as it and all before it are done. A
// tournament's matches share nothing, so its audit scales with the cores.
// The first error, Audit's or fn's, stops it: no further match is started
// and that error is returned. src must allow concurrent reads, as the store
// and a file do.
func AuditEach(src Source, matches []string, workers int, fn func(Report) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(matches)))
	type result struct {
		rep Report
		err error
	}
	slots := make([]chan result, len(matches))
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	var (
		wg   sync.WaitGroup
		next = make(chan int)
		stop = make(chan struct{})
		// ahead bounds the reports done and not yet handed to fn.
		ahead = make(chan struct{}, 2*workers)
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rep, err := Audit(src, matches[i])
				slots[i] <- result{rep, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range matches {
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
	for i := range matches {
		r := <-slots[i]
		<-ahead
		if r.err != nil {
			return r.err
		}
		if err := fn(r.rep); err != nil {
			return err
		}
	}
	return nil
}
