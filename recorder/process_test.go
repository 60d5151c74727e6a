package recorder

import "github.com/nats-io/nats.go/jetstream"

// process admits msgs and commits them at once, as Run does without its
// pipeline: tests hand it the messages they pulled themselves.
func (r *Recorder) process(msgs []jetstream.Msg) (gap bool, err error) {
	for len(msgs) > 0 && !gap {
		a := r.newAdmitted()
		n, why, err := r.admitAll(a, msgs)
		if err != nil {
			return false, err
		}
		msgs, gap = msgs[n:], why == stopGap
		if err := r.commitAdmitted(a); err != nil {
			r.forgetAll(a.batch)
			return gap, err
		}
		r.committed(a)
	}
	return gap, nil
}
