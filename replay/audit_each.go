package replay

import "github.com/chronicle-mtg/chronicle/internal/inorder"

// AuditEach audits matches of src on workers goroutines at once (0 means
// one per core) and calls fn with each report in the order of matches, on
// the caller's goroutine, as soon as it and all before it are done. A
// tournament's matches share nothing, so its audit scales with the cores.
// The first error, Audit's or fn's, stops it: no further match is started
// and that error is returned. src must allow concurrent reads, as the store
// and a file do.
func AuditEach(src Source, matches []string, workers int, fn func(Report) error) error {
	return inorder.Map(len(matches), workers, func(i int) (Report, error) { return Audit(src, matches[i]) },
		func(_ int, r Report) error { return fn(r) })
}
