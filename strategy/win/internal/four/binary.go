package four

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// The binary form of a Table: the magic "FKW4", a version byte (1), the
// rules as kit.AppendHeader writes them, the number of scores a player
// (uint32), the chances as float64 bits (four a position, mover first,
// positions with the mover's score slowest and the last player's
// fastest), the number of mixed positions (uint32) and each as four
// scores (int32) and its weight (float64 bits), and the CRC-32 (IEEE) of
// everything before it. Integers are little-endian.
const (
	BinMagic   = "FKW4"
	binVersion = 1
)

// MarshalBinary encodes t: 32 bytes a position.
func (t *Table) MarshalBinary() ([]byte, error) {
	if !t.ok() {
		return nil, kit.NoTable()
	}
	b, err := kit.AppendHeader(make([]byte, 0, 512+4+8*len(t.w)+4+24*len(t.mix)+4), BinMagic, binVersion, t.m.rules)
	if err != nil {
		return nil, err
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(t.m.nS))
	for _, w := range t.w {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(w))
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(t.mix)))
	for _, mx := range t.mix {
		for _, s := range mx.Scores {
			b = binary.LittleEndian.AppendUint32(b, uint32(int32(s)))
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(mx.Weight))
	}
	return kit.AppendSum(b), nil
}

// UnmarshalBinary decodes the form of [Table.MarshalBinary] into t,
// checking the format, the version, the checksum and that the contents
// fit the rules they carry; the error wraps [ErrData], or is the error of
// [Solve] for rules it refuses, or wraps [ErrNoTable] for a nil t. On
// error t is unchanged.
func (t *Table) UnmarshalBinary(data []byte) error {
	if t == nil {
		return fmt.Errorf("win: %w: UnmarshalBinary into a nil *Table", ErrNoTable)
	}
	bad := kit.Bad
	_, r, p, err := kit.ReadHeader(data, BinMagic, binVersion)
	if err != nil {
		return err
	}
	m, err := newModel(r)
	if err != nil {
		return err
	}
	if m.rules != r {
		return bad("rules not in the form Solve keeps")
	}
	if len(p) < 4 || binary.LittleEndian.Uint32(p) != uint32(m.nS) {
		return bad(fmt.Sprintf("scores a player, want %d", m.nS))
	}
	p = p[4:]
	nw := N * m.nS * m.nS * m.nS * m.nS
	if len(p) < 8*nw+4 {
		return bad("short data")
	}
	w := make([]float64, nw)
	for i := range w {
		w[i] = math.Float64frombits(binary.LittleEndian.Uint64(p[8*i:]))
		if !(w[i] >= 0 && w[i] <= 1+1e-9) {
			return bad(fmt.Sprintf("chance %v at %d", w[i], i))
		}
	}
	p = p[8*nw:]
	nm := binary.LittleEndian.Uint32(p)
	p = p[4:]
	if uint64(len(p)) != 24*uint64(nm) {
		return bad("mixed positions: wrong length")
	}
	mix := make([]Mix, nm)
	for i := range mix {
		for s := range N {
			mix[i].Scores[s] = int(int32(binary.LittleEndian.Uint32(p[4*s:])))
		}
		mix[i].Weight = math.Float64frombits(binary.LittleEndian.Uint64(p[16:]))
		p = p[24:]
		if _, err := m.scores(mix[i].Scores); err != nil || !(mix[i].Weight >= 0 && mix[i].Weight <= 1) {
			return bad(fmt.Sprintf("mixed position %v weight %v", mix[i].Scores, mix[i].Weight))
		}
	}
	t.m, t.w, t.mix, t.dps = m, w, mix, 0
	return nil
}
