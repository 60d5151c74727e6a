package query_test

import (
	"testing"

	"go.uber.org/goleak"
)

// No service, client or server outlives the tests.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
