package store

import "golang.org/x/sys/cpu"

// unsealSeq is unseal for a value stored under the key of seq (u64), for
// a walk over many short values (a fold's every input): seqSum's check in
// one call from the walk, with no Go frame of its own. A value it does not
// pass goes to unsealSeqSlow, which tells why.
func unsealSeq(seq uint64, v []byte) (payload []byte, err error)

// seqSum is seqSumGeneric in SSE 4.2's CRC32 instruction, eight bytes a
// step where they lie: the key from seq in one step, then the payload,
// without hash/crc32's layers in front of the instruction and its
// byte-at-a-time alignment, which cost more than the sum itself for a
// payload of a few dozen bytes. Without SSE 4.2 it is seqSumGeneric.
//
//go:noescape
func seqSum(seq uint64, p []byte) uint32

// hasSSE42 is read by unsealSeq and seqSum. golang.org/x/sys/cpu rather
// than a CPUID of our own: it honours GODEBUG=cpu.sse42=off, as hash/crc32
// does, so the generic path can be run on any machine.
var hasSSE42 = cpu.X86.HasSSE42
