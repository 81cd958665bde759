package movegen

import "sort"

// All lists every variant the engine plays, in the order menus show them (that of conventions.md).
var All = []*Variant{
	FIDE,
	WeakSquare,
	Bunker,
	Prechess,
	HopChess,
	JumpingKnights,
	Blackhole,
}

// ByName is the variant called name (conventions.md), nil if there is none.
func ByName(name string) *Variant {
	for _, v := range All {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Names lists the variant names, sorted.
func Names() []string {
	var out []string
	for _, v := range All {
		out = append(out, v.Name)
	}
	sort.Strings(out)
	return out
}
