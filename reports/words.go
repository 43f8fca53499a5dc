package reports

import (
	"strconv"

	"arbitro/rules"
	"arbitro/tournament"
)

// orEnglish is l, or English when l is nil (the zero value of every input struct prints
// in English, as every report did before issue 16).
func orEnglish(l *Locale) *Locale {
	if l == nil {
		return English()
	}
	return l
}

// Frac shows num/den as the language writes a score: in English with vulgar fractions
// ("5½", "2¼", as tournament.FormatFraction); where the language has a decimal comma as
// a decimal ("5,5", "2,25"), the form Italian, French and Dutch sheets print.
func (l *Locale) Frac(num, den int) string {
	if !l.DecimalComma() || den <= 1 || num%den == 0 {
		return tournament.FormatFraction(num, den)
	}
	return l.Decimal(strconv.FormatFloat(float64(num)/float64(den), 'f', -1, 64))
}

// Score shows v points in units of scoring sc (Frac with sc.Divisor).
func (l *Locale) Score(sc tournament.Scoring, v int) string {
	if sc.Divisor == 0 {
		sc = tournament.Scoring210
	}
	return l.Frac(v, sc.Divisor)
}

// TieBreakLabel is the column head of a tie-break in the language ("Quoz", "SD"): the
// catalog word "tb.<name>.label".
func (l *Locale) TieBreakLabel(tb tournament.TieBreak) string {
	return l.T("tb." + string(tb) + ".label")
}

// TieBreakTitle is the name of a tie-break in the language ("Scontro diretto"): the
// catalog word "tb.<name>.title".
func (l *Locale) TieBreakTitle(tb tournament.TieBreak) string {
	return l.T("tb." + string(tb) + ".title")
}

// VariantName is the printed name of variant v in the language ("Dama italiana",
// "International draughts"); "" for nil.
func (l *Locale) VariantName(v *rules.Variant) string {
	switch v {
	case rules.Italian:
		return l.T("variant.italian")
	case rules.International:
		return l.T("variant.international")
	}
	return v.Name()
}

// variantShort is the short name of variant v in the language, as under a diagram or in
// an audit's table ("italian", "dama italiana"); "" for nil.
func (l *Locale) variantShort(v *rules.Variant) string {
	switch v {
	case rules.Italian:
		return l.T("variant.short.italian")
	case rules.International:
		return l.T("variant.short.international")
	}
	return v.Name()
}

// SystemName is the printed name of a pairing system in the language (its catalog key,
// System.CatalogKey); "" for no system.
func (l *Locale) SystemName(s tournament.System) string {
	if s.IsZero() {
		return ""
	}
	return l.T(s.CatalogKey())
}
