package oldlog

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
)

// The journal of the v2 logs: files journal-SEQ.wal (SEQ in 16 hex
// digits), each of batches: a batch's head (a record whose payload is
// jBatch, 0, the length of the batch's entries as 8 bytes and their
// CRC-32C as 4, little-endian), then its entries, each a record whose
// payload is
//
//	1 byte   the kind: jWrite, jCreate or jRemove
//	1 byte   the length n of the log's file name
//	n bytes  the log's file name (ID.log)
//	8 bytes  the offset of the data in the log, little-endian
//	the rest the data written there (none for jRemove)
//
// A journal file's end mark, journal-SEQ.end, holds in decimal the bytes
// of the file that were acknowledged. The earlier server applied the
// journal to the logs at a clean stop; after a crash, its files stay, and
// replayJournals applies them here, in memory: the logs on disk are not
// written.
const (
	jWrite        = 1
	jCreate       = 2
	jRemove       = 3
	jBatch        = 4
	batchHeadSize = recordHead + 2 + 8 + 4
	maxEntry      = maxRecord + recordHead + 1024
)

// A memLog is a game log as the journal leaves it.
type memLog struct {
	data    []byte
	removed bool
	bad     string    // why the log is missing acknowledged data, if it is
	mod     time.Time // when it was last written
}

// journalFiles returns the names of the journal's files in dir, in
// order, and those of their end marks.
func journalFiles(names []string) (wals, ends []string) {
	for _, name := range names {
		if !isJournal(name) {
			continue
		}
		if strings.HasSuffix(name, ".wal") {
			wals = append(wals, name)
		} else {
			ends = append(ends, name)
		}
	}
	// SEQ has 16 hex digits: the names sort as the numbers.
	slices.Sort(wals)
	return wals, ends
}

