package three

import (
	"encoding/binary"
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"
)

// The binary form of a Table: the magic "FKW3", a version byte (1), the
// length of the rules (uint32) and the rules as JSON (game.Rules with
// encoding/json), the number of scores a player (uint32), the chances as
// float64 bits (three a position, mover first, positions with the mover's
// score slowest and the after player's fastest), the number of mixed
// positions (uint32) and each as three scores (int32) and its weight
// (float64 bits), and the CRC-32 (IEEE) of everything before it. Integers
// are little-endian.
const (
	BinMagic   = "FKW3"
	binVersion = 1
)

// MarshalBinary encodes t with the rules it was solved for, a version and
// a checksum: 24 bytes a position (192 MB for target 10,000 under Core
// scoring). [Table.UnmarshalBinary] reads it back.
func (t *Table) MarshalBinary() ([]byte, error) {
	if !t.ok() {
		return nil, errNoTable()
	}
	b, err := kit.AppendHeader(make([]byte, 0, 512+4+8*len(t.w)+4+20*len(t.mix)+4), BinMagic, binVersion, t.m.rules)
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

// UnmarshalBinary decodes the form of [Table.MarshalBinary] into t. It
// checks the format, the version and the checksum, and that the contents
// fit the rules they carry (chances from 0 to 1, mixed positions of the
// table); the error wraps [ErrData], or is the error of [Solve] for rules
// it refuses, or wraps [ErrNoTable] for a nil t. On error t is unchanged.
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
	nw := 3 * m.nS * m.nS * m.nS
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
	if uint64(len(p)) != 20*uint64(nm) {
		return bad("mixed positions: wrong length")
	}
	mix := make([]Mix, nm)
	for i := range mix {
		for s := range 3 {
			mix[i].Scores[s] = int(int32(binary.LittleEndian.Uint32(p[4*s:])))
		}
		mix[i].Weight = math.Float64frombits(binary.LittleEndian.Uint64(p[12:]))
		p = p[20:]
		if _, _, _, err := m.scores(State{Scores: mix[i].Scores}); err != nil || !(mix[i].Weight >= 0 && mix[i].Weight <= 1) {
			return bad(fmt.Sprintf("mixed position %v weight %v", mix[i].Scores, mix[i].Weight))
		}
	}
	t.m, t.w, t.mix, t.dps = m, w, mix, 0
	return nil
}
