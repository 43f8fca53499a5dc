// Package tournament is the domain of arbitro, with no database: tournaments, players and
// their entries, rounds, boards, results, game records, draw claims, standings and
// tie-breaks, categories and prizes, ratings, the round plan (a pure function of a
// snapshot), the names check and CSV parsing. Package store reads and writes these values
// in SQLite; package trf maps them to and from TRF files.
//
// Scores are integer game points in draughts scoring (win 2, draw 1, loss 0).
package tournament

import (
	"errors"
	"fmt"
)

// Sentinel errors. Functions of this package wrap them with %w and add the details (file
// name, tournament, line number); test them with errors.Is.
var (
	// ErrNoTournament: the database holds no tournament yet.
	ErrNoTournament = errors.New("no tournament yet")
	// ErrAmbiguousTournament: the database holds several tournaments and none was chosen.
	ErrAmbiguousTournament = errors.New("the database holds several tournaments")
	// ErrNotFound: the tournament, player or round named does not exist.
	ErrNotFound = errors.New("not found")
	// ErrDuplicatePlayer: the player is already entered (same name and club or id, or same
	// FID/FMJD id).
	ErrDuplicatePlayer = errors.New("player already entered")
	// ErrDuplicateTournament: a tournament with that name already exists.
	ErrDuplicateTournament = errors.New("tournament already exists")
	// ErrNewerSchema: the file was written by a newer arbitro; it is left untouched.
	ErrNewerSchema = errors.New("database written by a newer arbitro")
	// ErrNotArbitro: the file is not an arbitro database (not SQLite, or foreign tables).
	ErrNotArbitro = errors.New("not an arbitro database")
	// ErrReadOnly: the database file is read-only (no write permission bit, or the file
	// system refuses writes); reads still work.
	ErrReadOnly = errors.New("database file is read-only")
	// ErrBusy: another process held the write lock for longer than the busy timeout (5 s).
	ErrBusy = errors.New("database busy: another arbitro is writing; try again")
	// ErrInvalid: a value is not allowed (unknown variant, bad date, negative rating...).
	ErrInvalid = errors.New("invalid value")
	// ErrMalformed: a value that is wrong whatever the tournament's state: an unknown name
	// (variant, system, tie-break, field), text that does not parse (result, manual pair,
	// date, number) or a number outside its fixed range (rounds 1..99, rating 0..4000).
	// It wraps ErrInvalid (errors.Is(err, ErrInvalid) holds too) and reads the same; the
	// CLI exits 2 (usage) on it and 1 on the other ErrInvalid errors, which are values that
	// do not fit the tournament's state (a player already paired, no such pairing number).
	ErrMalformed = fmt.Errorf("%w", ErrInvalid)
	// ErrLocked: the change is not allowed any more because the tournament has started
	// (a round exists) or the lot has been drawn.
	ErrLocked = errors.New("not allowed after the tournament has started")
	// ErrCannotUndo: arbitro undo cannot revert the last action of the log (an action it
	// does not know, or nothing left); the error names the action. Wraps ErrInvalid.
	ErrCannotUndo = fmt.Errorf("cannot undo: %w", ErrInvalid)
	// ErrBadCSV: a players file could not be read; the error names the line.
	ErrBadCSV = errors.New("bad players file")
)
