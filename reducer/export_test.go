package reducer

// SetCheckCaches turns on checkCaches (cache_check.go) for tests of other
// packages.
func SetCheckCaches(on bool) { checkCaches = on }
