package web

// The files that a server keeps open besides its connections: the
// standard files, the listeners, the runtime's own, the win chances'
// cache and the like (fdBase), and room for those of the Store (fdWrites:
// an embedded database holds one file, a database server's client its
// pool of connections).
const (
	fdBase   = 128
	fdWrites = 1024
)

// fitConns returns the cap of open connections that fits within limit
// open files: maxConns, or less so that fdBase and fdWrites files are
// left besides the connections, and so that a connection over the cap
// can still be accepted, answered 503 and closed, rather than
// accept failing with EMFILE. Half the limit at least goes to the
// connections, however small the limit; a limit of 0 (unknown) leaves
// maxConns.
func fitConns(maxConns int, limit uint64) int {
	if limit == 0 {
		return maxConns
	}
	budget := int64(limit) - fdBase - fdWrites - 1 // 1: the connection being refused
	budget = max(budget, int64(limit/2))
	return int(min(int64(maxConns), budget))
}
