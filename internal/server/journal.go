package server

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The journal makes the writes of every game durable with one fsync a
// batch: a group commit across games. The committer, one goroutine,
// takes the writes waiting (up to maxBatch), writes each into its game's
// log (without an fsync: the page cache holds it), appends them all to
// the journal, a file of the data directory, fsyncs the journal once,
// and only then answers them all. Nothing is acknowledged before the
// journal's fsync has returned.
//
// The journal is a sequence of files, journal-SEQ.wal (SEQ in 16 hex
// digits), each of framed records as the game logs' (a length, a CRC-32C
// and the payload), with no magic. A record's payload is an entry:
//
//	1 byte   the kind: jWrite, jCreate or jRemove
//	1 byte   the length n of the log's file name
//	n bytes  the log's file name (ID.log)
//	8 bytes  the offset of the data in the log, little-endian
//	the rest the data written there (none for jRemove)
//
// Once a journal file holds rotateSize bytes, or is rotateAge old, the
// committer starts the next one, and the checkpointer, one goroutine,
// makes the game logs durable (syncfs(2) where there is one, else an
// fsync of each log written and of the directory) and then removes the
// journal files before the new one. At start-up, before the games load,
// recoverJournal replays the journal files left (a crash, or a
// checkpoint that failed): each entry written again at its offset, each
// log cut at the end of its last entry (what follows was never
// acknowledged), the removals made, all made durable; then the files are
// removed. A torn record at the end of the last journal file was never
// acknowledged and is ignored; a bad record followed by good ones is
// corruption, and the server refuses to start rather than lose moves
// that it acknowledged.
const (
	journalPrefix = "journal-"
	journalExt    = ".wal"
	jWrite        = 1
	jCreate       = 2
	jRemove       = 3
	jBarrier      = 0 // not in the journal: a test's wait for the committer
	// maxEntry bounds a journal entry: a game log's record, framed, and
	// the entry's head.
	maxEntry = maxRecord + recordHead + 1024
)

// The journal's rotation: a new file past rotateSize bytes or rotateAge.
const (
	defaultRotateSize = 32 << 20
	defaultRotateAge  = time.Minute
)

// journalName returns the file name of the journal file seq.
func journalName(seq uint64) string {
	return fmt.Sprintf("%s%016x%s", journalPrefix, seq, journalExt)
}

// parseJournalName returns the sequence number of a journal file's name.
func parseJournalName(name string) (uint64, bool) {
	v, ok := strings.CutPrefix(name, journalPrefix)
	if !ok {
		return 0, false
	}
	if v, ok = strings.CutSuffix(v, journalExt); !ok || len(v) != 16 {
		return 0, false
	}
	seq, err := strconv.ParseUint(v, 16, 64)
	return seq, err == nil
}

