package reports

import (
	"bytes"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// The team event's sheets and confirmations in every language (golden/team.<lang>.txt):
// standings, the round's matches, the crosstable, the teams and the board prizes, then
// the lines of team add, team pair, team lineup, the forfeit of a match and the creation
// of a team event (issue 29: a golden per language per report form).
func TestTeamGoldens(t *testing.T) {
	ev := teamSheetEvent(t)
	goldenLangs(t, "golden/team.txt", func(l *Locale, b *bytes.Buffer) error {
		s := TeamSheets{Event: ev, Locale: l}
		for _, tab := range []TeamTable{s.StandingsTable(), s.MatchesTable(1), s.CrosstableTable(), s.TeamsTable(), s.BoardsTable(1)} {
			if err := WriteTeamText(b, tab); err != nil {
				return err
			}
			b.WriteString("\n")
		}
		m := ev.Matches[0]
		for _, f := range []func() error{
			func() error { return WriteTeamAdded(b, l, &ev.Teams[0]) },
			func() error { return WriteTeamPaired(b, l, ev, 1, true) },
			func() error { return WriteLineupSet(b, l, ev, "A", m) },
			func() error { return WriteTeamForfeit(b, l, ev, m) },
			func() error { return WriteTeamEventCreated(b, l, ev.Settings) },
		} {
			if err := f(); err != nil {
				return err
			}
		}
		return nil
	})
}

// The team PDF holds the event's name, the sheet's title in the language and the column
// heads.
func TestTeamPDFLanguage(t *testing.T) {
	ev := teamSheetEvent(t)
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		tab := TeamSheets{Event: ev, Locale: l}.StandingsTable()
		var b bytes.Buffer
		if err := WriteTeamPDF(&b, ev, tab, fixedMeta); err != nil {
			t.Fatal(err)
		}
		texts := []string{ev.Tournament.Name, tab.Sheet} // the event named once, then the sheet (TeamTable.Sheet)
		texts = append(texts, tab.Head...)
		checkPDF(t, b.Bytes(), 1, texts...)
	}
}

// groupsEvent is an event of two groups: A made by rating (block seeding), B by the
// standings of A (places 3-4, carrying the points scored against each other).
func groupsEvent() tournament.EventGroups {
	entry := func(id int64, name string, rating int) tournament.Entry {
		e := tournament.Entry{ID: id, Number: int(id), Rating: rating}
		e.Player.Name = name
		return e
	}
	ev := tournament.Tournament{ID: 1, Name: "Festival", Variant: rules.Italian, System: tournament.RoundRobin}
	a := tournament.GroupMembers{Group: tournament.Group{EventID: 1, Name: "A", Stage: 1, Ord: 1, MadeBy: tournament.GroupByRating,
		Seeding: tournament.SeedingBlock, Carry: tournament.CarryNone,
		Tournament: tournament.Tournament{ID: 2, Name: "Festival / A", System: tournament.RoundRobin, Rounds: 3, Players: 4}},
		Members: []tournament.GroupMember{{Entry: entry(1, "Rossi, Mario", 2100), Rank: 1}, {Entry: entry(2, "Verdi, Anna", 2000), Rank: 2}}}
	b := tournament.GroupMembers{Group: tournament.Group{EventID: 1, Name: "B", Stage: 2, Ord: 2, MadeBy: tournament.GroupByStandings,
		SourceID: 2, Source: "Festival / A", Carry: tournament.CarryMutual,
		Tournament: tournament.Tournament{ID: 3, Name: "Festival / B", System: tournament.ItaloSwiss, Rounds: 0, Players: 2}},
		Members: []tournament.GroupMember{{Entry: entry(3, "Neri, Ugo", 1900), Rank: 3, Place: "3", Carried: 2},
			{Entry: entry(4, "Blu, Sara", 1800), Rank: 4, Place: "4-5", Split: true}},
		From: 3, To: 4}
	return tournament.EventGroups{Event: ev, Groups: []tournament.GroupMembers{a, b}}
}

