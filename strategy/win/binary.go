package win

import (
	"encoding/binary"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"
)

// The binary form of a Table: the magic "FKWT", a version byte (1 or
// 2), the length of the rules (uint32) and the rules as JSON (game.Rules
// with encoding/json), the floor (int64), the number of scores and of
// farkle counts (uint32 each), in version 2 the number of off-board scores
// (uint32; see model.nOff), the chances as float64 bits, and the CRC-32
// (IEEE) of everything before it. Integers are little-endian. A table
// without off-board scores of their own (no opening minimum, or one
// without a penalty) is written in version 1, which older readers read;
// the others in version 2.
const (
	binMagic   = "FKWT"
	binVersion = 2
)

// marshal2 is MarshalBinary of a two-player table: it encodes t compactly, with the rules it was solved for, a
// version and a checksum: 8 bytes a position (about 320 KB for target
// 10,000 without a penalty). [Table.UnmarshalBinary] reads it back.
func (t *Table) marshal2() ([]byte, error) {
	if !t.ok() {
		return nil, errNoTable()
	}
	m := t.m
	version := byte(1)
	if m.nOff > 0 {
		version = 2
	}
	b, err := kit.AppendHeader(make([]byte, 0, 512+8+8+4+8*len(t.w)+4), binMagic, version, m.rules)
	if err != nil {
		return nil, err
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(int64(m.lo)))
	b = binary.LittleEndian.AppendUint32(b, uint32(m.nS))
	b = binary.LittleEndian.AppendUint32(b, uint32(m.K))
	if version >= 2 {
		b = binary.LittleEndian.AppendUint32(b, uint32(m.nOff))
	}
	for _, w := range t.w {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(w))
	}
	return kit.AppendSum(b), nil
}

// unmarshal2 is UnmarshalBinary of a two-player table: it decodes the form of [Table.MarshalBinary] into t. It
// checks the format, the version and the checksum, and that the contents
// fit the rules they carry (chances from 0 to 1); the error wraps
// [ErrData], or is the error of [Solve] for rules it refuses, or wraps
// [ErrNoTable] for a nil t. On error t is unchanged.
func (t *Table) unmarshal2(data []byte) error {
	bad := kit.Bad
	version, r, p, err := kit.ReadHeader(data, binMagic, binVersion)
	if err != nil {
		return err
	}
	if len(p) < 16 {
		return bad("short data")
	}
	floor := int64(binary.LittleEndian.Uint64(p))
	nS, K := binary.LittleEndian.Uint32(p[8:]), binary.LittleEndian.Uint32(p[12:])
	p = p[16:]
	var nOff uint32
	if version >= 2 {
		if len(p) < 4 {
			return bad("short data")
		}
		nOff, p = binary.LittleEndian.Uint32(p), p[4:]
	}
	if floor < math.MinInt32 || floor > 0 {
		return bad("floor out of range")
	}
	m, err := newModel(r, int(floor))
	if err != nil {
		return err
	}
	if m.lo != int(floor) || uint32(m.nS) != nS || uint32(m.K) != K || uint32(m.nOff) != nOff {
		return bad("sizes do not match the rules")
	}
	size := m.N * m.N * m.K * m.K
	if len(p) != 8*size {
		return bad("wrong length")
	}
	w := make([]float64, size)
	for i := range w {
		w[i] = math.Float64frombits(binary.LittleEndian.Uint64(p[8*i:]))
		if !(w[i] >= 0 && w[i] <= 1) {
			return bad("chance out of range")
		}
	}
	t.m, t.w, t.three, t.four = m, w, nil, nil
	return nil
}
