package web_test

import (
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"
)

// No server, watcher or browser outlives the tests; the one browser the
// browser tests share is stopped first.
func TestMain(m *testing.M) {
	code := m.Run()
	stopBrowser()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
}
