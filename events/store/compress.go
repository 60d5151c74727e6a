package store

import (
	"bytes"
	"fmt"

	"github.com/klauspost/compress/zstd"
)

// Compressed snapshots. A snapshot is the whole state of a match, a few
// kilobytes of msgpack that repeat themselves (object after object of the
// same shape), stored at every turn start: uncompressed, snapshots were the
// largest part of the file after the events. A keyframe (snapchain.go) is
// stored as one zstd frame, and a delta's ops as another, inside the seal
// (the checksum covers the compressed bytes).
//
// zstd, from github.com/klauspost/compress (already in the build through
// nats-server, which uses its s2): pure Go, maintained, safe for concurrent
// EncodeAll and DecodeAll on one shared encoder and decoder, and several
// times smaller output than the standard library's flate at a fraction of
// its cost to decode, which seeking pays on every snapshot it starts from.
//
// The level is zstd's default: its "better" one saved about 1% of the
// snapshots' bytes for half again the time, paid by the recorder at every
// commit. Frames carry no checksum of their own: the seal's covers them.
//
// A frame starts with zstd's magic number, which no msgpack array (every
// snapshot older stores hold) starts with, so a value without it is an
// older store's uncompressed snapshot and is read as it is.

var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

var (
	snapEncoder = mustEncoder()
	snapDecoder = mustDecoder()
)

func mustEncoder() *zstd.Encoder {
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1),
		zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false))
	if err != nil {
		panic(fmt.Sprintf("store: zstd encoder: %v", err)) // only bad options fail
	}
	return e
}

func mustDecoder() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxSnapshot))
	if err != nil {
		panic(fmt.Sprintf("store: zstd decoder: %v", err))
	}
	return d
}

// maxSnapshot bounds what a stored snapshot may decompress to: far above
// any game's state, low enough that a damaged value can't ask for
// gigabytes.
const maxSnapshot = 256 << 20

// packSnapshot is a snapshot's stored form.
func packSnapshot(b []byte) []byte {
	return snapEncoder.EncodeAll(b, make([]byte, 0, len(b)/3+16))
}

// unpackSnapshot appends to dst the snapshot a stored payload holds:
// decompressed, or as it is when it was stored uncompressed.
func unpackSnapshot(dst, p []byte) ([]byte, error) {
	if !bytes.HasPrefix(p, zstdMagic) {
		return append(dst, p...), nil
	}
	out, err := snapDecoder.DecodeAll(p, dst)
	if err != nil {
		return nil, fmt.Errorf("%w: the compressed snapshot does not decompress: %v", ErrDamaged, err)
	}
	return out, nil
}
