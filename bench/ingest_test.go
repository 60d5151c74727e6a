package bench

import (
	"context"
	"os"
	"strconv"
	"testing"
)

// BenchmarkIngest records a small generated tournament through an
// embedded server and a recorder, as replay bench does, and reports the
// ingest rate beside raw JetStream async publish of the same bytes, and
// the CPU time the ingest took (with the server's), which a busy machine
// disturbs less than the rates, and the heap objects it allocated, which
// it disturbs little. CHRONICLE_INGEST_RECORDERS=N shares the
// matches among N recorders; CHRONICLE_INGEST_MATCHES=N records N matches
// instead of the quick bench's (a recorder's caches and heap grow with a
// tournament); CHRONICLE_INGEST_PROFILE=FILE writes a CPU profile of the
// ingest alone.
func BenchmarkIngest(b *testing.B) {
	matches, _ := strconv.Atoi(os.Getenv("CHRONICLE_INGEST_MATCHES"))
	if matches <= 0 {
		matches = QuickMatches
	}
	c, err := generate(Options{Matches: matches, LongInputs: 100})
	if err != nil {
		b.Fatal(err)
	}
	if f := os.Getenv("CHRONICLE_INGEST_PROFILE"); f != "" {
		w, err := os.Create(f)
		if err != nil {
			b.Fatal(err)
		}
		defer w.Close()
		profileIngest = w
		defer func() { profileIngest = nil }()
	}
	recorders, _ := strconv.Atoi(os.Getenv("CHRONICLE_INGEST_RECORDERS"))
	b.ResetTimer()
	for range b.N {
		r := &Report{}
		if err := stage(context.Background(), "ingest", func() error { return ingest(context.Background(), r, c, b.TempDir(), recorders) }); err != nil {
			b.Fatal(err)
		}
		f := r.Figures[0]
		b.ReportMetric(f.Value, "inputs/s")
		b.ReportMetric(f.Baseline, "raw-inputs/s")
		b.ReportMetric(f.Ratio, "ratio")
		b.ReportMetric(r.Figures[1].Baseline, "raw-packs-inputs/s")
		b.ReportMetric(float64(c.ingestCPU.Microseconds())/float64(c.inputs), "cpu-µs/input")
		b.ReportMetric(float64(c.ingestMallocs)/float64(c.inputs), "allocs/input")
	}
}
