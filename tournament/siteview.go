package tournament

import (
	"strings"

	"arbitro/rules"
)

// SiteEvent is the read-only view of one tournament that the web site (package site) is
// drawn from: the tournament row, its entries with their persons, every board of every
// round, the crosstable the standings are computed from, and the draw claims. Game scores
// are not in it: EachSiteGame streams them one at a time, so that publishing a large event
// keeps one game in memory.
type SiteEvent struct {
	Tournament Tournament      // its Variant is the variant every game is replayed under
	Entries    []Entry         // in pairing-number order (entries without a number last, by name)
	Boards     []*Board        // every round, in round, board and game order
	Table      *Crosstable     // as LoadCrosstable returns it
	Claims     []SiteClaim     // every claim of the event, oldest first
	GameIDs    map[int64]int64 // board id -> game id, for the boards that have a score
	// Schedule holds the date and start time of each paired round that has one ('arbitro
	// round set', 'pair --date --time'), by round number.
	Schedule map[int]RoundSchedule
	// Playoffs are the event's play-offs (docs/playoffs.md): they order the final standings.
	Playoffs []Playoff
	// Openings holds the opening drawn by lot for each round of an event with the FID
	// opening ballot (its number in rules.ItalianOpenings), by round number; the round page
	// shows it (issue 29).
	Openings map[int]string
	// Live are the games of the last paired round kept on electronic score sheets whose
	// score is not stored yet (issue 31, docs/hall.md), as spectators may see them under
	// the event's delay LiveDelay at the time of the reading (SheetDelay.Delayed: nothing
	// younger than the delay; in full once the board has a result). LiveUntil is when
	// the next ply held back by a delay in minutes comes into view (RFC 3339 UTC; ""
	// none): a page drawn from this event is right until then.
	Live      []HallGame
	LiveDelay SheetDelay
	LiveUntil string
	// Team is the team event's teams, matches and settings (docs/teams.md); nil for an
	// event of players.
	Team *TeamEvent
	// Categories names the categories of each player by entry id, as
	// StandingsAfter.Categories (nil when the event has none): the site's standings have
	// the category column of the CLI's and the PDF's (issue 29).
	Categories map[int][]string
}

// SiteClaim is a draw claim as the site shows it: the board, the plies, the arbiter's
// decision and the engine's check (whose Message states the count).
type SiteClaim struct {
	ID          int64
	BoardID     int64
	Claimant    string // "white", "black" or "" (the arbiter acted)
	RequestedAt int    // ply after which the count was asked for
	DeclaredAt  int    // ply after which the draw was declared
	Decision    string // DecisionAccepted, DecisionRejected or DecisionPending
	Check       ClaimCheck
}

// SiteGame is one stored game score with everything its web page shows: the parsed game,
// the verdict of a fresh replay with the tournament's variant (rules.ReplayPositions) and
// the position after every legal ply (Positions[0] is the start).
type SiteGame struct {
	ID        int64
	Board     *Board
	PDN       string // the stored text, UTF-8
	Game      *rules.Game
	Verdict   rules.Verdict
	Positions []rules.Position
	// Whole is, for a score longer than MaxSiteScoreBytes, its length in bytes: then Game,
	// Verdict and Positions are of its first MaxSiteScoreBytes only (up to the last space
	// or line end there), so that a page of it, and the memory of drawing it, stay bounded
	// (issue 27). 0 when the whole score was read.
	Whole int
}

// MaxSiteScoreBytes bounds what the site reads of one stored score: a score that long
// holds tens of thousands of plies, beyond any game played (game add takes at most
// MaxGameBytes; game import up to rules.MaxPDNGame).
const MaxSiteScoreBytes = 256 << 10

// SiteGameOf parses and replays a stored score text of board b (with the event's variant,
// forced over the GameType tag, as AddGame judged it); of a text longer than
// MaxSiteScoreBytes, its first part only (SiteGame.Whole).
func SiteGameOf(ev *SiteEvent, b *Board, id int64, text string) *SiteGame {
	sg := &SiteGame{ID: id, Board: b, PDN: text}
	if len(text) > MaxSiteScoreBytes {
		sg.Whole = len(text)
		text = text[:MaxSiteScoreBytes]
		if i := strings.LastIndexAny(text, " \t\r\n"); i > 0 {
			text = text[:i] // a whole move last
		}
	}
	g, err := rules.NewPDNReader(strings.NewReader(text)).Next()
	if err != nil {
		sg.Verdict = rules.ParseErrorVerdict(g, err)
		return sg
	}
	sg.Game = g
	sg.Verdict, sg.Positions = rules.ReplayPositions(g, rules.ReplayOptions{Variant: ev.Tournament.Variant, ForceVariant: true})
	return sg
}
