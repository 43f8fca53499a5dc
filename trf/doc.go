// Package trf reads, writes, generates and checks Tournament Report Files: FIDE's TRF-16
// (the FIDE Handbook, C.04 Annex 2, "TRF16") and TRF-2026 records (162, 240, 250, 260,
// 299, XXA, ...), and maps a File to and from the domain's tournament.Crosstable. It is
// pure: no database, no files opened; callers hand it bytes or readers.
package trf
