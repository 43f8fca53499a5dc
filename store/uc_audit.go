package store

import (
	"context"

	"arbitro/tournament"
)

// AuditReport is the outcome of Audit.
type AuditReport struct {
	Audit *tournament.TournamentAudit // every score replayed, its problems, the claims
	// UnsafeNames are the players of the file whose stored name the names check refuses
	// (Tx.UnsafeNames): stored by an older arbitro, shown escaped until corrected.
	UnsafeNames []tournament.UnsafeName
	// UnsafeTexts are the other stored free texts of the file the names check refuses
	// (Tx.UnsafeTexts: a tournament's place, a club, a category, a prize's label, the
	// event log's actor...), shown escaped wherever they are printed.
	UnsafeTexts []tournament.UnsafeText
	// EventLog is the check of the file's event log, a hash chain (Tx.VerifyEventLog).
	EventLog EventLogCheck
}

// Audit replays every stored game score of the tournament ref names (of round only, when
// round > 0) and lists every problem (Tx.Audit), lists the unsafe player names and other
// unsafe free texts of the whole file (Tx.UnsafeNames, Tx.UnsafeTexts), and verifies the
// file's event log (Tx.VerifyEventLog), in one read transaction.
//
// Returns the audit and the unsafe names, and the tournament as selected. Errors:
// Tx.Audit's and Tx.UnsafeNames's (reading the file); those of viewIn. Nothing is
// written.
func (s *Store) Audit(ctx context.Context, ref string, round int) (AuditReport, tournament.Tournament, error) {
	var out AuditReport
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if out.Audit, err = tx.Audit(t, round); err != nil {
			return err
		}
		if out.UnsafeNames, err = tx.UnsafeNames(); err != nil {
			return err
		}
		if out.UnsafeTexts, err = tx.UnsafeTexts(); err != nil {
			return err
		}
		out.EventLog, err = tx.VerifyEventLog()
		return err
	})
	return out, t, err
}

// AuditAll audits every tournament of the file in one read transaction (Tx.AuditAll):
// the scores are judged on opts.Jobs workers and handed to opts.OnItem in a stable order;
// the file's event log is verified too (Tx.VerifyEventLog; its break, if any, in the
// totals' EventLogBreak).
//
// Returns the archive's totals. Errors: opts.OnItem's, View's, the reading's. Nothing is
// written.
func (s *Store) AuditAll(ctx context.Context, opts tournament.ArchiveAuditOptions) (*tournament.AuditSummary, error) {
	var total *tournament.AuditSummary
	err := s.viewOnce(ctx, func(tx *Tx) (err error) { // OnItem streams: never twice
		if total, err = tx.AuditAll(opts); err != nil {
			return err
		}
		log, err := tx.VerifyEventLog()
		total.EventLogBreak = log.Break
		return err
	})
	return total, err
}
