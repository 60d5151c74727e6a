//go:build unix

package bench

import "syscall"

// pageFaults is how many page faults the process has taken (minor and
// major): a pass that touches fresh heap or file pages takes many.
func pageFaults() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Minflt + ru.Majflt)
}
