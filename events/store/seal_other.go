//go:build !amd64

package store

// unsealSeq is unseal for a value stored under the key of seq (u64), for
// a walk over many short values (a fold's every input).
func unsealSeq(seq uint64, v []byte) ([]byte, error) { return unsealSeqSlow(seq, v) }

func seqSum(seq uint64, p []byte) uint32 { return seqSumGeneric(seq, p) }
