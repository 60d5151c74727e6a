#include "textflag.h"

// SEQSUM leaves in DX the CRC-32C of seq's eight bytes, big-endian, then
// of the R8 bytes at DI: eight bytes a step where they lie, then four,
// two, one. It uses AX and BX, and moves DI.
#define SEQSUM(seq) \
	MOVQ   seq, AX                \
	MOVL   $0xffffffff, DX        \
	BSWAPQ AX                     \
	CRC32Q AX, DX                 \
	MOVQ   R8, BX                 \
	ANDQ   $~7, BX                \
	JZ     tail                   \
	ADDQ   BX, DI                 \
	NEGQ   BX                     \
words:                            \
	CRC32Q (DI)(BX*1), DX         \
	ADDQ   $8, BX                 \
	JNZ    words                  \
tail:                             \
	BTQ    $2, R8                 \
	JCC    tail2                  \
	CRC32L (DI), DX               \
	ADDQ   $4, DI                 \
tail2:                            \
	BTQ    $1, R8                 \
	JCC    tail1                  \
	CRC32W (DI), DX               \
	ADDQ   $2, DI                 \
tail1:                            \
	BTQ    $0, R8                 \
	JCC    done                   \
	CRC32B (DI), DX               \
done:                             \
	NOTL   DX

// func seqSum(seq uint64, p []byte) uint32
TEXT ·seqSum(SB), NOSPLIT, $0-36
	CMPB ·hasSSE42(SB), $0
	JEQ  generic
	MOVQ p_base+8(FP), DI
	MOVQ p_len+16(FP), R8
	SEQSUM(seq+0(FP))
	MOVL DX, ret+32(FP)
	RET

generic:
	JMP ·seqSumGeneric(SB)

// func unsealSeq(seq uint64, v []byte) (payload []byte, err error)
TEXT ·unsealSeq(SB), NOSPLIT, $0-72
	CMPB ·hasSSE42(SB), $0
	JEQ  slow
	MOVQ v_base+8(FP), SI
	MOVQ v_len+16(FP), CX
	CMPQ CX, $5           // sealHeader
	JLT  slow
	CMPB (SI), $0xc1      // sealMarker
	JNE  slow
	LEAQ 5(SI), DI
	LEAQ -5(CX), R8
	SEQSUM(seq+0(FP))
	MOVL   1(SI), AX
	BSWAPL AX
	CMPL   AX, DX
	JNE    slow

	// v[5:], which keeps v's pointer when no capacity is left, as Go's
	// slicing does, rather than point past v's end.
	MOVQ    v_cap+24(FP), AX
	SUBQ    $5, AX
	LEAQ    5(SI), DI
	CMOVQEQ SI, DI
	MOVQ    DI, payload_base+32(FP)
	MOVQ    R8, payload_len+40(FP)
	MOVQ    AX, payload_cap+48(FP)
	MOVQ    $0, err_itable+56(FP)
	MOVQ    $0, err_data+64(FP)
	RET

slow:
	JMP ·unsealSeqSlow(SB)
