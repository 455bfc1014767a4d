//go:build amd64 && !purego

package win

import "github.com/farkle-go/farkle/strategy/win/internal/kit"

// rollStepAVX is rollStepLanes on the lanes in 256-bit registers, for
// groups groups, the g-th with count[g] offsets (at least one) from offs
// and chance prob[g]. Its arithmetic is that of rollStepLanes, a
// multiplication and then an addition, group after group, and then the
// farkle's part, so that the two agree to the bit.
//
//go:noescape
func rollStepAVX(vk *[lanes]uint64, offs *int32, count *uint8, prob *float64, groups int, pff *[lanes]float64, bank, out *[lanes]uint64)

// rollStep sets out to the values of lanes turns at one turn total with
// the n dice of g to roll: the larger of banking (bank, the bits of its
// chance, 0 where the turn cannot bank) and rolling, pff (the chance of a
// farkle times its value) plus rollSum of the values vk.
func rollStep(vk [][lanes]uint64, g *laneGroups, pff *[lanes]float64, bank, out *[lanes]uint64) {
	if !kit.HasAVX() || len(g.count) == 0 {
		rollStepLanes(vk, g, pff, bank, out)
		return
	}
	rollStepAVX(&vk[0], &g.offs[0], &g.count[0], &g.prob[0], len(g.count), pff, bank, out)
}
