//go:build !unix

package store

import "os"

// mapFile reads the file at path whole, for checkPages, where there is no
// mmap to read it in place.
func mapFile(path string) ([]byte, func(), error) {
	data, err := os.ReadFile(path)
	return data, func() {}, err
}
