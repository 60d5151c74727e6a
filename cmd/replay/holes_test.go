package main

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// A hole in the input stream (messages gone before the recorder read them)
// is a loss: verify and audit --all report it for the store and exit 1.
func TestHolesAreReported(t *testing.T) {
	dir := storeDir(t)
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(&store.Batch{Holes: []*store.Hole{{Stream: "CHRONICLE_IN@2024-05-01T12:00:00Z", From: 5, To: 7,
		Reason: "deleted from the stream before the recorder read them"}}}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, args := range [][]string{{"verify"}, {"verify", "--deep"}, {"audit", "--all"}} {
		out, errOut, code := runCLI(t, append(args, "--data", dir)...)
		wantCode(t, code, exitFailed, out, errOut)
		if !strings.Contains(out, "store: ") || !strings.Contains(out, "messages 5 to 7: deleted from the stream before the recorder read them") {
			t.Errorf("replay %v does not report the hole:\n%s", args, out)
		}
	}
}
