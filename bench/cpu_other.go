//go:build !unix

package bench

import "time"

// cpuClock can't read the process's CPU time here.
func cpuClock() time.Duration { return 0 }
