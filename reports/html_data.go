package reports

import (
	"encoding/json"
	"io"

	"arbitro/tournament"
)

// SiteDataVersion is the version of the data.json format (docs/site-data.md).
const SiteDataVersion = 1

// SiteData is the data.json document of one published tournament (docs/site-data.md).
// Every list has a fixed order, so the same database gives the same bytes.
type SiteData struct {
	Format     string            `json:"format"`  // "arbitro-site-data"
	Version    int               `json:"version"` // SiteDataVersion
	Tournament siteDataEvent     `json:"tournament"`
	Players    []siteDataPlayer  `json:"players"`
	Rounds     []siteDataRound   `json:"rounds"`
	Standings  []siteDataStand   `json:"standings"`
	Games      []SiteGameSummary `json:"games"`
	// Live is there only while games of the last round are kept on electronic score
	// sheets and not stored (issue 31; docs/site-data.md): as spectators may see them,
	// under the event's delay.
	Live *siteDataLive `json:"live,omitempty"`
}

// siteDataLive are the games in progress of data.json, under the spectators' delay.
type siteDataLive struct {
	Delay tournament.SheetDelay `json:"delay"` // minutes or moves held back; 0 and 0: none
	Games []siteDataLiveGame    `json:"games"`
}

type siteDataLiveGame struct {
	Round int      `json:"round"`
	Board int      `json:"board"`
	Game  int      `json:"game"`
	Plies []string `json:"plies"` // the plies shown, as written on the sheet
	FEN   string   `json:"fen"`   // the position after the last legal ply of them
	Over  bool     `json:"over"`  // the board has a result: shown in full
}

type siteDataEvent struct {
	Name         string   `json:"name"`
	Variant      string   `json:"variant"`
	System       string   `json:"system"`
	Rounds       int      `json:"rounds"`
	RoundsPaired int      `json:"rounds_paired"`
	Scoring      string   `json:"scoring"`
	TieBreaks    []string `json:"tiebreaks"`
	Start        string   `json:"start"`
	End          string   `json:"end"`
	Place        string   `json:"place"`
	Federation   string   `json:"federation"`
	Arbiter      string   `json:"arbiter"`
	TimeControl  string   `json:"time_control"`
}

type siteDataPlayer struct {
	Entry      int64  `json:"entry"`
	Number     int    `json:"number"`
	Name       string `json:"name"`
	Club       string `json:"club"`
	Federation string `json:"federation"`
	Rating     int    `json:"rating"`
	FIDID      string `json:"fid_id"`
	FMJDID     string `json:"fmjd_id"`
	Title      string `json:"title"`
	Withdrawn  bool   `json:"withdrawn"`
	Page       string `json:"page"`
}

type siteDataRound struct {
	Round  int             `json:"round"`
	Boards []siteDataBoard `json:"boards"`
}

type siteDataBoard struct {
	Board       int    `json:"board"`
	Game        int    `json:"game"`
	White       int64  `json:"white"`
	Black       int64  `json:"black"`  // 0: White has the bye
	Result      string `json:"result"` // "2-0", "1-1", "0-2", "+-", "-+", "--", "bye", "adjourned", "unplayed"; "" none yet
	WhitePoints int    `json:"white_points"`
	BlackPoints int    `json:"black_points"`
	GamePage    string `json:"game_page"` // "" when no score is stored
	PDN         string `json:"pdn"`
}

type siteDataStand struct {
	AfterRound int            `json:"after_round"`
	Rows       []siteDataRank `json:"rows"`
}

type siteDataRank struct {
	Rank      int      `json:"rank"`
	RankTo    int      `json:"rank_to"`
	Entry     int      `json:"entry"`
	Points    string   `json:"points"` // in the tournament's scoring, as printed ("4", "2½")
	Games     int      `json:"games"`
	Wins      int      `json:"wins"`
	Draws     int      `json:"draws"`
	Losses    int      `json:"losses"`
	Pending   int      `json:"pending"`
	TieBreaks []string `json:"tiebreaks"` // as printed, in the order of tournament.tiebreaks
}

// SiteGameSummary is one game of data.json: where it is and the engine's verdict.
type SiteGameSummary struct {
	Round       int      `json:"round"`
	Board       int      `json:"board"`
	Game        int      `json:"game"`
	Page        string   `json:"page"`
	PDN         string   `json:"pdn"`
	Legal       bool     `json:"legal"`
	Plies       int      `json:"plies"`
	IllegalPly  int      `json:"illegal_ply,omitempty"`
	Move        string   `json:"move,omitempty"`
	Reason      string   `json:"reason,omitempty"`
	Message     string   `json:"message,omitempty"`
	LegalMoves  []string `json:"legal_moves,omitempty"`
	Result      string   `json:"result"`
	ResultCheck string   `json:"result_check"`
	FinalFEN    string   `json:"final_fen,omitempty"`
	// ScoreBytes is set (the score's length) when the score is longer than the site reads
	// (tournament.MaxSiteScoreBytes): then legal, plies, result_check and final_fen are
	// of its first part only.
	ScoreBytes int `json:"score_bytes,omitempty"`
}

