package sim

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/chronicle-mtg/chronicle/events"
)

// Generate plays the matches of seeds first, first+1, ... first+n-1 on
// every core and hands each to fn in seed order. The first error (a
// failure of the rules, named with its seed, or fn's) stops it and is
// returned.
func Generate(first int64, n int, opt Options, fn func(*Match) error) error {
	workers := min(runtime.GOMAXPROCS(0), max(n, 1))
	type result struct {
		m   *Match
		err error
	}
	slots := make([]chan result, n)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	stop := make(chan struct{})
	// ahead bounds the matches played and not yet handed to fn.
	ahead := make(chan struct{}, 2*workers)
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				m, err := Play(first+int64(i), opt)
				slots[i] <- result{m, err}
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
	var err error
	for i := range n {
		r := <-slots[i]
		if err = r.err; err == nil {
			err = fn(r.m)
		}
		if err != nil {
			break
		}
		<-ahead
	}
	close(stop)
	wg.Wait()
	return err
}

// FileName is the name of a match's file: its id and ".jsonl".
func FileName(m *Match) string { return m.ID + ".jsonl" }

// WriteFile writes the match's inputs as JSON Lines to dir/FileName(m).
func WriteFile(dir string, m *Match) (string, error) {
	path := filepath.Join(dir, FileName(m))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	w := bufio.NewWriter(f)
	err = events.WriteJSONL(w, m.Inputs)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return path, err
}
