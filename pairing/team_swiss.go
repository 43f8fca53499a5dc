package pairing

// The team Swiss: pairing teams on match points by the Dutch rules applied to teams (as
// Swiss-Manager does), with the team colour preferences of FIDE C.04.6 (Swiss Team
// Pairing System, approved by the FIDE Council on 28/10/2025, applied from 1 February
// 2026). docs/team-swiss.md says which article is followed where, and where the rules
// are silent.

import "errors"

// ErrTeamSnapshot is wrapped by TeamSwiss's errors about its input (besides
// ErrBadSnapshot, which it also wraps): a history naming an unknown round kind, a
// primary score or colour rule out of range.
var ErrTeamSnapshot = errors.New("pairing: inconsistent team snapshot")

// TeamScore selects the pairing score of a team Swiss (C.04.6 Art. 1.2: the primary
// score; the other one is the secondary score).
type TeamScore int8

// Team pairing scores. The zero value is match points, the default of C.04.6 and of
// the issue (2/1/0 by default; any integer scale the tournament uses).
const (
	TeamByMatchPoints TeamScore = iota // brackets by match points; game points secondary
	TeamByGamePoints                   // brackets by game (board) points; match points secondary
)

// TeamColourRule selects how a team's colour preference is read from its colour history
// (the colour of its first board in each played match, C.04.6 Art. 1.6.1).
type TeamColourRule int8

// Team colour rules. The zero value is C.04.6 type A.
const (
	// TeamColoursA: C.04.6 Art. 1.7 type A (simple): a preference for White when the
	// colour difference is below −1, or is 0 or −1 and the last two played matches were
	// Black (symmetrically for Black); no preference otherwise. Never absolute.
	TeamColoursA TeamColourRule = iota
	// TeamColoursB: C.04.6 type B: the type-A preferences are strong; otherwise a mild
	// preference for White at colour difference −1, or at 0 after Black in the last
	// played match except in the last round (symmetrically for Black). Never absolute.
	TeamColoursB
	// TeamColoursNone: no colour preferences (C.04.6: competitions where colours do not
	// matter); colours of each match by Art. 4's last steps only.
	TeamColoursNone
	// TeamColoursDutch: the individual rules of C.04.3 Art. 1.6–1.7 and 5 applied to
	// the team colours unchanged (absolute preferences and C3 included): the Dutch
	// system on teams with nothing adapted, the reading of the comparison test.
	TeamColoursDutch
)

// TeamRound is one past round of one team, as TeamSwiss needs it.
type TeamRound struct {
	Number   int    // round number, 1-based
	Opponent int    // opponent team's ID; 0 for a bye or an absence
	Colour   Colour // colour of the team's first board (C.04.6 Art. 1.6.1); NoColour when not played
	// Kind: Played (the match was played over the boards, whatever forfeits of single
	// boards), Bye (pairing-allocated bye), ForfeitWin / ForfeitLoss (the whole match
	// forfeited: the opponent did not appear / the team did not appear), Absent (not
	// paired: withdrawn, requested absence, late entry).
	Kind        Kind
	MatchPoints int   // match points earned in this round, in the tournament's scale
	GamePoints  int   // board (game) points earned in this round, draughts game points
	Float       Float // float of this round as recorded when paired; NoFloat: derived
}

// Team is one team as TeamSwiss sees it: the snapshot the caller builds.
type Team struct {
	ID          int    // stable identifier (the team's id); never 0
	Number      int    // team pairing number (TPN), 1-based
	Name        string // for explanations only
	MatchPoints int    // match points so far (the sum of History's, bonus or penalty included)
	GamePoints  int    // game (board) points so far, draughts game points
	History     []TeamRound
	Available   bool // false: withdrawn or absent for the round being paired
}

