package recorder

import "sync"

// maxAdmitted bounds, in batches of inputs, what is admitted while a
// commit is in flight; past it admitting waits for the commit. At 4 the
// rules waited for the commit nearly half the time in a busy ingest, both
// sides taking about as long for a thousand inputs; more lets the next
// commit grow instead.
const maxAdmitted = 16

// committer commits admitted runs one at a time on its own goroutine.
type committer struct {
	in   chan *admitted
	done chan error // one result per run handed in
	wg   sync.WaitGroup
}

func startCommitter(r *Recorder) *committer {
	c := &committer{in: make(chan *admitted, 1), done: make(chan error, 1)}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		for a := range c.in {
			c.done <- r.commitAdmitted(a)
		}
	}()
	return c
}

// stop waits for the run in hand, if any, and ends the goroutine.
func (c *committer) stop() {
	close(c.in)
	c.wg.Wait()
}

// settle waits for the commit in flight and commits what is admitted
// after it, so that everything admitted is stored, acked and told.
func (r *Recorder) settle(c *committer, inflight, cur **admitted) error {
	if *inflight != nil {
		if err := <-c.done; err != nil {
			r.forgetAll((*inflight).batch)
			return err
		}
		r.committed(*inflight)
		*inflight = nil
	}
	if (*cur).empty() {
		return nil
	}
	if err := r.commitAdmitted(*cur); err != nil {
		r.forgetAll((*cur).batch)
		return err
	}
	r.committed(*cur)
	*cur = r.newAdmitted()
	return nil
}
