package store_test

import (
	"encoding/hex"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestOpenReadOnlyMissing guards read-only opening: a missing file is an
// error and is not created.
func TestOpenReadOnlyMissing(t *testing.T) {
	path := tempPath(t)
	s, err := store.Open(path, store.Options{ReadOnly: true})
	if err == nil {
		s.Close()
		t.Fatal("read-only open of a missing file succeeded")
	}
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v is not os.ErrNotExist", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("read-only open created the file: %v", err)
	}
}

// TestOpenCreatesDirs guards Open and OpenDir creating missing folders and
// reporting the file's path.
func TestOpenCreatesDirs(t *testing.T) {
	dir := t.TempDir() + "/a/b"
	s, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if want := dir + "/" + store.FileName; s.Path() != want {
		t.Errorf("Path() = %q, want %q", s.Path(), want)
	}
}

// TestOpenLocked guards the file lock: a second writer, and a reader while a
// writer holds the file, give up after Timeout with ErrLocked; once the
// writer closes, two readers open together.
func TestOpenLocked(t *testing.T) {
	path := tempPath(t)
	w := openStore(t, path)
	for _, ro := range []bool{false, true} {
		start := time.Now()
		s, err := store.Open(path, store.Options{ReadOnly: ro, Timeout: 100 * time.Millisecond})
		if err == nil {
			s.Close()
			t.Fatalf("read-only %v: opened a file a writer holds", ro)
		}
		if !errors.Is(err, store.ErrLocked) {
			t.Errorf("read-only %v: %v, want ErrLocked", ro, err)
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("read-only %v: error %q does not name the file", ro, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("read-only %v: gave up after %s, timeout 100ms", ro, d)
		}
	}
	w.Close()
	r1, err := store.Open(path, store.Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := store.Open(path, store.Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatalf("two readers: %v", err)
	}
	r2.Close()
}

// TestOpenSchemaVersion guards the layout version check: a file written with
// another version is refused, writable or not, with the version in the
// error, and the refusal changes nothing and releases the lock.
func TestOpenSchemaVersion(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	s.Close()
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("schema")).Put([]byte("version"), []byte{0, 0, 0, 0, 0, 0, 0, 7})
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	before := dumpFile(t, path)
	for _, ro := range []bool{false, true, false} {
		s, err := store.Open(path, store.Options{ReadOnly: ro, Timeout: 100 * time.Millisecond})
		if err == nil {
			s.Close()
			t.Fatalf("read-only %v: opened a version 7 file", ro)
		}
		if errors.Is(err, store.ErrLocked) {
			t.Fatalf("read-only %v: a refused open kept the lock: %v", ro, err)
		}
		if !strings.Contains(err.Error(), "version 7") {
			t.Errorf("read-only %v: error %q does not name version 7", ro, err)
		}
	}
	if after := dumpFile(t, path); len(after) != len(before) || after["schema/"+hex.EncodeToString([]byte("version"))] != "0000000000000007" {
		t.Errorf("a refused open changed the file: %v", after)
	}
}
