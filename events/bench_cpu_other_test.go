//go:build !unix

package events_test

import "time"

// cpuClock is 0: the process's CPU time is not read here.
func cpuClock() time.Duration { return 0 }