// replayJournals applies the journal files wals of dir, in order, to the
// logs of dir, in memory, and returns the logs that they touched. A
// torn batch at the end of the last file was never acknowledged and is
// ignored; a bad batch that a whole one follows, a bad entry in a whole
// batch, or a bad batch in a file that others follow is damage:
// ErrJournal.
func replayJournals(dir string, wals []string) (map[string]*memLog, error) {
	logs := make(map[string]*memLog)
	for i, name := range wals {
		path := filepath.Join(dir, name)
		fi, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if mark, err := os.ReadFile(strings.TrimSuffix(path, ".wal") + ".end"); err == nil {
			var n int64
			if _, err := fmt.Sscanf(string(mark), "%d", &n); err != nil || n < 0 {
				return nil, fmt.Errorf("%s: %w: its end mark %q is not a size", name, ErrJournal, mark)
			}
			data = data[:min(int64(len(data)), n)]
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		apply := func(e jEntry) error { return applyEntry(dir, logs, e, fi.ModTime()) }
		torn, err := replayJournal(data, apply)
		if err != nil {
			return nil, fmt.Errorf("%s: %w: %v", name, ErrJournal, err)
		}
		if torn >= 0 && i < len(wals)-1 {
			return nil, fmt.Errorf("%s: %w: a bad batch at offset %d before the journal file %s", name, ErrJournal, torn, wals[i+1])
		}
	}
	return logs, nil
}

// A jEntry is a journal entry, decoded.
type jEntry struct {
	kind byte
	name string
	off  int64
	data []byte
}

// parseEntry decodes a journal entry's payload.
func parseEntry(p []byte) (jEntry, error) {
	if len(p) < 2 {
		return jEntry{}, errors.New("journal entry too short")
	}
	kind, n := p[0], int(p[1])
	if kind < jWrite || kind > jRemove {
		return jEntry{}, fmt.Errorf("journal entry of kind %d", kind)
	}
	if len(p) < 2+n+8 {
		return jEntry{}, errors.New("journal entry too short")
	}
	name := string(p[2 : 2+n])
	if id, ok := strings.CutSuffix(name, LogExt); !ok || !web.ValidID(id) {
		return jEntry{}, fmt.Errorf("journal entry of the file %q", name)
	}
	off := binary.LittleEndian.Uint64(p[2+n:])
	if off > 1<<40 {
		return jEntry{}, fmt.Errorf("journal entry at offset %d", off)
	}
	e := jEntry{kind: kind, name: name, off: int64(off), data: p[2+n+8:]}
	if kind == jRemove && len(e.data) > 0 {
		return jEntry{}, errors.New("a removal with data")
	}
	return e, nil
}

// applyEntry applies e, of a journal file written at mod, to the logs:
// a removal removes the log, a write puts its data at its offset (over
// what the log holds there: a checkpoint's write that a crash garbled); a
// write past the log's end would leave a hole where acknowledged data is
// missing, and marks the log bad.
func applyEntry(dir string, logs map[string]*memLog, e jEntry, mod time.Time) error {
	l := logs[e.name]
	if l == nil {
		l = &memLog{}
		data, err := os.ReadFile(filepath.Join(dir, e.name))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		l.data = data
		logs[e.name] = l
	}
	l.mod = mod
	if e.kind == jRemove {
		*l = memLog{removed: true, mod: mod}
		return nil
	}
	l.removed = false
	if l.bad != "" {
		return nil
	}
	if e.off > int64(len(l.data)) {
		l.bad = fmt.Sprintf("a journal entry at offset %d, past the log's end at %d: acknowledged data is missing", e.off, len(l.data))
		return nil
	}
	end := e.off + int64(len(e.data))
	if end > int64(len(l.data)) {
		l.data = append(l.data, make([]byte, end-int64(len(l.data)))...)
	}
	copy(l.data[e.off:], e.data)
	return nil
}

// replayJournal calls apply with each entry of the journal file data, in
// order, and returns the offset of a torn tail (a bad batch last), or -1
// if there is none. A bad batch that a whole one follows, or a bad entry
// in a whole batch, is an error.
func replayJournal(data []byte, apply func(jEntry) error) (torn int64, err error) {
	size := int64(len(data))
	var pos int64
	for pos < size {
		head, err := readRecordMax(bufioReader(data[pos:]), batchHeadSize)
		var blen int64
		var bcrc uint32
		if err == nil {
			var ok bool
			if blen, bcrc, ok = parseBatchHead(head); !ok || blen > size-pos-batchHeadSize {
				err = errTorn
			}
		}
		if err == nil && crc32.Update(0, crcTable, data[pos+batchHeadSize:pos+batchHeadSize+blen]) != bcrc {
			err = errTorn
		}
		if err == errTorn || err == io.EOF {
			if at, ok := batchAfter(data, pos); ok {
				return -1, fmt.Errorf("a bad batch at offset %d, and a good one at offset %d after it", pos, at)
			}
			return pos, nil
		}
		if err != nil {
			return -1, err
		}
		// Its checksum is right: a bad entry in it is damage.
		body := data[pos+batchHeadSize : pos+batchHeadSize+blen]
		r := bufioReader(body)
		for epos := pos + batchHeadSize; ; {
			p, err := readRecordMax(r, maxEntry)
			if err == io.EOF {
				break
			}
			if err != nil {
				return -1, fmt.Errorf("offset %d, in the batch at %d: %v", epos, pos, err)
			}
			e, err := parseEntry(p)
			if err != nil {
				return -1, fmt.Errorf("offset %d: %v", epos, err)
			}
			if err := apply(e); err != nil {
				return -1, err
			}
			epos += recordHead + int64(len(p))
		}
		pos += batchHeadSize + blen
	}
	return -1, nil
}

// parseBatchHead decodes a batch head's payload: the length of the
// batch's entries and their CRC.
func parseBatchHead(p []byte) (n int64, crc uint32, ok bool) {
	if len(p) != batchHeadSize-recordHead || p[0] != jBatch || p[1] != 0 {
		return 0, 0, false
	}
	v := binary.LittleEndian.Uint64(p[2:])
	if v == 0 || v > 1<<40 {
		return 0, 0, false
	}
	return int64(v), binary.LittleEndian.Uint32(p[10:]), true
}

// batchAfter looks for a whole batch at every offset of data after the
// bad batch at pos: a head whose length and checksum are right, and
// entries of the length and the CRC that it gives. A crash leaves a torn
// batch last; a whole batch after a bad one is damage.
func batchAfter(data []byte, pos int64) (at int64, ok bool) {
	rest := data[pos+1:]
	for i := 0; i+batchHeadSize <= len(rest); i++ {
		h := rest[i : i+batchHeadSize]
		if binary.LittleEndian.Uint32(h) != batchHeadSize-recordHead || h[recordHead] != jBatch {
			continue
		}
		crc := crc32.Update(0, crcTable, h[:4])
		if crc32.Update(crc, crcTable, h[recordHead:]) != binary.LittleEndian.Uint32(h[4:]) {
			continue
		}
		n, bcrc, ok := parseBatchHead(h[recordHead:])
		if !ok || n > int64(len(rest)-i-batchHeadSize) {
			continue
		}
		if crc32.Update(0, crcTable, rest[i+batchHeadSize:i+batchHeadSize+int(n)]) == bcrc {
			return pos + 1 + int64(i), true
		}
	}
	return 0, false
}

// bufioReader returns a reader of data for readRecord.
func bufioReader(data []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(data)) }

// AppendBatch appends to b the journal batch of the entries body (each
// appended with AppendEntry): for the tests that write journals of the
// old format.
func AppendBatch(b, body []byte) []byte {
	var p [batchHeadSize - recordHead]byte
	p[0] = jBatch
	binary.LittleEndian.PutUint64(p[2:], uint64(len(body)))
	binary.LittleEndian.PutUint32(p[10:], crc32.Update(0, crcTable, body))
	return append(AppendRecord(b, p[:]), body...)
}

// AppendEntry appends to b the journal entry of a write of data at off
// in the log name (kind 1), of its creation (kind 2) or of its removal
// (kind 3, no data): for the tests.
func AppendEntry(b []byte, kind byte, name string, off int64, data []byte) []byte {
	p := append([]byte{kind, byte(len(name))}, name...)
	p = binary.LittleEndian.AppendUint64(p, uint64(off))
	return AppendRecord(b, append(p, data...))
}
