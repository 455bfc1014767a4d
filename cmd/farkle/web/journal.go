package web

import (
	"bufio"
	"bytes"
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
	"unsafe"
)

// The journal makes the writes of every game durable with one fsync a
// batch: a group commit across games. The committer, one goroutine,
// takes the writes waiting (up to maxBatch; when it finds several, it
// waits gatherTime for more first), appends them all to the
// journal, a file of the data directory, fsyncs it once, and only then
// answers them all. Nothing is acknowledged before the journal's fsync
// has returned. The games' logs are not written then: a commit costs
// one write and one fsync whatever the number of games in it, and the
// file system's commits carry the journal alone.
//
// The journal is a sequence of files, journal-SEQ.wal (SEQ in 16 hex
// digits), each of batches, with no magic: each batch a head (a record
// that gives the length and the CRC-32C of the batch's entries, see
// putBatchHead), then its entries, each a framed record as the game
// logs' (a length, a CRC-32C and the payload). An entry's payload is:
//
//	1 byte   the kind: jWrite, jCreate or jRemove
//	1 byte   the length n of the log's file name
//	n bytes  the log's file name (ID.log)
//	8 bytes  the offset of the data in the log, little-endian
//	the rest the data written there (none for jRemove)
//
// Once a journal file holds rotateSize bytes, or is rotateAge old, the
// committer starts the next one, and the checkpointer, one goroutine,
// applies the files before it to the games' logs (applyJournals: each
// log's entries appended, contiguous ones in one write, those that the
// log holds already skipped, so that applying a file again is a no-op,
// a log that an entry would leave a hole in set aside, the removals
// made), makes
// the logs durable (syncfs(2) where there is one, else an fsync of each
// log and of the directory), and only then removes those journal files.
// At start-up, before the games load, recoverJournal applies the journal
// files left (a crash, or a checkpoint that failed) the same way; a
// clean stop applies them all, so that it leaves the logs alone. A torn
// record at the end of the last journal file was never acknowledged and
// is ignored, whole entries of that batch included. A bad batch that any
// whole batch follows (looked for at every offset after it, see
// batchAfter), a bad entry in a batch whose CRC is right, or a bad batch
// in a journal file that others follow, is corruption: the journal files stay as they
// are, and the server refuses to start, naming the file and the offset,
// rather than lose moves that it acknowledged.
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

// A batch's head is a record of its own, before the batch's entries:
//
//	1 byte   jBatch
//	1 byte   0 (no file name)
//	8 bytes  the length of the batch's entries, framed, little-endian
//	4 bytes  their CRC-32C, little-endian
//
// A crash in the middle of a batch's write may leave any of its pages
// on disk and not others: whole entries after a bad one, in the torn
// batch, last. The head tells them from corruption: after a bad record,
// a whole batch (a good head, and entries of its length and CRC) is
// corruption, whole entries of no such batch a torn tail.
const (
	jBatch        = 4
	batchHeadSize = recordHead + 2 + 8 + 4
)

// putBatchHead writes into head (batchHeadSize bytes) the head of the
// batch of the framed entries body.
func putBatchHead(head, body []byte) {
	p := head[recordHead:]
	p[0], p[1] = jBatch, 0
	binary.LittleEndian.PutUint64(p[2:], uint64(len(body)))
	binary.LittleEndian.PutUint32(p[10:], crc32Update(0, body))
	binary.LittleEndian.PutUint32(head[:4], uint32(len(p)))
	crc := crc32Update(0, head[:4])
	binary.LittleEndian.PutUint32(head[4:8], crc32Update(crc, p))
}

