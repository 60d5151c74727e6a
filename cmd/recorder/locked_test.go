package main

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestLockedStore guards `record` and `serve` against a store another handle
// holds for writing: exit 2 and a message that says the store is locked (for
// record: and points to `recorder publish` or another --data). Each case
// waits out the store's 2s lock timeout; they run in parallel.
func TestLockedStore(t *testing.T) {
	cases := []struct {
		name string
		args func(t *testing.T, data string) []string
		want []string
	}{
		{"record", func(t *testing.T, data string) []string {
			return []string{"record", "-q", "--data", data, fixture(t, "bolt-race.jsonl")}
		}, []string{"locked", "`recorder publish`", "--data"}},
		{"serve", func(t *testing.T, data string) []string {
			return []string{"serve", "--data", data, "--listen", freePort(t)}
		}, []string{"locked", "another recorder uses"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			data := t.TempDir()
			held, err := store.OpenDir(data, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer held.Close()

			r := runCLI(t, c.args(t, data)...)
			if r.code != exitUsage {
				t.Fatalf("exit %d, want %d: %v", r.code, exitUsage, r)
			}
			for _, want := range append(c.want, data) {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr lacks %q: %v", want, r)
				}
			}
			if r.stdout != "" {
				t.Errorf("stdout not empty: %v", r)
			}
			if evs := storedEvents(t, held, "bolt-race"); evs != nil {
				t.Errorf("%d events stored despite the lock", len(evs))
			}
		})
	}
}