// appendEntry appends to b the framed journal entry of a write of data
// at off in the log name.
func appendEntry(b []byte, kind byte, name string, off int64, data []byte) []byte {
	n := 2 + len(name) + 8 + len(data)
	var head [recordHead]byte
	binary.LittleEndian.PutUint32(head[:4], uint32(n))
	start := len(b)
	b = append(b, head[:]...)
	b = append(b, kind, byte(len(name)))
	b = append(b, name...)
	b = binary.LittleEndian.AppendUint64(b, uint64(off))
	b = append(b, data...)
	payload := b[start+recordHead:]
	crc := crc32Update(0, head[:4])
	crc = crc32Update(crc, payload)
	binary.LittleEndian.PutUint32(b[start+4:start+8], crc)
	return b
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
	if id, ok := strings.CutSuffix(name, logExt); !ok || !validID(id) {
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

// A commitReq is a write that the committer makes durable: data written
// at off in the game log path (made if create), or the log removed.
// done receives the outcome.
type commitReq struct {
	kind byte
	path string
	off  int64
	data []byte
	enq  time.Time
	done chan error
}

// maxBatch bounds the writes that the committer takes at once.
const maxBatch = 1024

// errBroken is the refusal of every write once the journal could not be
// put back after a failed write: nothing is acknowledged on top of what
// may be a hole. A restart recovers.
var errBroken = errors.New("the journal could not be repaired after a failed write; restart the server")

// A committer makes writes durable through the journal. Its goroutine,
// run, is the only one that writes and fsyncs the journal, and the
// checkpointer's the only one that syncs the logs: two OS threads at
// most are held by the disk, whatever the number of moves.
type committer struct {
	q       chan *commitReq
	dir     *os.File
	dirPath string
	observe func(time.Duration, error) // each write's time from its request to its answer
	logf    func(format string, args ...any)
	wg      sync.WaitGroup

	// The time that the last batch waited in the queue (the oldest of
	// it) and when it was taken, in nanoseconds, for admission.
	lastWait atomic.Int64
	lastTake atomic.Int64

	// fail, for the tests, fails the journal's fsync of every batch
	// (after the writes: the failure path undoes them), and delay makes
	// each batch take that long more (a slow disk).
	fail  atomic.Bool
	delay atomic.Int64

	// checkpoints counts the checkpoints made, batches the batches
	// committed.
	checkpoints atomic.Int64
	batches     atomic.Int64

	// The rotation's thresholds (the tests make them small).
	rotateSize atomic.Int64
	rotateAge  time.Duration

	// The run goroutine's own.
	j      *os.File // the journal file being written
	jseq   uint64
	jsize  int64
	jstart time.Time           // when its first entry was written
	dirty  map[string]struct{} // the logs written since the last rotation
	files  map[string]*os.File // open logs, at most maxOpen
	broken bool
	buf    []byte

	// The checkpointer's work: the logs to sync, then the journal files
	// below seq to remove. ckpt holds at most one; busy is set while one
	// waits or runs.
	ckpt chan checkpoint
	busy atomic.Bool

	closeOnce sync.Once
}

// maxOpen bounds the game logs that the committer keeps open: past it,
// it closes them all and opens each again at its next write.
const maxOpen = 4096

// A checkpoint is the checkpointer's work.
type checkpoint struct {
	logs  map[string]struct{}
	below uint64 // the journal files below this sequence number go
}

// queueCap is the capacity of the committer's queue: more than the
// moves that admission lets in at once.
const queueCap = 1 << 16

// newCommitter starts the committer on the data directory dir, writing
// the journal file seq.
func newCommitter(dir *os.File, dirPath string, seq uint64, observe func(time.Duration, error), logf func(string, ...any)) (*committer, error) {
	c := &committer{
		q: make(chan *commitReq, queueCap), dir: dir, dirPath: dirPath, observe: observe, logf: logf,
		rotateAge: defaultRotateAge,
		dirty:     make(map[string]struct{}), files: make(map[string]*os.File),
		ckpt: make(chan checkpoint, 1),
	}
	c.rotateSize.Store(defaultRotateSize)
	if err := c.openJournal(seq); err != nil {
		return nil, err
	}
	c.lastTake.Store(time.Now().UnixNano())
	c.wg.Add(2)
	go c.run()
	go c.checkpointer()
	return c, nil
}

// openJournal makes the journal file seq, durably, and writes to it from
// then on.
func (c *committer) openJournal(seq uint64) error {
	f, err := os.OpenFile(filepath.Join(c.dirPath, journalName(seq)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("server: journal: %w", err)
	}
	if err := c.dir.Sync(); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("server: journal: %w", err)
	}
	c.j, c.jseq, c.jsize = f, seq, 0
	return nil
}

// commit makes data durable at off in path (made if create), and
// returns once it is (or has failed).
func (c *committer) commit(path string, off int64, data []byte, create bool) error {
	kind := byte(jWrite)
	if create {
		kind = jCreate
	}
	return c.do(&commitReq{kind: kind, path: path, off: off, data: data})
}

// remove removes the log path, durably.
func (c *committer) remove(path string) error {
	return c.do(&commitReq{kind: jRemove, path: path})
}

// barrier returns once the writes asked before it are answered, and
// the rotation after them made.
func (c *committer) barrier() { c.do(&commitReq{kind: jBarrier}) }

func (c *committer) do(r *commitReq) error {
	r.enq = time.Now()
	r.done = make(chan error, 1)
	c.q <- r
	err := <-r.done
	if c.observe != nil && (r.kind == jWrite || r.kind == jCreate) {
		c.observe(time.Since(r.enq), err)
	}
	return err
}

// waiting reports the number of writes waiting for the committer, and
// how long the oldest of the last batch taken had waited and how long
// ago that was.
func (c *committer) waiting(now time.Time) (n int, wait, since time.Duration) {
	return len(c.q), time.Duration(c.lastWait.Load()), now.Sub(time.Unix(0, c.lastTake.Load()))
}

// close stops the committer once the writes waiting are made, then
// makes every log durable and removes the journal: a clean stop leaves
// the logs alone.
func (c *committer) close() {
	c.closeOnce.Do(func() {
		close(c.q)
		c.wg.Wait()
		for _, f := range c.files {
			f.Close()
		}
		if c.broken {
			c.j.Close()
			return // the journal stays, for the recovery
		}
		if err := syncLogs(c.dir, c.dirty); err != nil {
			c.logf("farkle serve: checkpoint at the stop: %v; the journal stays, replayed at the next start", err)
			c.j.Close()
			return
		}
		c.j.Close()
		removeJournals(c.dirPath, c.jseq+1)
	})
}

func (c *committer) run() {
	defer c.wg.Done()
	defer close(c.ckpt)
	batch := make([]*commitReq, 0, maxBatch)
	errs := make([]error, maxBatch)
	for first := range c.q {
		batch = append(batch[:0], first)
	fill:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-c.q:
				if !ok {
					break fill
				}
				batch = append(batch, r)
			default:
				break fill
			}
		}
		now := time.Now()
		c.lastWait.Store(int64(now.Sub(first.enq)))
		c.lastTake.Store(now.UnixNano())
		if d := c.delay.Load(); d > 0 {
			time.Sleep(time.Duration(d))
		}
		c.commitBatch(batch, errs[:len(batch)])
		for i, r := range batch {
			r.done <- errs[i]
			errs[i] = nil
			batch[i] = nil
		}
		c.batches.Add(1)
		c.maybeRotate()
	}
}