// appendBatch appends to b the batch of the framed entries body: its
// head, then body.
func appendBatch(b, body []byte) []byte {
	var head [batchHeadSize]byte
	putBatchHead(head[:], body)
	return append(append(b, head[:]...), body...)
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

// gatherTime is how long the committer waits for more writes before it
// commits a batch that found other writes waiting beside its first: a
// sign of writers side by side, whose next writes are on their way. A
// lone write (a quiet server) is committed at once. Each fsync costs
// the machine about 130 µs of CPU on top of the disk's time (measured
// here), so under load fewer, larger batches leave the CPU to the moves:
// in the load test on disk (2,000 clients moving without pause), 1 ms
// took the batches from 4 writes to 12 and the moves from 9,000 to
// 10,300 a second to 10,400 to 13,000 (quiet, four runs each), for at
// most 1 ms more a move.
const gatherTime = time.Millisecond

// errBroken is the refusal of every write once the journal could not be
// put back after a failed write: nothing is acknowledged on top of what
// may be a hole. A restart recovers.
var errBroken = errors.New("the journal could not be repaired after a failed write; restart the server")

// A committer makes writes durable through the journal. Its goroutine,
// run, is the only one that writes and fsyncs the journal, and the
// checkpointer's the only one that writes and syncs the logs: two OS
// threads at most are held by the disk, whatever the number of moves.
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
	// (after the write: the failure path undoes it), failCut the cut
	// back after it, and delay makes each batch take that long more (a
	// slow disk).
	fail    atomic.Bool
	failCut atomic.Bool
	delay   atomic.Int64

	// hook, for the tests, is called by the run goroutine at the points
	// of its work where a crash is worth trying (see
	// TestJournalWritesReadBack).
	hook func(point string)

	// taken, for the tests, is called by the run goroutine with the
	// number of writes of each batch once it is taken (and its wait
	// recorded), before it is written: a test holds the disk by not
	// returning. sleep is how the run goroutine waits while it gathers
	// a batch (time.Sleep; a test holds the gathering). A test sets them
	// before its first write: the run goroutine reads them only for a
	// write, after the write's send on q.
	taken func(n int)
	sleep func(time.Duration)

	// gather is how long a batch of several writes waits for more
	// (gatherTime; the tests may change it).
	gather atomic.Int64

	// checkpoints counts the checkpoints made, batches the batches
	// committed.
	checkpoints atomic.Int64
	ckptNanos   atomic.Int64 // the checkpoints' time in all
	ckptRests   atomic.Int64 // their pacers' rests in all
	batches     atomic.Int64
	// The batches' writes and fsyncs: their time in all, the longest,
	// and those over 10 ms (their number and time), for the load test.
	syncNanos, syncMax, slowSyncs, slowNanos atomic.Int64

	// The rotation's thresholds (the tests make them small), and a
	// rotation asked for by a test (checkpointNow).
	rotateSize atomic.Int64
	rotateAge  time.Duration
	rotateNow  atomic.Bool

	// The run goroutine's own.
	j      *os.File // the journal file being written
	jseq   uint64
	jsize  int64
	jstart time.Time // when its first entry was written
	broken bool
	buf    []byte

	// The direct writes' (see writeDirect): whether j takes them, the
	// bytes of j written (batches, then zeros), the aligned buffer of
	// a write (the last block's bytes first), the zeros written ahead,
	// whether writing ahead failed in this file, and whether the
	// fallback to the page cache was logged.
	direct    bool
	alloc     int64
	dbuf      []byte
	zeros     []byte
	noExtend  bool
	directOff bool // the fallback logged

	// The checkpointer's work: the journal files below a sequence
	// number. ckpt holds at most one; busy is set while one waits or
	// runs.
	ckpt chan uint64
	busy atomic.Bool

	// qmu guards closed, set once q is closed: a write asked then is
	// refused (errStopping), not sent on the closed channel.
	qmu    sync.RWMutex
	closed bool

	// refused holds the logs that a checkpoint set aside: their writes
	// are refused (errLogSetAside).
	refused sync.Map

	closeOnce sync.Once
}

// errEntryTooLarge refuses a write whose journal entry would be larger
// than the reader takes (maxEntry): it could not be recovered.
var errEntryTooLarge = errors.New("a journal entry larger than the journal reads back")

// errStopping refuses a write asked once the store is closed (a handler
// still running when the server's shutdown gave up waiting): the handler
// answers 503.
var errStopping = errors.New("the server is stopping")

// errLogSetAside refuses a write to a log that a checkpoint found
// missing acknowledged data, and set aside.
var errLogSetAside = errors.New("the game's log lacks acknowledged data and was set aside")

// queueCap is the capacity of the committer's queue: more than the
// moves that admission lets in at once.
const queueCap = 1 << 16

// newCommitter starts the committer on the data directory dir, writing
// the journal file seq.
func newCommitter(dir *os.File, dirPath string, seq uint64, observe func(time.Duration, error), logf func(string, ...any)) (*committer, error) {
	c := &committer{
		q: make(chan *commitReq, queueCap), dir: dir, dirPath: dirPath, observe: observe, logf: logf,
		rotateAge: defaultRotateAge, ckpt: make(chan uint64, 1), sleep: time.Sleep,
	}
	c.rotateSize.Store(defaultRotateSize)
	c.gather.Store(int64(gatherTime))
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
	// An end mark of an earlier journal file seq, left: not this one's.
	// The directory's fsync below makes its removal durable.
	if err := os.Remove(filepath.Join(c.dirPath, endMarkName(seq))); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("server: journal: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(c.dirPath, journalName(seq)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("server: journal: %w", err)
	}
	if err := c.dir.Sync(); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("server: journal: %w", err)
	}
	c.direct, c.noExtend = false, false
	alloc := int64(0)
	if !noDirect {
		d, err := openDirect(f.Name())
		if err == nil {
			// A first block of zeros tells a file system whose direct
			// writes need larger blocks (or none at all).
			if c.zeros == nil {
				c.zeros = alignedBuf(extendStep)
			}
			if _, err = d.WriteAt(c.zeros[:dioAlign], 0); err == nil {
				f.Close()
				f, c.direct, alloc = d, true, dioAlign
			} else {
				d.Close()
			}
		}
		if err != nil && !c.directOff {
			c.directOff = true
			c.logf("farkle serve: journal: no direct writes here (%v): a write and an fsync a batch", err)
		}
	}
	c.j, c.jseq, c.jsize, c.alloc = f, seq, 0, alloc
	return nil
}

// noDirect, for the tests, makes the journal write through the page
// cache and fsync, as where there are no direct writes.
var noDirect bool

