package store

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"strconv"

	bolt "go.etcd.io/bbolt"
)

// The commit head, kept in two places. Every write transaction extends a
// chain: head = SHA-256(previous head, the transaction's id, what it wrote).
// The transaction stores the new head in the schema bucket, and after it
// has committed the store writes the same record to a small file beside
// the bbolt file (FileName + HeadSuffix).
//
// bbolt keeps two meta pages and, when the newer one is damaged, opens the
// file at the older one: the last commit is silently gone, and every
// check inside the file still passes. The record beside the file then names
// a later transaction than the file holds, which `replay verify --deep`
// reports. The file record is written after the commit, without fsync: after
// a crash it may lag one commit behind, which is not damage.

// HeadSuffix names the second record of the commit head: the bbolt file's
// name plus this.
const HeadSuffix = ".head"

// commitLog accumulates what a transaction writes, for its head.
type commitLog struct{ h hash.Hash }

func newCommitLog() *commitLog { return &commitLog{h: sha256.New()} }

// note adds bytes that the transaction wrote to its head.
func (c *commitLog) note(b []byte) { c.h.Write(b) }

// headRecord is one commit head: the bbolt transaction id and the chain's
// hash after it.
type headRecord struct {
	Tx   uint64 `json:"tx"`
	Head string `json:"head"`
}

// seal extends the chain with this transaction and stores the record.
func (c *commitLog) seal(tx *bolt.Tx) (headRecord, error) {
	sb := tx.Bucket(bucketSchema)
	if sb == nil {
		return headRecord{}, fmt.Errorf("store: schema bucket missing")
	}
	prev, _ := decodeHead(sb.Get(keyHead))
	id := uint64(tx.ID())
	h := sha256.New()
	if p, err := hex.DecodeString(prev.Head); err == nil {
		h.Write(p)
	}
	h.Write(binary.BigEndian.AppendUint64(nil, id))
	h.Write(c.h.Sum(nil))
	rec := headRecord{Tx: id, Head: hex.EncodeToString(h.Sum(nil))}
	v, _ := json.Marshal(rec)
	return rec, sb.Put(keyHead, seal(keyHead, v))
}

func decodeHead(v []byte) (headRecord, error) {
	var rec headRecord
	if v == nil {
		return rec, errNoHead
	}
	p, err := unseal(keyHead, v)
	if err != nil {
		return rec, err
	}
	if err := json.Unmarshal(p, &rec); err != nil {
		return rec, fmt.Errorf("%w: commit head: %v", ErrDamaged, err)
	}
	return rec, nil
}

var errNoHead = errors.New("no commit head recorded")

func (s *Store) headPath() string { return s.db.Path() + HeadSuffix }

// writeHeadFile writes the record beside the file, over the one before.
// It is best effort: a record that could not be written lags behind, which
// verify reports as such, not as damage. The file is kept open and the
// record written in place, padded with spaces to a fixed size (JSON reads
// them as blanks), so that each overwrites the last whole, in one write
// within one disk sector: a commit costs one write call, not a new file
// and a rename.
func (s *Store) writeHeadFile(rec headRecord) {
	if rec.Tx == 0 {
		return
	}
	var buf [headRecordSize]byte
	b := strconv.AppendUint(append(buf[:0], `{"tx":`...), rec.Tx, 10)
	b = append(append(append(b, `,"head":"`...), rec.Head...), `"}`...)
	if len(b) >= headRecordSize {
		return // a head is 64 hex digits and a tx 20 digits at most
	}
	for len(b) < headRecordSize-1 {
		b = append(b, ' ')
	}
	b = append(b, '\n')
	s.headMu.Lock()
	defer s.headMu.Unlock()
	if s.head == nil {
		// Truncated once: a record of an older build may be longer.
		f, err := os.OpenFile(s.headPath(), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return
		}
		s.head = f
	}
	if _, err := s.head.WriteAt(b, 0); err != nil {
		s.head.Close()
		s.head = nil
	}
}

// headRecordSize is the size of the record beside the file.
const headRecordSize = 128

// HeadCheck compares the commit head the file holds with the record beside
// it. Problem is empty when they agree (or the record lags, after a crash
// between commit and record); Note says what was compared.
type HeadCheck struct {
	FileTx     uint64 // the file's last transaction, as bbolt opened it
	RecordTx   uint64 // the transaction of the head stored in the file
	BesideTx   uint64 // the transaction of the record beside the file; 0: none
	Note       string
	Problem    string
	HeadInFile string
}

// CheckHead reads both records of the commit head and compares them.
func (s *Store) CheckHead() (HeadCheck, error) {
	var hc HeadCheck
	var inFile headRecord
	var ferr error
	err := s.view(func(tx *bolt.Tx) error {
		hc.FileTx = uint64(tx.ID())
		if sb := tx.Bucket(bucketSchema); sb != nil {
			inFile, ferr = decodeHead(sb.Get(keyHead))
		} else {
			ferr = errNoHead
		}
		return nil
	})
	if err != nil {
		return hc, err
	}
	hc.RecordTx, hc.HeadInFile = inFile.Tx, inFile.Head
	var beside headRecord
	data, rerr := os.ReadFile(s.headPath())
	switch {
	case errors.Is(rerr, fs.ErrNotExist):
		beside.Tx = 0
	case rerr != nil:
		return hc, fmt.Errorf("store: %s: %w", s.headPath(), rerr)
	default:
		if err := json.Unmarshal(data, &beside); err != nil {
			hc.Problem = fmt.Sprintf("the commit record beside the file (%s) does not read: %v", s.headPath(), err)
			return hc, nil
		}
	}
	hc.BesideTx = beside.Tx
	switch {
	case errors.Is(ferr, errNoHead) && beside.Tx == 0:
		hc.Note = "no commit head recorded (a store written before it was kept)"
	case ferr != nil && !errors.Is(ferr, errNoHead):
		hc.Problem = fmt.Sprintf("the commit head in the file does not read: %v", ferr)
	case beside.Tx > hc.FileTx:
		hc.Problem = fmt.Sprintf("the file ends at transaction %d but the commit record beside it (%s) names transaction %d: the last %d commit(s) are gone from the file (rolled back)",
			hc.FileTx, s.headPath(), beside.Tx, beside.Tx-hc.FileTx)
	case errors.Is(ferr, errNoHead):
		hc.Problem = fmt.Sprintf("the file holds no commit head but the record beside it names transaction %d", beside.Tx)
	case beside.Tx == inFile.Tx && beside.Head != inFile.Head:
		hc.Problem = fmt.Sprintf("the commit head of transaction %d is %.12s in the file and %.12s beside it: one of them was altered", beside.Tx, inFile.Head, beside.Head)
	case beside.Tx == 0:
		hc.Note = fmt.Sprintf("no commit record beside the file; the file's head is transaction %d", inFile.Tx)
	case beside.Tx < inFile.Tx:
		hc.Note = fmt.Sprintf("the commit record beside the file lags: transaction %d, the file's head is %d (a crash between commit and record)", beside.Tx, inFile.Tx)
	default:
		hc.Note = fmt.Sprintf("commit head of transaction %d agrees in the file and beside it", inFile.Tx)
	}
	if hc.Problem == "" && hc.FileTx > inFile.Tx && inFile.Tx > 0 {
		hc.Note += fmt.Sprintf("; transactions %d to %d were written by something other than the store", inFile.Tx+1, hc.FileTx)
	}
	return hc, nil
}
