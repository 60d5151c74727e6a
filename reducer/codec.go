package reducer

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
)

// EncodeEffects is the stored form of an input's effects: msgpack, fields in
// a fixed order. Op numbers are part of the format; new ops are appended.
func EncodeEffects(effs []Effect) []byte {
	b, err := msgpack.Marshal(effs)
	if err != nil {
		panic(fmt.Sprintf("reducer: encoding effects: %v", err)) // plain structs never fail
	}
	return b
}

// DecodeEffects reads effects stored by EncodeEffects.
func DecodeEffects(b []byte) ([]Effect, error) {
	var effs []Effect
	if err := msgpack.Unmarshal(b, &effs); err != nil {
		return nil, fmt.Errorf("reducer: stored effects: %w", err)
	}
	return effs, nil
}
