//go:build unix

package bench

import "syscall"

// flushDisk waits for the kernel to write out what ingest left in memory
// (the server's stream files are not synced as they are written), so that
// the read figures don't share the disk with that writeback.
func flushDisk() { syscall.Sync() }