// The journal's direct writes. Where the file system takes them (see
// openDirect), the committer writes each batch straight to the disk,
// durable when the write returns (O_DIRECT|O_DSYNC), rather than into
// the page cache and then fsyncing. Such a write must start and end on
// a block's edge: the committer keeps the bytes of the journal's last,
// partial block, and writes each batch from that block's start, padded
// with zeros to the next edge. And the committer keeps the file written
// ahead of the batches with zeros, in steps of extendStep bytes (up to
// the rotation size), so that a batch's write changes no metadata: the
// disk's cache flush is then all that the write waits for. Measured on
// this project's 2-core VM with both cores busy, an fsync of an appended
// page took 175 to 195 µs (p50) and stalled up to 0.3 to 0.7 s, in the
// kernel's writeback, a direct write in place 100 to 117 µs with stalls
// of at most 0.1 s. A journal file's zeros after its batches are cut off
// before the next file is made (trimTail), so that only the last file
// may end in zeros: read back, they are a torn tail, as a crash leaves
// (not logged as one: zerosFrom).
const (
	dioAlign   = 4096    // the edge of a direct write: a page, a multiple of any disk's block
	extendStep = 1 << 20 // the zeros written ahead of the batches at once
)

// alignedBuf returns a zeroed buffer of n bytes that starts on a
// dioAlign edge in memory, as a direct write needs.
func alignedBuf(n int) []byte {
	b := make([]byte, n+dioAlign)
	off := (dioAlign - int(uintptr(unsafe.Pointer(unsafe.SliceData(b)))&(dioAlign-1))) & (dioAlign - 1)
	return b[off : off+n : off+n]
}

// writeDirect writes the batch p at the journal's end with a direct
// write: from the start of the last block, the bytes of that block kept
// in c.dbuf, then p, then zeros to the next edge. It keeps nothing of p:
// keepTail does, once the batch is durable.
func (c *committer) writeDirect(p []byte) error {
	blk := c.jsize &^ (dioAlign - 1)
	tail := int(c.jsize - blk)
	n := (tail + len(p) + dioAlign - 1) &^ (dioAlign - 1)
	if len(c.dbuf) < n {
		b := alignedBuf(max(n, 2*len(c.dbuf), dbufKeep))
		copy(b, c.dbuf[:tail])
		c.dbuf = b
	}
	b := c.dbuf[:n]
	copy(b[tail:], p)
	clear(b[tail+len(p):])
	if _, err := c.j.WriteAt(b, blk); err != nil {
		return err
	}
	c.alloc = max(c.alloc, blk+int64(n))
	return nil
}

// dbufKeep is the size of the direct writes' buffer that stays after
// a larger batch.
const dbufKeep = 64 << 10

// keepTail keeps, at the start of c.dbuf, the bytes of the journal's
// last partial block after the batch of n bytes that writeDirect wrote
// at c.jsize. The caller then adds n to c.jsize.
func (c *committer) keepTail(n int) {
	blk := c.jsize &^ (dioAlign - 1)
	end := c.jsize + int64(n)
	last := end &^ (dioAlign - 1)
	if len(c.dbuf) > dbufKeep && n < dbufKeep/2 {
		// A large batch's buffer, given back after a small one.
		b := alignedBuf(dbufKeep)
		copy(b, c.dbuf[last-blk:end-blk])
		c.dbuf = b
		return
	}
	copy(c.dbuf, c.dbuf[last-blk:end-blk])
}

// extend writes zeros ahead of the journal's batches, durably, once the
// batches come within half a step of the zeros' end, up to a step past
// the rotation size. A failure is logged, and the journal goes on
// without: each batch's write then extends the file itself.
func (c *committer) extend() {
	if !c.direct || c.broken || c.noExtend || c.jsize+extendStep/2 <= c.alloc || c.alloc > c.rotateSize.Load() {
		return
	}
	if c.zeros == nil {
		c.zeros = alignedBuf(extendStep)
	}
	at := (c.alloc + dioAlign - 1) &^ (dioAlign - 1) // past a cut back, c.alloc may be within a block
	if _, err := c.j.WriteAt(c.zeros, at); err != nil {
		c.noExtend = true
		c.logf("farkle serve: journal %s: writing ahead: %v; each write extends the file until the next one", journalName(c.jseq), err)
		return
	}
	c.alloc = at + extendStep
	if c.hook != nil {
		c.hook("written ahead")
	}
}

// trimTail cuts the zeros after the journal file's batches off,
// durably (see writeDirect).
func (c *committer) trimTail() error {
	if !c.direct {
		return nil
	}
	if err := c.j.Truncate(c.jsize); err != nil {
		return err
	}
	if err := c.j.Sync(); err != nil {
		return err
	}
	c.alloc = c.jsize
	return nil
}

// commit makes data durable at off in path (made if create), and
// returns once it is (or has failed).
func (c *committer) commit(path string, off int64, data []byte, create bool) error {
	kind := byte(jWrite)
	if create {
		kind = jCreate
	}
	if n := 2 + len(filepath.Base(path)) + 8 + len(data); n > maxEntry {
		return fmt.Errorf("%w: %s: an entry of %d bytes, at most %d", errEntryTooLarge, filepath.Base(path), n, maxEntry)
	}
	return c.do(&commitReq{kind: kind, path: path, off: off, data: data})
}

// remove removes the log path, durably.
func (c *committer) remove(path string) error {
	return c.do(&commitReq{kind: jRemove, path: path})
}

// barrier returns once the writes asked before it are answered (the
// rotation after them comes after the answer: a second barrier waits for
// it).
func (c *committer) barrier() { c.do(&commitReq{kind: jBarrier}) }

// checkpointNow, for the tests, rotates the journal and waits for the
// checkpoint: the logs then hold every write.
func (c *committer) checkpointNow() {
	c.rotateNow.Store(true)
	c.barrier()
	c.barrier() // after the rotation that followed the first
	for c.busy.Load() {
		time.Sleep(time.Millisecond)
	}
}

