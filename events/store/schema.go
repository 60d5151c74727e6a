package store

import "encoding/binary"

// The bbolt layout. Sequence keys are 8-byte big-endian so cursors iterate in
// order. Index keys are "<value> 0x00 <match>" with empty values.
//
//	matches/                    one sub-bucket per match id
//	    <match>/
//	        meta                msgpack Meta
//	        events/             seq (8 bytes) -> canonical msgpack event
//	        effects/            seq (8 bytes) -> the effects the rules derived from it (reducer encoding)
//	        digests/            seq (8 bytes) -> msgpack Digest: the state digest after an input that began a game or a turn
//	        snapshots/          seq (8 bytes) -> the whole game state after that input (reducer snapshot
//	                            encoding), every recorder.SnapshotEvery inputs and after each input that began
//	                            a game: a keyframe (one zstd frame: compress.go) or a delta from the snapshot
//	                            before it (snapchain.go); older stores: keyframes only, or uncompressed, and a
//	                            snapshot at each turn start too; absent from stores written before snapshots
//	                            (replay then starts at seq 1)
//	        verification/      seq (8 bytes) -> msgpack Verification: an input carrying the table's effects that the
//	                            rules could not verify (unverified or disputed); a verified input has none, and stores
//	                            written before table effects have no such bucket (every input there is verified)
//	rejections/                 id (8 bytes, bucket sequence) -> msgpack Rejection
//	rejections_by_match/        match 0x00 seq(8) id(8) -> empty
//	cursor/                     stream name -> last applied stream sequence (8 bytes)
//	holes/                      stream name 0x00 from(8) -> msgpack Hole: messages gone before they were read;
//	                            created with the first hole
//	index_player/               player name 0x00 match -> empty
//	index_event/                event name 0x00 match -> empty
//	index_date/                 YYYY-MM-DD (UTC, match start) 0x00 match -> empty
//	schema/                     "version" -> 8 bytes; "sealed" -> "1" in a store created sealed;
//	                            "head" -> the commit head (head.go)
//
// Every value but an event's bytes and the schema version is sealed with a
// checksum over its key and payload (seal.go).
var (
	bucketMatches    = []byte("matches")
	bucketRejections = []byte("rejections")
	bucketRejByMatch = []byte("rejections_by_match")
	bucketCursor     = []byte("cursor")
	bucketByPlayer   = []byte("index_player")
	bucketByEvent    = []byte("index_event")
	bucketByDate     = []byte("index_date")
	bucketSchema     = []byte("schema")
	bucketHoles      = []byte("holes")

	// Inside each match bucket.
	keyMeta         = []byte("meta")
	bucketEvents    = []byte("events")
	bucketEffects   = []byte("effects")
	bucketDigests   = []byte("digests")
	bucketSnapshots = []byte("snapshots")
	bucketVerif     = []byte("verification")

	keySchemaVersion = []byte("version")
	keySealed        = []byte("sealed")
	keyHead          = []byte("head")
)

// schemaVersion is the layout version this code writes and reads.
const schemaVersion = 1

// rootBuckets are created when a store is opened for writing.
var rootBuckets = [][]byte{
	bucketMatches, bucketRejections, bucketRejByMatch, bucketCursor,
	bucketByPlayer, bucketByEvent, bucketByDate, bucketSchema,
}

func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

func readU64(b []byte) uint64 {
	if len(b) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}

// indexKey is value 0x00 match.
func indexKey(value, match string) []byte {
	k := make([]byte, 0, len(value)+1+len(match))
	k = append(k, value...)
	k = append(k, 0)
	return append(k, match...)
}

// rejMatchKey is match 0x00 seq(8) id(8).
func rejMatchKey(match string, seq, id uint64) []byte {
	k := make([]byte, 0, len(match)+17)
	k = append(k, match...)
	k = append(k, 0)
	k = append(k, u64(seq)...)
	return append(k, u64(id)...)
}
