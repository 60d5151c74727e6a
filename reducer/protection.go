package reducer

// Protection (CR 702.16), "DEBT": a permanent with protection from a
// quality can't be Damaged, Enchanted or Equipped, Blocked or Targeted by
// anything with that quality. The pool has protection from multicolored;
// Auras and Equipment aren't modelled yet.

// protectedFrom reports whether o has protection from source.
func protectedFrom(o, source *Object) bool {
	if o == nil || source == nil || o.Def == nil || o.isAbility() {
		return false
	}
	if lc := langOf(o.Def); lc != nil {
		return langProtectedFrom(o, lc, source) // interp_pool_rules.go
	}
	return o.Def.ProtectionFromMulticolored() && len(source.Colors()) >= 2
}