// commitBatch writes the batch into the logs and the journal, fsyncs the
// journal, and sets errs. On a failure of the journal, every write of
// the batch fails and is undone in the logs and the journal.
func (c *committer) commitBatch(batch []*commitReq, errs []error) {
	if c.broken {
		for i := range batch {
			errs[i] = errBroken
		}
		return
	}
	buf := c.buf[:0]
	for i, r := range batch {
		if r.kind == jBarrier {
			continue
		}
		if r.kind == jRemove {
			c.closeLog(r.path)
		} else if errs[i] = c.writeLog(r); errs[i] != nil {
			continue
		}
		buf = appendEntry(buf, r.kind, filepath.Base(r.path), r.off, r.data)
	}
	c.buf = buf
	if len(buf) == 0 {
		return
	}
	_, err := c.j.WriteAt(buf, c.jsize)
	if err == nil && c.fail.Load() {
		err = errors.New("the journal's fsync fails (a test)")
	}
	if err == nil {
		err = c.j.Sync()
	}
	if err != nil {
		c.undo(batch, errs, err)
		return
	}
	if c.jsize == 0 {
		c.jstart = time.Now()
	}
	c.jsize += int64(len(buf))
	for i, r := range batch {
		if errs[i] != nil || r.kind == jBarrier {
			continue
		}
		if r.kind == jRemove {
			// Durably removed in the journal: the file goes now, and the
			// checkpoint makes that durable.
			if err := os.Remove(r.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				c.logf("farkle serve: %s: removing: %v", filepath.Base(r.path), err)
			}
		}
		c.dirty[r.path] = struct{}{}
	}
}

// undo fails the writes of a batch whose journal write or fsync failed
// with err: their logs are cut back (a made log removed), the journal
// too; if the journal cannot be cut back, the committer is broken and
// refuses every write from then on.
func (c *committer) undo(batch []*commitReq, errs []error, err error) {
	for i, r := range batch {
		if errs[i] != nil || r.kind == jBarrier {
			continue
		}
		errs[i] = err
		switch r.kind {
		case jCreate:
			c.closeLog(r.path)
			os.Remove(r.path)
		case jWrite:
			if f := c.files[r.path]; f != nil {
				f.Truncate(r.off) // what stays is a torn tail, cut at load
			}
		}
	}
	if terr := c.j.Truncate(c.jsize); terr != nil {
		c.broken = true
		c.logf("farkle serve: the journal cannot be cut back after a failed write (%v): every write is refused until a restart", terr)
	}
}

