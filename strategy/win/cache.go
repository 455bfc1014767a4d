package win

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// CacheBytes bounds the tables that [Solve] keeps in [Options].Cache: after
// writing a table it removes the least recently used ones (by the time
// they were last written or read) until the rest take at most 1 GiB. A
// table of two players takes 0.3 to 3 MB at target 10,000; one of three,
// 1.5 MB at target 2,000 and 192 MB at 10,000; one of four, 82 MB at
// target 2,000 and 415 MB at 3,000.
const CacheBytes = 1 << 30

// cached is Solve with opts.Cache.
func cached(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	file, err := cacheFile(opts.Cache, r, opts)
	if err != nil {
		return nil, err
	}
	if data, err := os.ReadFile(file); err == nil {
		t := new(Table)
		if t.UnmarshalBinary(data) == nil && t.fits(r, opts) {
			now := time.Now()
			_ = os.Chtimes(file, now, now) // recently used
			return t, nil
		}
	}
	t, err := solveAny(ctx, r, opts)
	if err != nil {
		return nil, err
	}
	if data, err := t.MarshalBinary(); err == nil && writeFile(file, data) == nil {
		trimCache(opts.Cache, file, CacheBytes)
	}
	return t, nil
}

// fits reports whether t is the table that Solve makes of r and opts.
func (t *Table) fits(r game.Rules, opts Options) bool {
	players := max(opts.Players, 2)
	if t.Players() != players || t.Rules() != kit.NormRules(r) {
		return false
	}
	if t.m != nil && t.m.pen > 0 {
		return t.m.lo == cmp.Or(opts.Floor, DefaultFloor)
	}
	return true
}

// cacheFile returns the file of [Options].Cache that holds the table of r
// and opts, in the directory dir: dir/win-HASH.bin for two players,
// dir/win3-HASH.bin for three, dir/win4-HASH.bin for four, HASH a hash
// of the rules (and of a Floor other than the default). The command farkle keeps its tables under the
// same names. The error is that of game.Rules.Validate.
func cacheFile(dir string, r game.Rules, opts Options) (string, error) {
	if err := r.Validate(); err != nil {
		return "", err
	}
	prefix, salt := "win", "farkle win table\n"
	switch opts.Players {
	case 3:
		prefix, salt = "win3", "farkle win3 table\n"
	case 4:
		prefix, salt = "win4", "farkle win4 table\n"
	}
	if opts.Floor != 0 && opts.Floor != DefaultFloor {
		salt += "floor " + strconv.Itoa(opts.Floor) + "\n"
	}
	b, err := json.Marshal(kit.NormRules(r))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(append([]byte(salt), b...))
	return filepath.Join(dir, prefix+"-"+hex.EncodeToString(sum[:8])+".bin"), nil
}

// writeFile writes data to file, through a temporary file of the same
// directory renamed into place, so that a reader never sees part of it.
func writeFile(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(file), ".win-*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), file)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// trimCache removes the least recently used tables of dir, other than
// keep, until the tables take at most limit bytes.
func trimCache(dir, keep string, limit int64) {
	var files []os.FileInfo
	var total int64
	for _, pattern := range []string{"win-*.bin", "win3-*.bin", "win4-*.bin"} {
		names, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, name := range names {
			if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() {
				files = append(files, fi)
				total += fi.Size()
			}
		}
	}
	slices.SortFunc(files, func(a, b os.FileInfo) int { return a.ModTime().Compare(b.ModTime()) })
	for _, fi := range files {
		if total <= limit {
			return
		}
		name := filepath.Join(dir, fi.Name())
		if name == keep {
			continue
		}
		if os.Remove(name) == nil {
			total -= fi.Size()
		}
	}
}
