package web

import (
	"context"
	"errors"
	"time"
)

// A Store keeps the games of a Server durably. A game is a list of
// records, numbered from 0, each opaque bytes to the store: record 0
// starts the game (its rules, players and seats), and each later record
// is a move. The Server writes a record before it acknowledges the move,
// and rebuilds a game from its records when it is first asked for.
//
// Several Servers, in one process or several, may share a Store that
// says so (see Watch): Append's expected count makes concurrent moves on
// one game safe, and Watch tells each Server of the others' changes.
//
// A Store's methods are safe for concurrent use. Errors wrap ErrNotFound,
// ErrExists or ErrConflict where these apply; any other error is a
// failure of the store, and the move it was for is not acknowledged.
type Store interface {
	// Create stores a new game, id, with its first record. It fails
	// with ErrExists if a game of that id is stored.
	Create(ctx context.Context, id string, first Record) error

	// Append stores rec as record number n of game id, durably before
	// it returns nil. It fails with ErrConflict, storing nothing, unless
	// the game has exactly n records (another Server moved first), and
	// with ErrNotFound if there is no such game.
	Append(ctx context.Context, id string, n int, rec Record) error

	// Load returns the records of game id from number from on, in
	// order (every record for 0; none if the game has from or fewer),
	// or ErrNotFound. A negative from counts as 0.
	Load(ctx context.Context, id string, from int) ([]Record, error)

	// Delete removes game id. Deleting a game that is not stored is
	// not an error.
	Delete(ctx context.Context, id string) error

	// Expire removes the games whose last record is older than a
	// limit: finishedBefore for the games whose last record is
	// Finished, idleBefore for the others (a zero time: none of those),
	// and returns their ids. Of Servers sharing the store, each game is
	// returned to one.
	Expire(ctx context.Context, finishedBefore, idleBefore time.Time) ([]string, error)

	// Count returns the number of games stored.
	Count(ctx context.Context) (int, error)

	// Watch calls changed, from one goroutine at a time, for each
	// game that another user of the store appended to or removed: its
	// id and its number of records now (0 once removed). It returns
	// when ctx is done, or at once, with nil, from a store that one
	// Server owns alone.
	Watch(ctx context.Context, changed func(id string, records int)) error

	// Close releases the store. A Server does not close the Store it was
	// given.
	Close() error
}

// A Record is one record of a game in a Store.
type Record struct {
	// Data is the record, as the Server encodes it: the store keeps it
	// as it is.
	Data []byte
	// At is when the record was made: the expiry counts from the last.
	At time.Time
	// Finished says that the game is over after this record.
	Finished bool
}

// The errors a Store's methods wrap.
var (
	// ErrNotFound: no game of that id is stored.
	ErrNotFound = errors.New("no such game")
	// ErrExists: a game of that id is stored already.
	ErrExists = errors.New("game exists")
	// ErrConflict: the game does not have the number of records that
	// Append was told; another user of the store moved first.
	ErrConflict = errors.New("game changed")
)
