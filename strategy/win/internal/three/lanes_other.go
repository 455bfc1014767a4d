//go:build !amd64 || purego

package three

// rollLanes is rollLanesGo (see there).
func rollLanes(ck []float64, offs []int32, count []uint8, prob []float64, w *[lanes]float64, sum *[3][lanes]float64, mask []uint8) uint8 {
	return rollLanesGo(ck, offs, count, prob, w, sum, mask)
}