// TeamSwissOptions configures one round of the team Swiss.
type TeamSwissOptions struct {
	// Round is the round being paired (1-based); 0: one more than the highest round in
	// any history.
	Round int
	// Rounds is the number of rounds of the event (the last round changes type-B mild
	// preferences, C.04.6 Art. 1.7, and the Dutch topscorer rule); 0: unknown.
	Rounds int
	// Seed is the stored seed of the lot; InitialColour, when not NoColour, is the colour
	// of the first board of TPN 1 in round 1 (otherwise drawn: LotColour(Seed)).
	Seed          uint64
	InitialColour Colour
	// Score is the pairing (primary) score; Colours the colour-preference rule.
	Score   TeamScore
	Colours TeamColourRule
	// WinMatchPoints is the match points of a won match (0: 2, the default 2/1/0). A
	// round not paired but scored with at least as many match points (a full-point
	// bye) rules out the pairing-allocated bye, as a forfeit win does (C.04.1 Art. 4).
	WinMatchPoints int
	// Forbidden are pairs of team IDs that must not meet this round (kept apart like
	// teams that already met, C1).
	Forbidden [][2]int
	// SearchBudget is passed to the Dutch engine (DutchOptions.SearchBudget).
	SearchBudget int
}

// TeamNoteCode names one line of a team Swiss explanation; reports words it in the
// reader's language (catalog keys "teamswiss.<code>").
type TeamNoteCode string

// Codes of the explanation of a paired team round. Args are listed per code.
const (
	// TeamNoteRule: the rules applied. Args: primary score (0 match points, 1 game
	// points), colour rule (TeamColourRule), initial colour (Colour).
	TeamNoteRule TeamNoteCode = "rule"
	// TeamNoteBracket: one score bracket. Args: score (primary), residents, then the
	// IDs of the teams moved down into it.
	TeamNoteBracket TeamNoteCode = "bracket"
	// TeamNoteFloat: a team moved down out of its bracket. Args: team ID, from score,
	// to score (the opponent's score; the bye: -1).
	TeamNoteFloat TeamNoteCode = "float"
	// TeamNoteBye: the pairing-allocated bye. Args: team ID, its score, its unplayed
	// rounds so far.
	TeamNoteBye TeamNoteCode = "bye"
	// TeamNoteColour: the colours of one match. Args: board (match) number, white team
	// ID, black team ID, the step of C.04.6 Art. 4 (or C.04.3 Art. 5.2 under
	// TeamColoursDutch) that decided it.
	TeamNoteColour TeamNoteCode = "colour"
	// TeamNotePreferenceUnmet: a team that does not get its colour preference. Args:
	// team ID, preferred colour (Colour), strength (1 mild or simple, 2 strong).
	TeamNotePreferenceUnmet TeamNoteCode = "preference-unmet"
)

// TeamNote is one line of the explanation: a code and its integer arguments.
type TeamNote struct {
	Code TeamNoteCode
	Args []int
}

// TeamSwissResult is one paired round of a team Swiss.
type TeamSwissResult struct {
	// Pairs are the matches in the order of C.04.2 Art. 3.6 (higher score, sum of
	// scores, rank); White is the team with White on board 1 (the caller alternates the
	// boards' colours from there). The bye is not among them.
	Pairs []Pair
	// Bye is the ID of the team given the pairing-allocated bye; 0 when none.
	Bye int
	// InitialColour is the initial colour used (drawn or given).
	InitialColour Colour
	// Floats gives the float of this round by team ID (Down for the higher of two
	// teams with different scores and for the bye, Up for the lower); store it and pass
	// it back as TeamRound.Float.
	Floats map[int]Float
	// Notes is the explanation, in order: the rule, the brackets top-down with their
	// floats, the bye, the colours of each match and the preferences not met.
	Notes []TeamNote
}

// TeamSwiss pairs one round of a team Swiss over the available teams: the FIDE Dutch
// rules (C.04.3, pairing.Dutch) applied to teams on the primary score, with the team
// colour preferences of C.04.6 Art. 1.7 (type A by default; never absolute) and the
// colour allocation of C.04.6 Art. 4. docs/team-swiss.md lists the articles followed and
// where C.04.6 differs or the rules are silent.
//
// Errors: ErrBadSnapshot (a non-positive or duplicate id, a duplicate TPN among the
// available teams), ErrTeamSnapshot (an option out of range), ErrNoPairing (no pairing
// of all available teams without a repeated match or a second bye), ErrSearchLimit (a
// bracket the Dutch search could not prove; named in the message).
func TeamSwiss(teams []Team, opt TeamSwissOptions) (TeamSwissResult, error) {
	return teamSwiss(teams, opt)
}