// writeLog writes r's data into its log, without an fsync.
func (c *committer) writeLog(r *commitReq) error {
	f := c.files[r.path]
	if f == nil {
		var err error
		flag := os.O_WRONLY
		if r.kind == jCreate {
			flag |= os.O_CREATE | os.O_EXCL
		}
		if f, err = os.OpenFile(r.path, flag, 0o600); err != nil {
			return err
		}
		if len(c.files) >= maxOpen {
			for p, g := range c.files {
				g.Close()
				delete(c.files, p)
			}
		}
		c.files[r.path] = f
	}
	if _, err := f.WriteAt(r.data, r.off); err != nil {
		f.Truncate(r.off)
		if r.kind == jCreate {
			c.closeLog(r.path)
			os.Remove(r.path)
		}
		return err
	}
	return nil
}

// closeLog closes the log path if it is open.
func (c *committer) closeLog(path string) {
	if f := c.files[path]; f != nil {
		f.Close()
		delete(c.files, path)
	}
}

// maybeRotate starts the next journal file and hands the logs written to
// the checkpointer, once the journal file is large or old enough and no
// checkpoint is running.
func (c *committer) maybeRotate() {
	if c.broken || c.jsize == 0 || (c.jsize < c.rotateSize.Load() && time.Since(c.jstart) < c.rotateAge) || c.busy.Load() {
		return
	}
	old := c.j
	if err := c.openJournal(c.jseq + 1); err != nil {
		c.logf("farkle serve: %v; the journal grows on", err)
		return
	}
	old.Close()
	c.busy.Store(true)
	c.ckpt <- checkpoint{logs: c.dirty, below: c.jseq}
	c.dirty = make(map[string]struct{})
}

// checkpointer makes the logs of each checkpoint durable, then removes
// the journal files that they make needless. A checkpoint that fails
// leaves them: the next one, or the recovery, takes them on.
func (c *committer) checkpointer() {
	defer c.wg.Done()
	var logs map[string]struct{}
	for ck := range c.ckpt {
		if logs == nil {
			logs = ck.logs
		} else {
			for p := range ck.logs {
				logs[p] = struct{}{}
			}
		}
		if err := syncLogs(c.dir, logs); err != nil {
			c.logf("farkle serve: checkpoint: %v; the journal stays", err)
		} else {
			removeJournals(c.dirPath, ck.below)
			logs = nil
			c.checkpoints.Add(1)
		}
		c.busy.Store(false)
	}
	if logs != nil {
		// The logs of a failed checkpoint, for close's own.
		c.dirty = mergeLogs(c.dirty, logs)
	}
}

func mergeLogs(a, b map[string]struct{}) map[string]struct{} {
	for p := range b {
		a[p] = struct{}{}
	}
	return a
}

// syncLogs makes the logs durable, and the directory: one syncfs(2)
// where the system has it, else an fsync of each.
func syncLogs(dir *os.File, logs map[string]struct{}) error {
	if ok, err := syncfs(dir); ok {
		return err
	}
	for p := range logs {
		f, err := os.Open(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed
		}
		if err != nil {
			return err
		}
		err = f.Sync()
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", filepath.Base(p), err)
		}
	}
	return dir.Sync()
}

// journals returns the sequence numbers of the journal files of dir, in
// order.
func journals(dir string) ([]uint64, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var seqs []uint64
	for _, de := range ents {
		if seq, ok := parseJournalName(de.Name()); ok {
			seqs = append(seqs, seq)
		}
	}
	slices.Sort(seqs)
	return seqs, nil
}

// removeJournals removes the journal files of dir below seq.
func removeJournals(dir string, below uint64) {
	seqs, _ := journals(dir)
	for _, seq := range seqs {
		if seq < below {
			os.Remove(filepath.Join(dir, journalName(seq)))
		}
	}
}

// errJournalCorrupt reports a journal with a bad record that good ones
// follow.
var errJournalCorrupt = errors.New("corrupt journal")