// GameSummary is the data.json entry of game sg.
func GameSummary(sg *tournament.SiteGame) SiteGameSummary {
	b, vd := sg.Board, sg.Verdict
	s := SiteGameSummary{Round: b.Round, Board: b.Board, Game: b.Game, Page: GamePageName(b), PDN: GamePDNName(b),
		Legal: vd.Legal, Plies: vd.Plies, Result: vd.Result, ResultCheck: string(vd.ResultCheck), FinalFEN: vd.FinalFEN, ScoreBytes: sg.Whole}
	if !vd.Legal {
		s.IllegalPly, s.Move, s.Reason, s.Message, s.LegalMoves = vd.Ply, vd.Move, vd.Reason, vd.Message, vd.LegalMoves
	}
	return s
}

// WriteData writes the event's data.json with games (GameSummary of every stored score, in
// round, board and game order).
func (h *HTMLEvent) WriteData(w io.Writer, games []SiteGameSummary) error {
	t := &h.ev.Tournament
	d := SiteData{Format: "arbitro-site-data", Version: SiteDataVersion, Games: games,
		Tournament: siteDataEvent{Name: t.Name, Variant: t.Variant.Name(), System: t.System.Code(), Rounds: t.Rounds, RoundsPaired: h.last,
			Scoring: t.Scoring, TieBreaks: t.TieBreaks, Start: t.Start, End: t.End, Place: t.Place, Federation: t.Federation,
			Arbiter: t.Arbiter, TimeControl: t.TimeControl},
		Players: []siteDataPlayer{}, Rounds: []siteDataRound{}, Standings: []siteDataStand{}}
	if d.Games == nil {
		d.Games = []SiteGameSummary{}
	}
	if d.Tournament.TieBreaks == nil {
		d.Tournament.TieBreaks = []string{}
	}
	for _, e := range h.ev.Entries {
		d.Players = append(d.Players, siteDataPlayer{Entry: e.ID, Number: e.Number, Name: e.Player.Name, Club: e.Player.Club,
			Federation: e.Player.Federation, Rating: e.Rating, FIDID: e.Player.FIDID, FMJDID: e.Player.FMJDID, Title: e.Player.Title,
			Withdrawn: e.Status == tournament.StatusWithdrawn, Page: PlayerPageName(e.ID)})
	}
	for r := 1; r <= h.last; r++ {
		dr := siteDataRound{Round: r, Boards: []siteDataBoard{}}
		for _, b := range h.byRound[r-1] {
			db := siteDataBoard{Board: b.Board, Game: b.Game, White: b.WhiteEntry, Black: b.BlackEntry}
			if b.Result != nil {
				db.Result, db.WhitePoints, db.BlackPoints = b.Result.String(), b.Result.WhitePoints, b.Result.BlackPoints
				if b.Bye() {
					db.Result = "bye"
				}
			}
			if b.GameID != 0 {
				db.GamePage, db.PDN = GamePageName(b), GamePDNName(b)
			}
			dr.Boards = append(dr.Boards, db)
		}
		d.Rounds = append(d.Rounds, dr)
	}
	for r := 1; r <= h.last; r++ {
		ds := siteDataStand{AfterRound: r, Rows: []siteDataRank{}}
		sd := Standings{Table: h.ev.Table, AfterRound: r, Rows: h.standings[r]}
		for k, st := range h.standings[r] {
			row := siteDataRank{Rank: st.Rank, RankTo: st.RankTo, Entry: st.Entry.ID, Points: h.sc.Format(st.Points), Games: st.Games,
				Wins: st.Wins, Draws: st.Draws, Losses: st.Losses, Pending: st.Pending, TieBreaks: []string{}}
			if row.RankTo == 0 {
				row.RankTo = row.Rank
			}
			for i, tb := range h.ev.Table.TieBreaks {
				row.TieBreaks = append(row.TieBreaks, sd.tieBreakText(k, i, tb, h.sc))
			}
			ds.Rows = append(ds.Rows, row)
		}
		d.Standings = append(d.Standings, ds)
	}
	if len(h.ev.Live) > 0 {
		d.Live = &siteDataLive{Delay: h.ev.LiveDelay, Games: []siteDataLiveGame{}}
		for _, x := range h.ev.Live {
			g := siteDataLiveGame{Round: x.Board.Round, Board: x.Board.Board, Game: x.Board.Game, Plies: []string{}, FEN: x.Position.FEN(), Over: x.Over}
			for _, e := range x.Plies {
				g.Plies = append(g.Plies, e.Text)
			}
			d.Live.Games = append(d.Live.Games, g)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(d)
}
