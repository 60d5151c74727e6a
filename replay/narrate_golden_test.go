package replay_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var rewriteNarratives = flag.Bool("rewrite", false, "rewrite testdata/narrative/*.txt from today's narratives")

// Each fixture's narrative, as `replay log` tells it to the judge, against
// a golden file read and written for a judge (testdata/narrative): what
// each input did and what followed, in the words of the rules. After a
// change to the narrative, go test ./replay -run NarrativeGolden -rewrite
// and read the difference.
func TestNarrativeGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "fixtures", "matches", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		t.Run(name, func(t *testing.T) {
			got := text(narrate(t, openFile(t, f), name, ""))
			golden := filepath.Join("testdata", "narrative", name+".txt")
			if *rewriteNarratives {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./replay -run NarrativeGolden -rewrite writes it)", err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := 0; i < max(len(gl), len(wl)); i++ {
					g, w := "", ""
					if i < len(gl) {
						g = gl[i]
					}
					if i < len(wl) {
						w = wl[i]
					}
					if g != w {
						t.Fatalf("%s: line %d differs:\n got: %s\nwant: %s", golden, i+1, g, w)
					}
				}
			}
		})
	}
}