func (c *committer) do(r *commitReq) error {
	r.enq = time.Now()
	r.done = make(chan error, 1)
	c.qmu.RLock()
	if c.closed {
		c.qmu.RUnlock()
		return errStopping
	}
	c.q <- r
	c.qmu.RUnlock()
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
// applies the whole journal to the logs, makes them durable and removes
// it: a clean stop leaves the logs alone.
func (c *committer) close() {
	c.closeOnce.Do(func() {
		c.qmu.Lock()
		c.closed = true
		close(c.q)
		c.qmu.Unlock()
		c.wg.Wait()
		if c.broken {
			if err := c.cutBack(); err != nil {
				c.j.Close()
				return // the journal stays, for the recovery, with its end mark
			}
			c.logf("farkle serve: the journal was cut back at the stop")
		} else if err := c.trimTail(); err != nil {
			c.logf("farkle serve: journal: %v", err) // zeros after the batches: a torn tail, to the checkpoint below
		}
		c.j.Close()
		if err := checkpointJournals(c.dirPath, c.dir, c.jseq+1, c.logf, nil, nil); err != nil {
			c.logf("farkle serve: checkpoint at the stop: %v; the journal stays, applied at the next start", err)
		}
	})
}

func (c *committer) run() {
	defer c.wg.Done()
	defer close(c.ckpt)
	batch := make([]*commitReq, 0, maxBatch)
	errs := make([]error, maxBatch)
	for first := range c.q {
		batch = c.drain(append(batch[:0], first))
		if g := time.Duration(c.gather.Load()); g > 0 && len(batch) > 1 && len(batch) < maxBatch {
			// Writers are waiting side by side: more are on their way.
			// Let them join this batch rather than the next, so that
			// one fsync serves them all (see gatherTime).
			c.sleep(g)
			batch = c.drain(batch)
		}
		now := time.Now()
		c.lastWait.Store(int64(now.Sub(first.enq)))
		c.lastTake.Store(now.UnixNano())
		if c.taken != nil {
			c.taken(len(batch))
		}
		if d := c.delay.Load(); d > 0 {
			time.Sleep(time.Duration(d))
		}
		c.commitBatch(batch, errs[:len(batch)])
		c.batches.Add(1) // before the answers: a writer answered finds its batch counted
		for i, r := range batch {
			r.done <- errs[i]
			errs[i] = nil
			batch[i] = nil
		}
		c.maybeRotate()
		c.extend()
	}
}

// drain appends to batch the writes waiting in the queue, up to
// maxBatch in all, and returns it.
func (c *committer) drain(batch []*commitReq) []*commitReq {
	for len(batch) < maxBatch {
		select {
		case r, ok := <-c.q:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

// commitBatch appends the batch to the journal, fsyncs it, and sets
// errs. On a failure, every write of the batch fails, and the journal
// is cut back to where the batch began.
func (c *committer) commitBatch(batch []*commitReq, errs []error) {
	if c.broken {
		for i := range batch {
			errs[i] = errBroken
		}
		return
	}
	buf := append(c.buf[:0], make([]byte, batchHeadSize)...) // the batch's head, set below
	for i, r := range batch {
		if r.kind == jWrite || r.kind == jCreate {
			if _, ok := c.refused.Load(r.path); ok {
				errs[i] = fmt.Errorf("%w: %s", errLogSetAside, filepath.Base(r.path))
				continue
			}
		}
		if r.kind != jBarrier {
			buf = appendEntry(buf, r.kind, filepath.Base(r.path), r.off, r.data)
		}
	}
	c.buf = buf
	if len(buf) == batchHeadSize {
		return
	}
	putBatchHead(buf[:batchHeadSize], buf[batchHeadSize:])
	start := time.Now()
	var err error
	if c.direct {
		err = c.writeDirect(buf)
	} else {
		_, err = c.j.WriteAt(buf, c.jsize)
	}
	if err == nil && c.fail.Load() {
		err = errors.New("the journal's fsync fails (a test)")
	}
	if err == nil && !c.direct {
		err = c.j.Sync()
	}
	if err == nil && c.hook != nil {
		c.hook("written")
	}
	d := int64(time.Since(start))
	c.syncNanos.Add(d)
	if d > c.syncMax.Load() {
		c.syncMax.Store(d) // the run goroutine's alone
	}
	if d > int64(10*time.Millisecond) {
		c.slowSyncs.Add(1)
		c.slowNanos.Add(d)
	}
	if err != nil {
		for i, r := range batch {
			if r.kind != jBarrier && errs[i] == nil {
				errs[i] = err
			}
		}
		terr := c.cutBack()
		if c.hook != nil {
			c.hook("cut back")
		}
		if terr != nil {
			// The refused batch may stay in the journal file, whole:
			// the end of what was acknowledged is recorded beside it,
			// for the recovery, which replays nothing past it.
			c.broken = true
			merr := writeEndMark(c.dirPath, c.dir, c.jseq, c.jsize)
			if merr == nil {
				c.logf("farkle serve: the journal cannot be cut back after a failed write (%v): every write is refused until a restart; its end, %d bytes, is recorded in %s", terr, c.jsize, endMarkName(c.jseq))
			} else {
				c.logf("farkle serve: the journal cannot be cut back after a failed write (%v), nor its end recorded (%v): every write is refused until a restart, and the %d writes refused last may come back at the next start", terr, merr, len(batch))
			}
		}
		return
	}
	if c.jsize == 0 {
		c.jstart = time.Now()
	}
	if c.direct {
		c.keepTail(len(buf))
	}
	c.jsize += int64(len(buf))
	// A removal, durable in the journal, is made by the checkpoint that
	// applies it, in the journal's order: an earlier entry of the log
	// finds it there.
}

// cutBack cuts the journal file back to the end of the last batch
// acknowledged, after a failed write, durably: a batch refused must not
// come back at the next start.
func (c *committer) cutBack() error {
	if c.failCut.Load() {
		return errors.New("the journal's cut back fails (a test)")
	}
	if err := c.j.Truncate(c.jsize); err != nil {
		return err
	}
	c.alloc = min(c.alloc, c.jsize)
	return c.j.Sync()
}

// endMarkExt is the suffix of a journal file's end mark: the file
// journal-SEQ.end holds, in decimal, the bytes of journal-SEQ.wal that
// were acknowledged, when the journal could not be cut back to them.
const endMarkExt = ".end"

// endMarkName returns the name of the end mark of the journal file seq.
func endMarkName(seq uint64) string {
	return strings.TrimSuffix(journalName(seq), journalExt) + endMarkExt
}

// writeEndMark records durably that the journal file seq of dir ends at
// size bytes: a temporary file written, fsynced, renamed, the directory
// fsynced.
func writeEndMark(dir string, d *os.File, seq uint64, size int64) error {
	path := filepath.Join(dir, endMarkName(seq))
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(strconv.FormatInt(size, 10))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil {
		err = d.Sync()
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// readEndMark returns the end recorded for the journal file seq of dir,
// or -1 if there is none.
func readEndMark(dir string, seq uint64) (int64, error) {
	data, err := os.ReadFile(filepath.Join(dir, endMarkName(seq)))
	if errors.Is(err, fs.ErrNotExist) {
		return -1, nil
	}
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: %q is not a size", endMarkName(seq), data)
	}
	return n, nil
}

// maybeRotate starts the next journal file and hands the ones before it
// to the checkpointer, once the journal file is large or old enough and
// no checkpoint is running.
func (c *committer) maybeRotate() {
	force := c.rotateNow.Swap(false)
	if c.broken || c.jsize == 0 || c.busy.Load() {
		return
	}
	if !force && c.jsize < c.rotateSize.Load() && time.Since(c.jstart) < c.rotateAge {
		return
	}
	if err := c.trimTail(); err != nil {
		c.logf("farkle serve: journal: %v; the journal grows on", err)
		return
	}
	if c.hook != nil {
		c.hook("cut to its batches")
	}
	old := c.j
	if err := c.openJournal(c.jseq + 1); err != nil {
		c.logf("farkle serve: %v; the journal grows on", err)
		return
	}
	if c.hook != nil {
		c.hook("rotated")
	}
	old.Close()
	c.busy.Store(true)
	c.ckpt <- c.jseq
}

// refuse refuses the writes of the log path from now on.
func (c *committer) refuse(path string) { c.refused.Store(path, true) }

// checkpointer applies the journal files of each checkpoint to the logs.
// A checkpoint that fails leaves them: the next one, or the recovery,
// takes them on.
func (c *committer) checkpointer() {
	defer c.wg.Done()
	for below := range c.ckpt {
		start := time.Now()
		p := newPacer()
		err := checkpointJournals(c.dirPath, c.dir, below, c.logf, c.refuse, p)
		c.ckptRests.Add(int64(p.rests))
		if err != nil {
			c.logf("farkle serve: checkpoint: %v; the journal stays", err)
		} else {
			c.checkpoints.Add(1)
			c.ckptNanos.Add(int64(time.Since(start)))
		}
		c.busy.Store(false)
	}
}

// checkpointJournals applies the journal files of dir below seq to the
// logs, makes them durable and removes the files.
// refuse, if not nil, is called with each log set aside; p, if not nil,
// paces the work.
func checkpointJournals(dir string, d *os.File, below uint64, logf func(string, ...any), refuse func(path string), p *pacer) error {
	seqs, err := journals(dir)
	if err != nil {
		return err
	}
	for len(seqs) > 0 && seqs[len(seqs)-1] >= below {
		seqs = seqs[:len(seqs)-1]
	}
	if len(seqs) == 0 {
		return nil
	}
	_, aside, err := applyJournals(dir, d, seqs, logf, p)
	if refuse != nil {
		for _, path := range aside {
			refuse(path)
		}
	}
	if err != nil {
		return err
	}
	return removeJournals(dir, below)
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

// removeJournals removes the journal files of dir below seq, each tried
// three times. A file left is reported; the next checkpoint applies it
// again (a no-op: applyJournals skips what the logs hold) and tries
// again.
func removeJournals(dir string, below uint64) error {
	seqs, err := journals(dir)
	if err != nil {
		return fmt.Errorf("server: journal: %w", err)
	}
	var errs []error
	for _, seq := range seqs {
		if seq >= below {
			continue
		}
		path := filepath.Join(dir, journalName(seq))
		err := removeFile(path)
		for try := 1; err != nil && try < 3; try++ {
			time.Sleep(time.Duration(try) * 10 * time.Millisecond)
			err = removeFile(path)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("server: journal %s applied, but not removed: %w", journalName(seq), err))
			continue // its end mark stays with it
		}
		// A mark left (its removal failed) is removed when the journal
		// file seq is made again (openJournal).
		if err := os.Remove(filepath.Join(dir, endMarkName(seq))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("server: journal %s: %w", endMarkName(seq), err))
		}
	}
	return errors.Join(errs...)
}

// removeFile removes path; a test may make it fail.
var removeFile = func(path string) error {
	err := os.Remove(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// errJournalCorrupt reports a journal with a bad record that good ones
// follow.
var errJournalCorrupt = errors.New("corrupt journal")

// recoverJournal applies the journal files of dir to the logs, makes
// them durable and removes the files, and returns the sequence number of
// the next journal file and the number of entries applied.
func recoverJournal(dir string, d *os.File, logf func(string, ...any)) (next uint64, replayed int, err error) {
	seqs, err := journals(dir)
	if err != nil {
		return 0, 0, fmt.Errorf("server: data directory: %w", err)
	}
	if len(seqs) == 0 {
		return 1, 0, nil
	}
	if replayed, _, err = applyJournals(dir, d, seqs, logf, nil); err != nil {
		return 0, 0, err
	}
	last := seqs[len(seqs)-1]
	if err := removeJournals(dir, last+1); err != nil {
		// Applied: the next checkpoint applies them again, a no-op,
		// and tries again.
		logf("farkle serve: %v; the next checkpoint tries again", err)
	}
	if replayed > 0 {
		logf("farkle serve: replayed %d writes of the journal into the games' logs", replayed)
	}
	return last + 1, replayed, nil
}

// A pacer spreads a checkpoint's work over time: after each pacerWork of
// it, a sleep of pacerRest, so that a checkpoint at run time, which no
// move waits for, takes at most about a quarter of a CPU from the moves
// (less on a busy machine, where its work counts the time that it waits
// for a CPU). A nil pacer does not pace: the recovery and the stop, which
// no move runs beside, go at full speed.
type pacer struct {
	last  time.Time
	rests int // the sleeps taken, for the tests

	// The clock and the rest: time.Now and time.Sleep but in tests.
	now   func() time.Time
	sleep func(time.Duration)
}

const (
	pacerWork = time.Millisecond
	pacerRest = 3 * time.Millisecond
)

func newPacer() *pacer { return &pacer{last: time.Now(), now: time.Now, sleep: time.Sleep} }

// step rests if the work since the last rest has taken pacerWork.
func (p *pacer) step() {
	if p == nil {
		return
	}
	if p.now().Sub(p.last) >= pacerWork {
		p.sleep(pacerRest)
		p.rests++
		p.last = p.now()
	}
}

// A pendingWrite is the data of contiguous entries of a log, not yet
// written.
type pendingWrite struct {
	off  int64
	data []byte
}

// The bounds of the data that applyJournals holds before writing it: a
// log's run of contiguous entries past flushLog bytes is written, and
// every run once they hold flushAll bytes together.
const (
	flushLog = 1 << 20
	flushAll = 16 << 20
)

// writeLog writes data at off in the log path (made if need be), and
// closes it: applyJournals holds no log open, whatever their number.
func writeLog(path string, off int64, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteAt(data, off)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// asideJournalExt is the suffix of the file, beside a log set aside,
// that keeps the journal's entries of it that were not applied.
const asideJournalExt = corruptExt + "-journal"

// A logApply is what applyJournals knows of a log.
type logApply struct {
	size  int64         // its size, with pending
	pend  *pendingWrite // its entries not yet written, contiguous, ending at size
	aside bool          // set aside: its entries go to its asideJournalExt file
	to    string        // where it was set aside, if it was
}

// applyJournals applies the journal files seqs of dir, in order, to the
// logs, and makes them durable. It returns the number of entries
// applied, and the logs set aside.
//
// The application is idempotent: a log is never cut back. An entry at a
// log's end is appended (contiguous ones in one write); an entry whose
// bytes the log already holds (a journal file applied again: a crash
// before its removal, or a removal that failed) is skipped; an entry
// that the log holds other bytes for (a checkpoint's write that a crash
// garbled) is written over them. An entry past a log's end would leave a
// hole, where acknowledged data is missing: the log is set aside (renamed
// to ID.log.corrupt), the entries of it from there on are kept beside it
// (ID.log.corrupt-journal), and it is logged; the caller refuses the
// game's later writes. A removal removes the log.
//
// It opens one log at a time, and holds at most about flushAll bytes of
// data.
func applyJournals(dir string, d *os.File, seqs []uint64, logf func(string, ...any), p *pacer) (applied int, aside []string, err error) {
	logs := make(map[string]*logApply)
	held := 0 // the bytes pending
	flush := func(path string, l *logApply) error {
		pw := l.pend
		if pw == nil {
			return nil
		}
		l.pend = nil
		held -= len(pw.data)
		err := writeLog(path, pw.off, pw.data)
		p.step()
		return err
	}
	flushEvery := func() error {
		for path, l := range logs {
			if err := flush(path, l); err != nil {
				return err
			}
		}
		return nil
	}
	setAside := func(path string, l *logApply, why string) error {
		if err := flush(path, l); err != nil {
			return err
		}
		l.aside = true
		aside = append(aside, path)
		to := path + corruptExt
		for i := 1; ; i++ {
			if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
				break
			}
			to = fmt.Sprintf("%s%s.%d", path, corruptExt, i)
		}
		err := os.Rename(path, to)
		if err == nil {
			l.to = to // what was written to it in this run is synced there
		}
		if errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		if err != nil {
			logf("farkle serve: %s: %s: ACKNOWLEDGED DATA IS MISSING; the game is refused, and its log could not be set aside: %v", filepath.Base(path), why, err)
			return nil
		}
		logf("farkle serve: %s: %s: ACKNOWLEDGED DATA IS MISSING; the game is refused, its log set aside as %s, and its journal entries from there on kept in %s",
			filepath.Base(path), why, filepath.Base(to), filepath.Base(path)+asideJournalExt)
		return nil
	}
	keep := func(path string, e jEntry) error {
		f, err := os.OpenFile(path+asideJournalExt, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		_, err = f.Write(appendBatch(nil, appendEntry(nil, e.kind, e.name, e.off, e.data)))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	joined := make(map[string]string) // a log's name to its path, made once
	apply := func(e jEntry) error {
		p.step()
		path, ok := joined[e.name]
		if !ok {
			path = filepath.Join(dir, e.name)
			joined[e.name] = path
		}
		l := logs[path]
		if l == nil {
			l = &logApply{}
			if e.kind != jRemove {
				fi, err := os.Stat(path)
				if err != nil && !errors.Is(err, fs.ErrNotExist) {
					return err
				}
				if err == nil {
					l.size = fi.Size()
				}
			}
			logs[path] = l
		}
		if l.aside {
			return keep(path, e)
		}
		if e.kind == jRemove {
			if l.pend != nil {
				held -= len(l.pend.data)
				l.pend = nil
			}
			l.size = 0
			if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			return nil
		}
		end := e.off + int64(len(e.data))
		switch {
		case e.off > l.size:
			if err := setAside(path, l, fmt.Sprintf("a journal entry at offset %d, past the log's end at %d", e.off, l.size)); err != nil {
				return err
			}
			return keep(path, e)
		case e.off < l.size:
			if err := flush(path, l); err != nil {
				return err
			}
			data, err := logHolds(path, e.off, e.data)
			if err != nil {
				return err
			}
			if len(data) == 0 {
				return nil // already there
			}
			if err := writeLog(path, end-int64(len(data)), data); err != nil {
				return err
			}
			l.size = max(l.size, end)
			return nil
		}
		if l.pend == nil {
			l.pend = &pendingWrite{off: e.off}
		}
		l.pend.data = append(l.pend.data, e.data...)
		held += len(e.data)
		l.size = end
		if len(l.pend.data) >= flushLog {
			if err := flush(path, l); err != nil {
				return err
			}
		}
		if held >= flushAll {
			return flushEvery()
		}
		return nil
	}
	for i, seq := range seqs {
		name := journalName(seq)
		limit, err := readEndMark(dir, seq)
		if err != nil {
			return 0, aside, fmt.Errorf("server: journal: %w", err)
		}
		if limit >= 0 {
			logf("farkle serve: journal %s: replayed up to its end mark, %d bytes (a failed write's batch, refused, after it)", name, limit)
		}
		n, torn, err := replayJournalTo(filepath.Join(dir, name), limit, apply)
		if err != nil {
			return 0, aside, fmt.Errorf("server: journal %s: %w", name, err)
		}
		if torn > 0 {
			end := fileSizeOf(filepath.Join(dir, name))
			if limit >= 0 && limit < end {
				end = limit
			}
			if i < len(seqs)-1 {
				return 0, aside, fmt.Errorf("server: journal %s: %w: a bad record at offset %d (%d bytes to its end) before the journal file %s",
					name, errJournalCorrupt, end-torn, torn, journalName(seqs[i+1]))
			}
			if !zerosFrom(filepath.Join(dir, name), end-torn, end) {
				logf("farkle serve: journal %s: a torn record at its end (%d bytes, never acknowledged), ignored", name, torn)
			} // else the zeros written ahead of the batches (see writeDirect)
			// Cut off, so that the file may stay behind later ones (a
			// failed removal) and still read back whole.
			if err := cutFile(filepath.Join(dir, name), end-torn); err != nil {
				logf("farkle serve: journal %s: cutting its torn end off: %v", name, err)
			}
		}
		applied += n
	}
	if err := flushEvery(); err != nil {
		return 0, aside, fmt.Errorf("server: journal: %w", err)
	}
	paths := make(map[string]struct{}, len(logs))
	for path, l := range logs {
		if l.aside {
			if l.to != "" {
				paths[l.to] = struct{}{}
			}
			path += asideJournalExt
		}
		paths[path] = struct{}{}
	}
	if err := syncLogs(d, paths); err != nil {
		return 0, aside, fmt.Errorf("server: journal: %w", err)
	}
	return applied, aside, nil
}

// logHolds returns the part of data, a journal entry's, at off in the
// log path, that the log does not already hold: none if it holds it all,
// else data from the first byte that differs or is missing. A log of
// the journal's format only grows by its entries, so that what differs
// is a checkpoint's write that a crash garbled.
func logHolds(path string, off int64, data []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	have := make([]byte, min(len(data), 1<<20))
	for done := 0; done < len(data); {
		n, err := f.ReadAt(have[:min(len(have), len(data)-done)], off+int64(done))
		for i := range n {
			if have[i] != data[done+i] {
				return data[done+i:], nil
			}
		}
		done += n
		if err == io.EOF {
			return data[done:], nil
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// replayJournal calls apply with each entry of the journal file path, in
// order, and returns their number and the bytes of a torn tail (a bad
// batch last, see batchAfter). A bad batch that a whole one follows, or
// a bad entry in a whole batch, is errJournalCorrupt.
func replayJournal(path string, apply func(jEntry) error) (n int, torn int64, err error) {
	return replayJournalTo(path, -1, apply)
}

// replayJournalTo is replayJournal of the first limit bytes of the file,
// or all of it if limit is negative.
func replayJournalTo(path string, limit int64, apply func(jEntry) error) (n int, torn int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	size := fi.Size()
	if limit >= 0 && limit < size {
		size = limit
	}
	r := bufio.NewReaderSize(io.NewSectionReader(f, 0, size), 1<<20)
	var head, body, ebuf []byte
	var pos int64
	// The reader of a batch's entries, one for every batch: a journal
	// file of small batches has hundreds of thousands, and a reader each
	// made the checkpoint's garbage a GC cycle's worth every 0.2 s under
	// load, stalling the moves.
	var br bufio.Reader
	var bodyReader bytes.Reader
	for {
		// A batch: its head, then its entries, whole.
		payload, err := readRecordMax(r, head, batchHeadSize)
		if err == io.EOF {
			return n, 0, nil
		}
		var blen int64
		var bcrc uint32
		if err == nil {
			head = payload
			var ok bool
			if blen, bcrc, ok = parseBatchHead(payload); !ok {
				err = errTorn
			}
		}
		if err == nil {
			if blen > size-pos-batchHeadSize {
				err = errTorn // short
			} else {
				if int64(cap(body)) < blen {
					body = make([]byte, blen)
				}
				body = body[:blen]
				if _, err = io.ReadFull(r, body); err == nil && crc32Update(0, body) != bcrc {
					err = errTorn
				}
				if err == io.ErrUnexpectedEOF || err == io.EOF {
					err = errTorn
				}
			}
		}
		if err == errTorn {
			if at, ok, err := batchAfter(f, pos, size); err != nil {
				return n, 0, err
			} else if ok {
				return n, 0, fmt.Errorf("%w: a bad batch at offset %d, and a good one at offset %d after it", errJournalCorrupt, pos, at)
			}
			return n, size - pos, nil
		}
		if err != nil {
			return n, 0, err
		}
		// Its checksum is right: a bad entry in it is corruption.
		bodyReader.Reset(body)
		br.Reset(&bodyReader)
		epos := pos + batchHeadSize
		for {
			p, err := readRecordMax(&br, ebuf, maxEntry)
			if err == io.EOF {
				break
			}
			if err != nil {
				return n, 0, fmt.Errorf("%w: offset %d, in the batch at %d: %v", errJournalCorrupt, epos, pos, err)
			}
			ebuf = p
			e, err := parseEntry(p)
			if err != nil {
				return n, 0, fmt.Errorf("%w: offset %d: %v", errJournalCorrupt, epos, err)
			}
			if err := apply(e); err != nil {
				return n, 0, err
			}
			n++
			epos += recordHead + int64(len(p))
		}
		pos += batchHeadSize + blen
	}
}

// batchAfter looks for a whole batch at every offset of the journal file
// f of size bytes after the bad batch at pos: a head whose length and
// checksum are right, and entries of the length and the CRC that it
// gives. A crash leaves a torn batch last, with no batch after it (its
// own whole entries are no batch); a whole batch after a bad one is
// corruption (a bit flipped in a length leads no reader to where the next
// batch starts, so that goodAfter would miss it). It reads the rest of
// the file into memory.
func batchAfter(f *os.File, pos, size int64) (at int64, ok bool, err error) {
	if size-pos <= batchHeadSize {
		return 0, false, nil
	}
	rest := make([]byte, size-pos-1)
	if _, err := f.ReadAt(rest, pos+1); err != nil && err != io.EOF {
		return 0, false, err
	}
	for i := 0; i+batchHeadSize <= len(rest); i++ {
		h := rest[i : i+batchHeadSize]
		if binary.LittleEndian.Uint32(h) != batchHeadSize-recordHead || h[recordHead] != jBatch {
			continue
		}
		crc := crc32Update(0, h[:4])
		if crc32Update(crc, h[recordHead:]) != binary.LittleEndian.Uint32(h[4:]) {
			continue
		}
		n, bcrc, ok := parseBatchHead(h[recordHead:])
		if !ok || n > int64(len(rest)-i-batchHeadSize) {
			continue
		}
		if crc32Update(0, rest[i+batchHeadSize:i+batchHeadSize+int(n)]) == bcrc {
			return pos + 1 + int64(i), true, nil
		}
	}
	return 0, false, nil
}

// cutFile cuts the file path back to size bytes, durably.
func cutFile(path string, size int64) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = f.Truncate(size)
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(err, f.Close())
}

// zerosFrom reports whether the file path holds only zeros from offset
// from to end.
func zerosFrom(path string, from, end int64) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	for from < end {
		n, err := f.ReadAt(buf[:min(int64(len(buf)), end-from)], from)
		for _, b := range buf[:n] {
			if b != 0 {
				return false
			}
		}
		if n == 0 || (err != nil && err != io.EOF) {
			return false
		}
		from += int64(n)
	}
	return true
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

// fileSizeOf returns the size of the file path, or -1.
func fileSizeOf(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return fi.Size()
}
