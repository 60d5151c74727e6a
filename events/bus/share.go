package bus

import (
	"fmt"
	"hash/fnv"
)

// Several recorders on one deployment. Each owns a share of the matches,
// by a hash of the match id in the subject (chronicle.match.<match>.in):
// share i of n holds the matches whose id hashes to i. Each has its own
// durable consumer on the one input stream (ShareConsumer) and its own
// store; it reads every message, stores and answers for its own matches
// only, and passes the others by without a trace (their owner records
// them). A match's inputs, status and verdicts thus come from one recorder,
// and its log is in one store.

// Share is a recorder's share of the matches: Index of Of (from 0). The
// zero Share (or Of 1) owns every match.
type Share struct{ Index, Of int }

// Owns reports whether the share holds match.
func (s Share) Owns(match string) bool {
	if s.Of <= 1 {
		return true
	}
	return ShareOf(match, s.Of) == s.Index
}

// ShareOf is the share (0 to of-1) that holds match.
func ShareOf(match string, of int) int {
	h := fnv.New32a()
	h.Write([]byte(match))
	return int(h.Sum32() % uint32(of))
}

// Consumer is the share's durable consumer name: ConsumerName for the
// whole, "recorder-<i>-of-<n>" for a share, written 1-based.
func (s Share) Consumer() string {
	if s.Of <= 1 {
		return ConsumerName
	}
	return fmt.Sprintf("%s-%d-of-%d", ConsumerName, s.Index+1, s.Of)
}

// ParseShare reads "I/N" (I from 1 to N).
func ParseShare(v string) (Share, error) {
	var i, n int
	if _, err := fmt.Sscanf(v, "%d/%d", &i, &n); err != nil || n < 1 || i < 1 || i > n {
		return Share{}, fmt.Errorf("share %q: want I/N with 1 <= I <= N, as 2/3", v)
	}
	return Share{Index: i - 1, Of: n}, nil
}
