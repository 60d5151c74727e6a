package store

// ReadLine is readLine, for the tests that hold it to msgpack: the parent
// and branch point it reads.
func ReadLine(p []byte) (parent string, branchPoint uint64, err error) {
	var m line
	err = readLine(p, &m)
	return m.Parent, m.BranchPoint, err
}
