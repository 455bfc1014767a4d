//go:build !amd64 || purego

package kit

// HasAVX reports whether the solvers' kernels in assembly run: never
// without amd64, or under the purego build tag.
func HasAVX() bool { return false }
