//go:build !amd64 || purego

package win

// rollStep sets out to the values of lanes turns at one turn total with
// the n dice of g to roll: the larger of banking (bank, the bits of its
// chance, 0 where the turn cannot bank) and rolling, pff (the chance of a
// farkle times its value) plus rollSum of the values vk.
func rollStep(vk [][lanes]uint64, g *laneGroups, pff *[lanes]float64, bank, out *[lanes]uint64) {
	rollStepLanes(vk, g, pff, bank, out)
}
