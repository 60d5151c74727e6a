package store

import "testing"

// On a CPU without SSE 4.2, seqSum is seqSumGeneric and unsealSeq goes to
// unsealSeqSlow: the same sums, the same values passed and failed.
func TestSealWithoutSSE42(t *testing.T) {
	defer func(had bool) { hasSSE42 = had }(hasSSE42)
	hasSSE42 = false
	checkSeqSums(t)
	checkUnsealSeqSums(t)
}
