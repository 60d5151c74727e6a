package facts

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
)

// The file, all integers little-endian uint32:
//
//	magic "CHRFACT1"
//	header    nCards nTokens blockSize nKeys nBlocks dictLen
//	dict      dictLen bytes: the DEFLATE dictionary every block shares
//	flags     one byte per record (Flag...)
//	names     nRecords+1 offsets, then the names: cards by name, then tokens
//	keys      nKeys+1 offsets, then the folded keys, sorted
//	entries   one per key: record<<3 | kind (Key...)
//	blocks    nBlocks+1 offsets, then the blocks: each the DEFLATE of
//	          blockSize records (fewer in the last), each a uvarint length
//	          and the record's JSON
//
// Cards come first in name order, so record i < nCards is the i-th name of
// Names; tokens follow.

const magic = "CHRFACT1"

// BlockSize is how many records share a compressed block: small enough
// that finding one card costs little, large enough to compress well.
const BlockSize = 16

// dictSize is DEFLATE's largest dictionary; dictStride spaces the records
// it samples.
const (
	dictSize   = 32 << 10
	dictStride = 600
)

// Kinds of index entries, in the order a lookup prefers them.
const (
	KeyName     = iota // the card's name (CanonicalName)
	KeyFullName        // a multi-face card's "Front // Back" name
	KeyHalf            // a half of a split card or Room
	KeyGranted         // an Adventure the card grants other cards
	KeyToken           // a token definition's name
)

// Flags of a record.
const (
	FlagExtra   = 1 << iota // from the project's own records
	FlagToken               // a token definition
	FlagFunny               // an un-card
	FlagVariant             // a casual variant's card (Vanguard, Plane, ...)
)

// Encode writes cards (found by name) and token definitions (found with
// Tokens) in the compact form. Two cards may not share a name.
func Encode(cards, tokens []Record) ([]byte, error) {
	type rec struct {
		r     *Record
		name  string
		extra bool
	}
	var recs []rec
	for i := range cards {
		recs = append(recs, rec{&cards[i], cards[i].CanonicalName(), cards[i].Extra})
	}
	slices.SortFunc(recs, func(a, b rec) int { return cmp.Compare(a.name, b.name) })
	for i := 1; i < len(recs); i++ {
		if recs[i].name == recs[i-1].name {
			return nil, fmt.Errorf("facts: two cards named %q", recs[i].name)
		}
	}
	nCards := len(recs)
	toks := make([]*Record, len(tokens))
	for i := range tokens {
		toks[i] = &tokens[i]
	}
	slices.SortStableFunc(toks, func(a, b *Record) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.SourceID, b.SourceID), cmp.Compare(a.Description, b.Description))
	})
	for _, t := range toks {
		recs = append(recs, rec{t, t.Name, false})
	}

	type key struct {
		key  string
		kind int
		rec  int
	}
	var keys []key
	add := func(name string, kind, rec int) {
		if f := Fold(name); f != "" {
			keys = append(keys, key{f, kind, rec})
		}
	}
	flags := make([]byte, len(recs))
	jsons := make([][]byte, len(recs))
	for i, r := range recs {
		if i < nCards {
			add(r.name, KeyName, i)
			if r.r.multiFace() {
				add(r.r.Name, KeyFullName, i)
			}
			if r.r.Layout == "split" {
				for _, f := range r.r.Faces {
					add(f.Name, KeyHalf, i)
				}
			}
			if g := r.r.GrantedAdventure; g != nil {
				add(g.Name, KeyGranted, i)
			}
		} else {
			add(r.name, KeyToken, i)
			flags[i] |= FlagToken
		}
		if r.extra {
			flags[i] |= FlagExtra
		}
		if r.r.IsToken() {
			flags[i] |= FlagToken
		}
		if r.r.Funny {
			flags[i] |= FlagFunny
		}
		if r.r.Variant() != "" {
			flags[i] |= FlagVariant
		}
		b, err := json.Marshal(r.r)
		if err != nil {
			return nil, fmt.Errorf("facts: %s: %w", r.name, err)
		}
		jsons[i] = b
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.kind, b.kind), cmp.Compare(a.rec, b.rec))
	})
	keys = slices.Compact(keys)

	var dict []byte
	for i := 0; i < len(jsons); i += dictStride {
		dict = append(dict, jsons[i]...)
	}
	if len(dict) > dictSize {
		dict = dict[len(dict)-dictSize:]
	}

	var out bytes.Buffer
	out.WriteString(magic)
	u32 := func(v int) { out.Write(binary.LittleEndian.AppendUint32(nil, uint32(v))) }
	nBlocks := (len(recs) + BlockSize - 1) / BlockSize
	for _, v := range []int{nCards, len(recs) - nCards, BlockSize, len(keys), nBlocks, len(dict)} {
		u32(v)
	}
	out.Write(dict)
	out.Write(flags)
	strs := func(n int, at func(int) string) {
		off := 0
		for i := 0; i < n; i++ {
			u32(off)
			off += len(at(i))
		}
		u32(off)
		for i := 0; i < n; i++ {
			out.WriteString(at(i))
		}
	}
	strs(len(recs), func(i int) string { return recs[i].name })
	strs(len(keys), func(i int) string { return keys[i].key })
	for _, k := range keys {
		u32(k.rec<<3 | k.kind)
	}
	var blocks [][]byte
	for b := 0; b < nBlocks; b++ {
		var raw []byte
		for i := b * BlockSize; i < min((b+1)*BlockSize, len(recs)); i++ {
			raw = binary.AppendUvarint(raw, uint64(len(jsons[i])))
			raw = append(raw, jsons[i]...)
		}
		var z bytes.Buffer
		w, err := flate.NewWriterDict(&z, flate.BestCompression, dict)
		if err != nil {
			return nil, err
		}
		w.Write(raw)
		if err := w.Close(); err != nil {
			return nil, err
		}
		blocks = append(blocks, z.Bytes())
	}
	strs(len(blocks), func(i int) string { return string(blocks[i]) })
	return out.Bytes(), nil
}
