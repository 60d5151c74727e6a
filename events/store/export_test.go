package store

// ReadMeta is readMeta, for the tests that hold it to msgpack.
var ReadMeta = readMeta

// ReadMetaHead is readMetaHead.
var ReadMetaHead = readMetaHead

// ErrLongList is readMeta's error for a list longer than its bytes, which
// msgpack would make before it failed.
var ErrLongList = errLongList

// MetaFieldNumber is the index of the Meta field the hand reader knows by
// name, -1 for none.
func MetaFieldNumber(name string) int { return metaField([]byte(name)) }

// Counts of the array forms' fields.
const (
	MetaFields   = metaFields
	PlayerFields = playerFields
)
