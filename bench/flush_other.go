//go:build !unix

package bench

// flushDisk does nothing where there is no sync(2).
func flushDisk() {}
