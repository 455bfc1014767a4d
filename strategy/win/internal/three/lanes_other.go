//go:build !amd64 || purego

package three

// rollLanes is rollLanesGo (see there).
func rollLanes(ck []float64, offs []int32, count []uint8, prob []float64, st *laneState) {
	rollLanesGo(ck, offs, count, prob, st)
}

// lanesFast reports whether rollLanes is faster than rollAtI's scalar
// runs: not in Go.
func lanesFast() bool { return false }
