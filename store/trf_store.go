package store

import (
	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// ExportTRF loads tournament t (inside Store.View) and builds its TRF. For a Dutch
// tournament XXC is the colour of the lot, pairing.LotColour(uint64(t.Seed)).
//
// The fields a TRF import kept (trf_players: sex, birth date, the id column and the whole
// 001 line as read; trf_records: the tournament records arbitro does not model, and the
// forms of the rounds, colour and point-system records) are written back, in the file's
// spelling wherever arbitro has not changed them, and with the file's ranks while no
// result differs from the file's (TestRealTRFRoundTrip), so that import then export
// keeps every field of the file. Otherwise the id column (58-68)
// carries the player's federation id: the FMJD id for international draughts, the FID
// id (tessera) for Italian draughts, else the national id; the birth date column the
// birth year alone. The stored prohibited pairs are written as 260 records and the Baku
// acceleration as 192 FIDE_DUTCH_2025_BAKU with its group A and points as 250 records
// (addBakuRecords).
func (tx *Tx) ExportTRF(t *tournament.Tournament) (*trf.File, error) {
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	var team *trf.Teams
	if set, err := tx.teamSettings(t.ID); err != nil {
		return nil, err
	} else if set != nil { // a team event: its players numbered by team, its team records (store/team_trf.go)
		ev, err := tx.loadTeamEvent(t)
		if err != nil {
			return nil, err
		}
		ranks := teamStartingRanks(ev)
		for i := range ct.Players {
			ct.Players[i].Number = ranks[int64(ct.Players[i].ID)]
		}
		team = teamTRF(ev, ranks)
	}
	initial := t.System.InitialColour(t.Seed)
	tr, err := trf.FromCrosstable(ct, initial)
	if err != nil {
		return nil, err
	}
	if team != nil {
		trf.SetTeams(tr, team)
		if err := trf.CheckTeams(tr, team); err != nil {
			return nil, err
		}
	}
	return tr, tx.addTRFKept(t, tr)
}

// keepTRFRecords stores what an imported TRF holds beyond players and results: its
// records as lines (trf_records, keptTRFRecords), the prohibited pairs (forbidden_pairs)
// and the Baku acceleration (dutch_settings). ids maps starting rank to entry id.
func (tx *Tx) keepTRFRecords(t *tournament.Tournament, tr *trf.File, ids map[int]int64) error {
	lines := trf.KeptTRFRecords(tr, t)
	for k, l := range lines {
		if _, err := tx.exec(`INSERT INTO trf_records (tournament_id, seq, line) VALUES (?, ?, ?)`, t.ID, k+1, l); err != nil {
			return err
		}
	}
	for _, f := range tr.Forbidden {
		for i, a := range f.Players {
			for _, b := range f.Players[i+1:] {
				x, y := ids[a], ids[b]
				if x == 0 || y == 0 || x == y {
					continue
				}
				if x > y {
					x, y = y, x
				}
				if _, err := tx.exec(`INSERT OR REPLACE INTO forbidden_pairs (tournament_id, entry_a, entry_b, first_round, last_round) VALUES (?, ?, ?, ?, ?)`,
					t.ID, x, y, f.FirstRound, f.LastRound); err != nil {
					return err
				}
			}
		}
	}
	if tr.Baku() && t.System.DutchSettings() {
		if _, err := tx.exec(`INSERT INTO dutch_settings (tournament_id, acceleration) VALUES (?, ?)`, t.ID, tournament.AccelerationBaku); err != nil {
			return err
		}
	}
	return nil
}

// addTRFKept writes into tr (built from the crosstable) what the store kept for a TRF:
// the player fields of trf_players or the federation ids, the records of trf_records,
// the prohibited pairs and the acceleration (see ExportTRF).
func (tx *Tx) addTRFKept(t *tournament.Tournament, tr *trf.File) error {
	rows, err := tx.query(`SELECT e.pairing_number, p.fid_id, p.fmjd_id, p.national_id, p.birth_year,
		COALESCE(k.sex, ''), COALESCE(k.birth_date, ''), COALESCE(k.id_column, ''), COALESCE(k.line, ''), k.entry_id IS NOT NULL
		FROM entries e JOIN players p ON p.id = e.player_id LEFT JOIN trf_players k ON k.entry_id = e.id
		WHERE e.tournament_id = ? AND e.pairing_number IS NOT NULL AND `+inField, t.ID)
	if err != nil {
		return err
	}
	byNum := map[int]trf.KeptPlayer{}
	for rows.Next() {
		var n int
		var k trf.KeptPlayer
		if err := rows.Scan(&n, &k.FID, &k.FMJD, &k.National, &k.Year, &k.Sex, &k.Birth, &k.IDColumn, &k.Line, &k.Imported); err != nil {
			rows.Close()
			return err
		}
		byNum[n] = k
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	played := tr.PlayedRounds()
	for i := range tr.Players {
		byNum[tr.Players[i].Number].Apply(&tr.Players[i], t.Variant, played)
	}
	tr.KeepFileRanks()
	records, err := tx.keptRecordLines(t)
	if err != nil {
		return err
	}
	if err := tr.ApplyKeptRecords(t, records); err != nil {
		return err
	}
	tr.KeepXXZForm(played)
	if err := tx.addStoredForbidden(t, tr); err != nil {
		return err
	}
	acc, err := tx.acceleration(t)
	if err != nil {
		return err
	}
	if acc == tournament.AccelerationBaku {
		if !strings.HasSuffix(tr.TypeCode, "_BAKU") {
			tr.TypeCode = "FIDE_DUTCH_2025_BAKU"
		}
		if err := tx.addBakuRecords(t, tr); err != nil {
			return err
		}
	}
	return tx.addRoundDates(t, tr)
}

// addBakuRecords writes the Baku acceleration of t (C.04.7) into tr as 250 records
// (TRF.BakuRecords): group A is every player whose pairing number is at most the last
// group-A player's (bakuLastA: fixed by round 1's field, late entries accommodated), so
// that a reader of the file, bbpPairings included, applies arbitro's group A instead of
// computing its own from record 192 (bbpPairings: ⌈n/2⌉ of every player in the file).
func (tx *Tx) addBakuRecords(t *tournament.Tournament, tr *trf.File) error {
	last, err := tx.bakuLastA(t)
	if err != nil {
		return err
	}
	tr.Acceleration = append(tr.Acceleration, tr.BakuRecords(tr.RanksUpTo(last))...)
	return nil
}

// addRoundDates writes the play dates of t's rounds (rounds.play_date, `arbitro round
// schedule`; an import takes them from record 132) into record 132 of tr, over the kept
// record: a round keeps the file's spelling while its date is the same.
func (tx *Tx) addRoundDates(t *tournament.Tournament, tr *trf.File) error {
	rows, err := tx.query(`SELECT number, play_date FROM rounds WHERE tournament_id = ? AND play_date != '' ORDER BY number`, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r int
		var d string
		if err := rows.Scan(&r, &d); err != nil {
			return err
		}
		tr.SetRoundDate(r, d)
	}
	return rows.Err()
}

// keptRecordLines are the trf_records lines of t, in file order.
func (tx *Tx) keptRecordLines(t *tournament.Tournament) ([]string, error) {
	rows, err := tx.query(`SELECT line FROM trf_records WHERE tournament_id = ? ORDER BY seq`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var records []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return nil, err
		}
		records = append(records, l)
	}
	return records, rows.Err()
}

// keptTRF reads back the trf_records lines of t whose codes are among codes, with the
// point system the file gave (162, BB?, XXS), into a TRF that has no players: the records
// of an imported file that arbitro uses after the import (250 and XXA when pairing, 299
// in the standings). Errors: ErrInvalid when a kept line does not read back.
func (tx *Tx) keptTRF(t *tournament.Tournament, codes ...string) (*trf.File, error) {
	lines, err := tx.keptRecordLines(t)
	if err != nil {
		return nil, err
	}
	tr := &trf.File{Points: trf.DefaultPoints, Unknown: -1}
	want := append([]string{"162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "BBX"}, codes...)
	byeGiven := false
	for k, l := range lines {
		if !slices.Contains(want, l[:min(3, len(l))]) {
			continue
		}
		if err := tr.ParseLine(l, k+1, &byeGiven); err != nil {
			return nil, fmt.Errorf("%w: a kept TRF record does not read back: %w", tournament.ErrInvalid, err)
		}
	}
	return tr, nil
}

// addStoredForbidden writes t's stored prohibited pairs into tr as 260 records (one per
// pair; a pair without a last round lasts to the last round), or, while they are the
// pairs of the 260/XXP records an import kept (tr.Forbidden as applyKeptRecords read
// them), those records in the file's form.
func (tx *Tx) addStoredForbidden(t *tournament.Tournament, tr *trf.File) error {
	kept := trf.ForbiddenSet(tr.Forbidden)
	stored := map[[4]int]bool{}
	var recs []trf.Forbidden
	rows, err := tx.query(`SELECT ea.pairing_number, eb.pairing_number, f.first_round, f.last_round FROM forbidden_pairs f
		JOIN entries ea ON ea.id = f.entry_a JOIN entries eb ON eb.id = f.entry_b
		WHERE f.tournament_id = ? ORDER BY ea.pairing_number, eb.pairing_number`, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var a, b, first, last int
		if err := rows.Scan(&a, &b, &first, &last); err != nil {
			return err
		}
		stored[[4]int{min(a, b), max(a, b), first, last}] = true
		if last == 0 {
			last = max(t.Rounds, first)
		}
		recs = append(recs, trf.Forbidden{FirstRound: first, LastRound: last, Players: []int{min(a, b), max(a, b)}})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(tr.Forbidden) == 0 || !maps.Equal(kept, stored) {
		tr.Forbidden = recs
	}
	return nil
}

// ImportTRF creates a tournament from a parsed TRF in the current transaction: the
// tournament (rounds = XXR, or the rounds played; bye points from the point system), one
// player and entry per 001 line with its starting rank as pairing number (the lot counts
// as drawn), the rounds played (method RoundMethodTRF), their boards and results (played,
// forfeit, bye; pending games without a result), and the H/F/Z byes as absences (also the
// announced ones of the next round). The id column goes to the player's id of
// opts.IDColumn (national by default; FMJD or FID for a draughts file), and the whole line to
// trf_players for export.
// When the TRF has XXC, the stored seed is chosen so that pairing.LotColour(seed) is that
// colour, so the Dutch engine continues the event with the same initial colour. Logs
// "trf.import". Errors: CreateTournament's and AddPlayer's (ErrInvalid,
// ErrDuplicateTournament, ErrDuplicatePlayer) or the database's; the caller's
// Store.Update rolls everything back.
func (tx *Tx) ImportTRF(tr *trf.File, opts trf.ImportOptions) (*tournament.Tournament, error) {
	played := tr.PlayedRounds()
	if err := trf.CheckHasPlayers(tr); err != nil {
		return nil, err
	}
	t := trf.TrfTournament(tr, opts)
	ts, err := trf.TeamsOf(tr)
	if err != nil {
		return nil, err
	}
	if len(ts.Teams) > 0 && opts.System.IsZero() && strings.HasPrefix(tr.TypeCode, "BERGER_") {
		t.System = tournament.RoundRobin // a team round robin (192 BERGER_*): its rounds follow the Berger tables
	}
	if err := trf.CheckTRFIDColumn(opts.IDColumn); err != nil {
		return nil, err
	}
	if err := tx.CreateTournament(&t); err != nil {
		return nil, err
	}
	now := tx.nowText()
	if _, err := tx.exec(`UPDATE tournaments SET lot_drawn_at = ? WHERE id = ?`, now, t.ID); err != nil {
		return nil, err
	}
	t.LotDrawnAt = now
	ids, err := tx.importTRFPlayers(&t, tr, opts.IDColumn)
	if err != nil {
		return nil, err
	}
	if err := tx.keepTRFRecords(&t, tr, ids); err != nil {
		return nil, err
	}
	if len(ts.Teams) > 0 { // a team event (store/team_trf_import.go): the team records are its teams, not kept lines
		if _, err := tx.exec(`DELETE FROM trf_records WHERE tournament_id = ? AND substr(line, 1, 3) IN ('352', '362', '013', '310', '320', '330', '300', '082')`, t.ID); err != nil {
			return nil, err
		}
		if err := tx.importTRFTeams(&t, tr, ts, ids); err != nil {
			return nil, err
		}
	} else {
		for r := 1; r <= played; r++ {
			if err := tx.importTRFRound(&t, tr, r, ids, "imported from TRF "+opts.Source); err != nil {
				return nil, err
			}
		}
		if err := tx.importTRFAbsences(&t, tr, ids); err != nil {
			return nil, err
		}
	}
	if err := tx.logEvent(t.ID, "trf.import", nil, map[string]any{"source": opts.Source, "players": len(tr.Players), "rounds": played}); err != nil {
		return nil, err
	}
	t.Players = len(tr.Players)
	t.RoundsPaired = played
	return &t, nil
}

// importTRFPlayers adds one player and entry per 001 line of tr to t, with the starting
// rank as pairing number, and keeps the line (trf_players). It returns the entry id of
// each starting rank.
func (tx *Tx) importTRFPlayers(t *tournament.Tournament, tr *trf.File, idColumn string) (map[int]int64, error) {
	ids := map[int]int64{}
	existing := []tournament.Entry{}
	dups := tournament.NewDupIndex(existing)
	for _, p := range tr.Players {
		pl := tournament.Player{Name: p.Name, Federation: p.Federation, Rating: p.Rating, Title: p.Title}
		if id := p.FideID; strings.Trim(id, "0") != "" {
			switch idColumn {
			case trf.IDFMJD:
				pl.FMJDID = id
			case trf.IDFID:
				pl.FIDID = id
			default:
				pl.NationalID = id
			}
		}
		if len(p.BirthDate) >= 4 {
			if y, err := strconv.Atoi(p.BirthDate[:4]); err == nil && y >= 1900 && y <= 2100 {
				pl.BirthYear = y
			}
		}
		e, err := tx.addPlayer(t, pl, dups, existing)
		if err != nil {
			return nil, tournament.Errf(err, "err.trf.line", "TRF line {line}: {err}", "line", p.Line)
		}
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, p.Number, e.ID); err != nil {
			return nil, err
		}
		e.Number = p.Number
		existing = append(existing, *e)
		ids[p.Number] = e.ID
		// the fields arbitro does not model otherwise, and the line, kept for export
		if _, err := tx.exec(`INSERT INTO trf_players (entry_id, sex, birth_date, id_column, line) VALUES (?, ?, ?, ?, ?)`,
			e.ID, p.Sex, p.BirthDate, p.FideID, p.Raw); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// importTRFRound stores round r of tr: the round (method RoundMethodTRF; its play date
// from record 132), its boards
// (TRF.RoundPairs) and their results in game points (played, forfeit, bye; a pending
// game gets none).
func (tx *Tx) importTRFRound(t *tournament.Tournament, tr *trf.File, r int, ids map[int]int64, explanation string) error {
	now := tx.nowText()
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at, play_date)
		VALUES (?, ?, ?, 0, ?, ?, ?, ?)`, t.ID, r, trf.RoundMethod, explanation, now, now, tr.RoundDate(r))
	if err != nil {
		return err
	}
	roundID, err := res.LastInsertId()
	if err != nil {
		return err
	}
	byNum := map[int]*trf.Player{}
	for i := range tr.Players {
		byNum[tr.Players[i].Number] = &tr.Players[i]
	}
	for _, pr := range tr.RoundPairs(r) {
		if err := tx.importTRFGame(t, byNum, r, roundID, pr.Board, pr, ids); err != nil {
			return err
		}
	}
	return nil
}

// importTRFGame stores the game pr of round r of a TRF on board board of round roundID,
// with its result in game points (played, forfeit, bye; a pending game gets none).
// byNum gives each starting rank's 001 line.
func (tx *Tx) importTRFGame(t *tournament.Tournament, byNum map[int]*trf.Player, r int, roundID int64, board int, pr pairing.Pair, ids map[int]int64) error {
	now := tx.nowText()
	var black any
	if !pr.IsBye() {
		black = ids[pr.Black]
	}
	res, err := tx.exec(`INSERT INTO boards (round_id, board, game, white_entry, black_entry) VALUES (?, ?, 1, ?, ?)`,
		roundID, board, ids[pr.White], black)
	if err != nil {
		return err
	}
	boardID, err := res.LastInsertId()
	if err != nil {
		return err
	}
	code := byNum[pr.White].Rounds[r-1].Result
	kind, wp, bp := "", trf.GamePoints(code), 0
	switch code {
	case '1', '0', '=', 'W', 'D', 'L':
		kind, bp = "played", 2-wp
	case '+', '-':
		kind = "forfeit"
		if !pr.IsBye() {
			bp = trf.GamePoints(byNum[pr.Black].Rounds[r-1].Result)
		}
	case 'U':
		kind, wp = "bye", t.ByePoints
	}
	if kind == "" {
		return nil // pending
	}
	_, err = tx.exec(`INSERT INTO results (board_id, kind, white_points, black_points, entered_at, entered_by)
		VALUES (?, ?, ?, ?, ?, ?)`, boardID, kind, wp, bp, now, tx.actor)
	return err
}

// importTRFAbsences stores the absences of tr up to the round to be paired: the blocks
// without an opponent that hold H, F or Z, or + or - (a bye won or lost by forfeit, as
// Swiss-Manager and lichess write them), each with its points; the XXZ players, absent
// without points from the round to be paired; and the 240 byes (F, H, Z) of that round.
func (tx *Tx) importTRFAbsences(t *tournament.Tournament, tr *trf.File, ids map[int]int64) error {
	played := tr.PlayedRounds()
	add := func(num, round, points int, reason string) error {
		_, err := tx.exec(`INSERT OR IGNORE INTO absences (tournament_id, entry_id, round_number, points, reason) VALUES (?, ?, ?, ?, ?)`,
			t.ID, ids[num], round, points, reason)
		return err
	}
	for _, p := range tr.Players {
		for r, rd := range p.Rounds {
			if r+1 > played+1 || rd.Opponent != 0 || !strings.ContainsRune("HFZ+-", rune(rd.Result)) {
				continue
			}
			if err := add(p.Number, r+1, trf.GamePoints(rd.Result), "TRF bye "+string(rd.Result)); err != nil {
				return err
			}
		}
	}
	for _, num := range tr.Absent {
		if ids[num] == 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.trf.xxz_unknown", "{err}: XXZ names player {n}, who has no 001 line", "n", num)
		}
		if err := add(num, played+1, 0, "TRF XXZ"); err != nil {
			return err
		}
	}
	for _, b := range tr.Byes { // 240 byes of the round to be paired
		for _, num := range b.Players {
			if b.Round != played+1 {
				continue
			}
			if ids[num] == 0 {
				return tournament.Errf(tournament.ErrInvalid, "err.trf.bye_unknown", "{err}: a 240 record names player {n}, who has no 001 line", "n", num)
			}
			if err := add(num, b.Round, trf.GamePoints(b.Type), "TRF 240 "+string(b.Type)); err != nil {
				return err
			}
		}
	}
	return nil
}
