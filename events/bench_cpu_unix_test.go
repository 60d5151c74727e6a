//go:build unix

package events_test

import (
	"syscall"
	"time"
)

// cpuClock is the process's user and system time so far; 0 where it
// can't be read.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
