// Package rules is arbitro's draughts rules engine: board geometry, positions, legal move
// generation, FEN, and perft for Italian draughts (dama italiana, FID Regolamento tecnico)
// and International draughts (FMJD Official Rules, Annex 1). It does no I/O.
//
// Squares are the 1-based PDN square numbers (1..32 Italian, 1..50 International), numbered
// row by row from the top-left as White sees the board. White moves first in both variants.
// The rules as implemented are stated in docs/rules-italian.md and docs/rules-international.md;
// the rule articles are cited on each function.
//
// Internally a position is three uint64 bitboards (white pieces, black pieces, kings) over a
// padded layout: each row holds Size/2 bits and one unused "ghost" bit follows every second
// row, so that the four diagonal directions are the constant shifts -(h+1), -h, +h, +h+1
// (h = Size/2) and a step off the board always lands on a ghost bit or outside the word.
package rules