// The lists of groups, prizes, play-offs and categories in every language
// (golden/groups.<lang>.txt): group list (with and without members), a player moved,
// the groups' lots, the prize list of an event and of its groups (a prize moved down, one
// shared, one not awarded), the play-offs with their games and confirmations, and the
// categories with their members.
func TestGroupsPrizesPlayoffsGoldens(t *testing.T) {
	eg := groupsEvent()
	lot := &tournament.LotResult{Seed: 7, DrawnAt: "2026-11-21T09:00:00Z", Method: "lot",
		Numbers: []tournament.LotNumber{{Number: 1, Name: "Rossi, Mario"}, {Number: 2, Name: "Verdi, Anna"}}}
	var mover tournament.Player
	mover.Name = "Neri, Ugo"
	awards := []tournament.Award{
		{Prize: tournament.Prize{ID: 1, Place: 1, Label: "1st prize"}, Entry: 1, Name: "Rossi, Mario"},
		{Prize: tournament.Prize{ID: 2, Place: 1, Label: "best veteran", Category: "Veterani"}, Entry: 3, Name: "Neri, Ugo",
			Notes: []tournament.Note{tournament.NewNote(tournament.NotePrizeMovedDown, "rank", 2)}},
		{Prize: tournament.Prize{ID: 3, Place: 1, Label: "best junior", Category: "Juniores"},
			Notes: []tournament.Note{tournament.NewNote(tournament.NotePrizeNotAwarded)}},
	}
	po := &tournament.Playoff{Number: 1, Title: "Campione provinciale", TimeControl: "5'+3\"", When: tournament.PlayoffAfterTieBreaks,
		Players: []tournament.PlayoffSide{{EntryID: 1, Number: 1, Name: "Rossi, Mario"}, {EntryID: 2, Number: 2, Name: "Verdi, Anna"}}}
	po.Games = []tournament.PlayoffGame{{Game: 1, White: po.Players[0], Black: po.Players[1], WhitePoints: 1, HasScore: true, Legal: true},
		{Game: 2, White: po.Players[1], Black: po.Players[0], WhitePoints: 2}}
	place := &tournament.Playoff{Number: 2, Place: 3, When: tournament.PlayoffBeforeTieBreaks,
		Players: []tournament.PlayoffSide{{EntryID: 3, Number: 3, Name: "Neri, Ugo"}, {EntryID: 4, Number: 4, Name: "Blu, Sara"}}}
	cats := []tournament.Category{{ID: 1, Name: "Veterani", Rule: "born<=1961", Members: []int64{3}}, {ID: 2, Name: "Juniores", Members: nil}}
	names := map[int64]string{1: "Rossi, Mario", 3: "Neri, Ugo"}
	goldenLangs(t, "golden/groups.txt", func(l *Locale, b *bytes.Buffer) error {
		for _, f := range []func() error{
			func() error { return WriteGroupsText(b, l, eg, false) },
			func() error { return WriteGroupsText(b, l, eg, true) },
			func() error { return WriteGroupMoved(b, l, tournament.GroupMove{Player: mover, From: "A", To: "B"}) },
			func() error { return WriteGroupMoved(b, l, tournament.GroupMove{Player: mover, To: "B"}) },
			func() error { return WriteGroupLots(b, l, []tournament.GroupLot{{Group: "A", Lot: lot}}) },
			func() error { return WritePrizesText(b, l, awards) },
			func() error {
				return WriteEventPrizesText(b, l, "Festival", []tournament.GroupPrizes{{Awards: awards[:1]}, {Group: &eg.Groups[0].Group, Awards: awards[1:2]}})
			},
			func() error { return WritePlayoffsText(b, l, []tournament.Playoff{*po, *place}) },
			func() error { return WritePlayoffAdded(b, l, po) },
			func() error { return WritePlayoffAdded(b, l, place) },
			func() error { return WritePlayoffGame(b, l, 2, &po.Games[1]) },
			func() error { return WritePlayoffResult(b, l, po, &po.Games[0]) },
			func() error { return WriteCategoriesText(b, l, cats, names) },
		} {
			if err := f(); err != nil {
				return err
			}
		}
		return nil
	})
}

// The audit PDF and the Elo-Rubele PDF in every language (their bytes hold compressed
// fonts: no golden file; the text is searched): the title, the verdict's word, the rules
// engine's reason worded in the language (never the engine's English outside English),
// the column heads of the rating table.
func TestAuditAndRatingPDFLanguage(t *testing.T) {
	games, err := rules.ReadAllPDN(strings.NewReader("[GameType \"22\"]\n1. 22-17 9-13 *\n"))
	if err != nil || len(games) != 1 {
		t.Fatalf("rules PDN reader: %d games, %v", len(games), err)
	}
	v := rules.Replay(games[0], rules.ReplayOptions{})
	it := AuditItemFromVerdict(v)
	it.Round, it.Board, it.White, it.Black = 1, 3, "Bàrberi, Nicolò", "Фёдоров, Пётр"
	r := &tournament.RatingReport{Tournament: "Open", Variant: "italian", Q: 10, Minimum: 500,
		Rows: []tournament.RatingRow{{Number: 1, Name: "Rossi, Mario", Capital: 1800, Detail: []tournament.RatingGame{}}}}
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		meta := fixedMeta
		meta.Locale = l
		var b bytes.Buffer
		if err := WriteAuditPDF(&b, AuditReport{Event: event().Event, Checked: 1, Items: []AuditItem{it}}, meta); err != nil {
			t.Fatal(err)
		}
		checkPDF(t, b.Bytes(), 1, l.T("audit.title"), l.T("audit.verdict"), VerdictWord(l, it.Class), l.T("audit.reason"))
		if lang != DefaultLang && pdfHas(b.Bytes(), v.Message) {
			t.Errorf("%s: the audit PDF prints the engine's English %q", lang, v.Message)
		}
		b.Reset()
		if err := WriteRatingPDF(&b, r, meta); err != nil {
			t.Fatal(err)
		}
		head, _ := ratingTable(l, r)
		checkPDF(t, b.Bytes(), 1, append([]string{l.T("rating.title")}, head[1:3]...)...)
	}
}

// The pairing sheet with the hall's board cards in every language: the cards' heading
// (its first words: the line wraps) and each board's label are the language's words.
func TestHallCardsPDFLanguage(t *testing.T) {
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		sheet := PairingsSheet{Event: event().Event, Round: 2, Locale: l, Hall: HallLinks{Event: "http://192.168.1.10:8080/hall/3/"}}
		sheet.Boards = []PairingBoard{{Board: 1, White: PairingPlayer{Number: 1, Name: "Rossi, Mario"}, Black: PairingPlayer{Number: 2, Name: "Verdi, Anna"}}}
		var b bytes.Buffer
		if err := WritePairingsPDF(&b, sheet, fixedMeta); err != nil {
			t.Fatal(err)
		}
		head := strings.TrimSpace(strings.SplitN(l.T("pairings.hall_cards"), ":", 2)[0]) // the long line wraps
		checkPDF(t, b.Bytes(), 2, head, l.T("pairings.hall_board", "board", "1"))
	}
}