// recoverJournal replays the journal files of dir into the logs, makes
// them durable and removes the files, and returns the sequence number of
// the next journal file. It returns the number of entries replayed.
func recoverJournal(dir string, d *os.File, logf func(string, ...any)) (next uint64, replayed int, err error) {
	seqs, err := journals(dir)
	if err != nil {
		return 0, 0, fmt.Errorf("server: data directory: %w", err)
	}
	if len(seqs) == 0 {
		return 1, 0, nil
	}
	ends := make(map[string]int64) // each log's end after its last entry
	files := make(map[string]*os.File)
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for i, seq := range seqs {
		name := journalName(seq)
		n, torn, err := replayJournal(filepath.Join(dir, name), func(e jEntry) error {
			path := filepath.Join(dir, e.name)
			if e.kind == jRemove {
				if f := files[path]; f != nil {
					f.Close()
					delete(files, path)
				}
				delete(ends, path)
				if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return err
				}
				return nil
			}
			f := files[path]
			if f == nil {
				var err error
				if f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o600); err != nil {
					return err
				}
				files[path] = f
			}
			if _, err := f.WriteAt(e.data, e.off); err != nil {
				return err
			}
			ends[path] = e.off + int64(len(e.data))
			return nil
		})
		if err != nil {
			return 0, 0, fmt.Errorf("server: journal %s: %w", name, err)
		}
		if torn > 0 {
			if i < len(seqs)-1 {
				return 0, 0, fmt.Errorf("server: journal %s: %w: a torn record (%d bytes) before the journal file %s",
					name, errJournalCorrupt, torn, journalName(seqs[i+1]))
			}
			logf("farkle serve: journal %s: a torn record at its end (%d bytes, never acknowledged), ignored", name, torn)
		}
		replayed += n
	}
	logs := make(map[string]struct{}, len(ends))
	for path, end := range ends {
		// What follows the last entry was written and never acknowledged.
		if err := files[path].Truncate(end); err != nil {
			return 0, 0, fmt.Errorf("server: journal replay: %w", err)
		}
		logs[path] = struct{}{}
	}
	for _, f := range files {
		if err := f.Sync(); err != nil {
			return 0, 0, fmt.Errorf("server: journal replay: %w", err)
		}
	}
	if err := d.Sync(); err != nil {
		return 0, 0, fmt.Errorf("server: journal replay: %w", err)
	}
	last := seqs[len(seqs)-1]
	removeJournals(dir, last+1)
	if replayed > 0 {
		logf("farkle serve: replayed %d writes of the journal into the games' logs", replayed)
	}
	return last + 1, replayed, nil
}

// replayJournal calls apply with each entry of the journal file path, in
// order, and returns their number and the bytes of a torn tail. A bad
// record that a good one follows is errJournalCorrupt.
func replayJournal(path string, apply func(jEntry) error) (n int, torn int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	r := bufio.NewReaderSize(f, 1<<20)
	var buf []byte
	var pos int64
	for {
		payload, err := readRecordMax(r, buf, maxEntry)
		if err == io.EOF {
			return n, 0, nil
		}
		if err == errTorn {
			if goodAfter(f, pos, fi.Size(), maxEntry) {
				return n, 0, fmt.Errorf("%w: a bad record at offset %d that good ones follow", errJournalCorrupt, pos)
			}
			return n, fi.Size() - pos, nil
		}
		if err != nil {
			return n, 0, err
		}
		buf = payload
		e, err := parseEntry(payload)
		if err != nil {
			return n, 0, fmt.Errorf("%w: offset %d: %v", errJournalCorrupt, pos, err)
		}
		if err := apply(e); err != nil {
			return n, 0, err
		}
		n++
		pos += recordHead + int64(len(payload))
	}
}

// goodAfter reports whether, in the file f of size bytes, the bad record
// at pos is followed by a good one: one that starts where the bad one's
// length says it ends. A crash leaves a torn record last (short, or with
// zeros or garbage after it); a good one after a bad one is corruption.
func goodAfter(f *os.File, pos, size int64, max int) bool {
	var head [recordHead]byte
	if _, err := f.ReadAt(head[:], pos); err != nil {
		return false
	}
	n := binary.LittleEndian.Uint32(head[:4])
	if n == 0 || n > uint32(max) {
		return false
	}
	next := pos + recordHead + int64(n)
	if next >= size {
		return false
	}
	r := bufio.NewReader(io.NewSectionReader(f, next, size-next))
	_, err := readRecordMax(r, nil, max)
	return err == nil
}
