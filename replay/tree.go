package replay

import (
	"bytes"
	"encoding/json"
)

// Node is a match in the tree of branches `replay list --tree` prints: the
// match and its branches, each with theirs.
type Node struct {
	Summary
	// Depth is 0 for a root, 1 for its branches, and so on.
	Depth    int
	Branches []*Node // by branch point, then name
}

// Tree arranges matches under their parents. A match whose parent is not
// among them (a main line, or a branch whose parent a filter left out) is a
// root. Roots keep the order of ms; branches are ordered by branch point,
// then by name.
func Tree(ms []Summary) []*Node {
	nodes := make(map[string]*Node, len(ms))
	for _, s := range ms {
		nodes[s.Match] = &Node{Summary: s}
	}
	var roots []*Node
	for _, s := range ms {
		n := nodes[s.Match]
		if p, ok := nodes[s.Parent]; ok && s.Parent != "" && !under(nodes, p, s.Match) {
			p.Branches = append(p.Branches, n)
			continue
		}
		roots = append(roots, n)
	}
	var walk func(ns []*Node, depth int)
	walk = func(ns []*Node, depth int) {
		for _, n := range ns {
			n.Depth = depth
			sortBranches(n.Branches)
			walk(n.Branches, depth+1)
		}
	}
	walk(roots, 0)
	return roots
}

// under reports whether n descends from match through parents, which would
// make a loop of a damaged store's metas.
func under(nodes map[string]*Node, n *Node, match string) bool {
	for i := 0; n != nil && i <= len(nodes); i++ {
		if n.Match == match {
			return true
		}
		n = nodes[n.Parent]
	}
	return false
}

func sortBranches(ns []*Node) {
	for i := 1; i < len(ns); i++ {
		for j := i; j > 0 && less(ns[j], ns[j-1]); j-- {
			ns[j], ns[j-1] = ns[j-1], ns[j]
		}
	}
}

func less(a, b *Node) bool {
	if a.BranchPoint != b.BranchPoint {
		return a.BranchPoint < b.BranchPoint
	}
	return a.Match < b.Match
}

// Walk calls fn for n and every node below it, depth first, parents before
// their branches.
func (n *Node) Walk(fn func(*Node)) {
	fn(n)
	for _, b := range n.Branches {
		b.Walk(fn)
	}
}

// MarshalJSON writes the match as list --json does, with "branches": an
// array of the same objects.
func (n *Node) MarshalJSON() ([]byte, error) {
	sum, err := json.Marshal(n.Summary)
	if err != nil {
		return nil, err
	}
	branches := n.Branches
	if branches == nil {
		branches = []*Node{}
	}
	bs, err := json.Marshal(branches)
	if err != nil {
		return nil, err
	}
	// sum is an object: splice the branches in before its closing brace.
	out := bytes.TrimSuffix(sum, []byte("}"))
	out = append(out, `,"branches":`...)
	out = append(out, bs...)
	return append(out, '}'), nil
}
