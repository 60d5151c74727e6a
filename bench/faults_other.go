//go:build !unix

package bench

// pageFaults is not counted where there is no getrusage(2).
func pageFaults() int64 { return 0 }
