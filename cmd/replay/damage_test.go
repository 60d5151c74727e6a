package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// Damaged stores. A byte flipped anywhere in the bbolt file, or the file cut
// short, must never crash a reader (a bbolt panic, SIGSEGV, SIGBUS): every
// command ends with exit 0, 1 or 2. And damage must not pass unseen: when
// `verify --deep` finds the store sound, every command reads exactly what
// it read from the store before the damage.
//
// FuzzStoreDamage is run bounded by .ci/run; go test runs its seeds, a
// sweep over the file's pages.

// damageCommands are the reads checked on a damaged store.
var damageCommands = [][]string{
	{"list"},
	{"rejections"},
	{"show", "bolt-race", "--at", "7"},
	{"show", "counter-war", "--json"},
	{"log", "counter-war"},
	{"export", "bolt-race"},
	{"audit", "--all", "--jobs", "1"},
}

type damageFixture struct {
	db, head []byte
	outputs  []string // each command's stdout on the sound store
}

var (
	damageOnce sync.Once
	damageFix  damageFixture
)

// pristine records two fixture matches and a rejection into a store and
// reads it with every command, once per test binary.
func pristine(t testing.TB) damageFixture {
	damageOnce.Do(func() {
		dir, err := os.MkdirTemp("", "chronicle-damage-*")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		replaytest.Record(t, dir, filepath.Join("..", "..", "fixtures", "matches", "bolt-race.jsonl"))
		replaytest.Record(t, dir, filepath.Join("..", "..", "fixtures", "matches", "counter-war.jsonl"))
		replaytest.Commit(t, dir, nil, &store.Rejection{Stream: "CHRONICLE_IN", StreamSeq: 9, Subject: "chronicle.match.x.in",
			Match: "x", Seq: 2, Raw: []byte("{bad"), Reason: "invalid JSON", Rule: "LOG-DECODE", Time: 1})
		f := damageFixture{}
		if f.db, err = os.ReadFile(filepath.Join(dir, store.FileName)); err != nil {
			t.Fatal(err)
		}
		if f.head, err = os.ReadFile(filepath.Join(dir, store.FileName+store.HeadSuffix)); err != nil {
			t.Fatal(err)
		}
		for _, args := range damageCommands {
			var out, errOut bytes.Buffer
			if code := run(append(args, "--data", dir), &out, &errOut); code != exitOK {
				t.Fatalf("replay %v on the sound store: exit %d\n%s", args, code, errOut.String())
			}
			f.outputs = append(f.outputs, out.String())
		}
		damageFix = f
	})
	if damageFix.db == nil {
		t.Fatal("no pristine store")
	}
	return damageFix
}

// usedSize is how much of the file bbolt uses: its high-water mark, from
// the newer meta page.
func usedSize(db []byte) int {
	// Offsets in a meta page: a 16-byte page header, then magic, version,
	// page size, flags (4 bytes each), the root bucket (16), the freelist
	// page, the high-water mark and the transaction id (8 each).
	const pageSizeAt, pgidAt, txidAt = 24, 56, 64
	pageSize := int(binary.LittleEndian.Uint32(db[pageSizeAt:]))
	best, pgid := uint64(0), uint64(0)
	for _, off := range []int{0, pageSize} {
		if tx := binary.LittleEndian.Uint64(db[off+txidAt:]); tx >= best {
			best, pgid = tx, binary.LittleEndian.Uint64(db[off+pgidAt:])
		}
	}
	return min(len(db), int(pgid)*pageSize)
}

// checkDamaged writes the damaged bytes as a store and runs every command.
func checkDamaged(t *testing.T, f damageFixture, db []byte, what string) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, store.FileName), db, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, store.FileName+store.HeadSuffix), f.head, 0o644); err != nil {
		t.Fatal(err)
	}
	var vout, verr bytes.Buffer
	vcode := run([]string{"verify", "--deep", "--data", dir}, &vout, &verr)
	if vcode != exitOK && vcode != exitFailed && vcode != exitUsage {
		t.Fatalf("%s: verify --deep exit %d", what, vcode)
	}
	for i, args := range damageCommands {
		var out, errOut bytes.Buffer
		code := run(append(args, "--data", dir), &out, &errOut)
		if code != exitOK && code != exitFailed && code != exitUsage {
			t.Fatalf("%s: replay %v: exit %d", what, args, code)
		}
		if vcode == exitOK && (code != exitOK || out.String() != f.outputs[i]) {
			t.Fatalf("%s: verify --deep passed, but replay %v reads otherwise than before the damage (exit %d)\nverify:\n%s\nstdout:\n%s\nstderr:\n%s\nbefore:\n%s",
				what, args, code, vout.String(), out.String(), errOut.String(), f.outputs[i])
		}
	}
}

func FuzzStoreDamage(f *testing.F) {
	fx := pristine(f)
	used := usedSize(fx.db)
	// Seeds: a flip in each page's header and near its start and end, and
	// cuts at page boundaries and inside pages.
	for off := 0; off < used; off += 4096 {
		f.Add(uint32(off+1), byte(0x01), false)
		f.Add(uint32(off+20), byte(0x80), false)
		f.Add(uint32(off+4000), byte(0x10), false)
		f.Add(uint32(off+2048), byte(0), true)
	}
	f.Add(uint32(64), byte(0x04), false)      // the first meta page's transaction id
	f.Add(uint32(4096+72), byte(0x04), false) // the second meta page's checksum
	f.Fuzz(func(t *testing.T, off uint32, mask byte, truncate bool) {
		fx := pristine(t)
		db := append([]byte(nil), fx.db...)
		at := int(off) % usedSize(db)
		what := fmt.Sprintf("byte %d ^ %#02x", at, mask)
		if truncate {
			db, what = db[:at], fmt.Sprintf("cut at byte %d", at)
		} else {
			if mask == 0 {
				mask = 0xff
			}
			db[at] ^= mask
		}
		checkDamaged(t, fx, db, what)
	})
}
