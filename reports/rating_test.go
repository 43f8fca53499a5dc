package reports

import (
	"bytes"
	"testing"

	"arbitro/tournament"
)

// The Elo-Rubele report as text and CSV in each language (golden/rating.txt in English,
// rating.<lang>.txt in the others): a counted game with its expected score (a table was
// given), a rest and a forfeit left out (Art. 7), an opponent without a capital; decimal
// commas, the CSV separator and the words of the reasons follow the language.
func TestRatingTextAndCSV(t *testing.T) {
	exp := 0.76
	r := &tournament.RatingReport{Tournament: "Open", Variant: "italian", Q: 10, Minimum: 500, Table: true,
		Rows: []tournament.RatingRow{
			{Number: 1, Name: "Rossi, Mario", FIDID: "101", Capital: 1800, Games: 1, Points: 2, Score: 1, OppAvg: 1500.5, Expected: &exp,
				Detail: []tournament.RatingGame{
					{Round: 1, Opponent: 2, OppName: "Verdi, Anna", Capital: 1500, Points: 2, Counted: true, Expected: 0.76},
					{Round: 2, Points: 2, Reason: tournament.RatingReasonRest},
					{Round: 3, Opponent: 3, OppName: "Neri, Ugo", Points: 2, Reason: tournament.RatingReasonForfeit},
					{Round: 4, Opponent: 4, OppName: "=Blu", Points: 1, Reason: tournament.RatingReasonNoCapital},
				}},
		}}
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		var b bytes.Buffer
		if err := WriteRatingText(&b, l, r); err != nil {
			t.Fatal(err)
		}
		b.WriteString("--- csv\n")
		if err := WriteRatingCSV(&b, l, r); err != nil {
			t.Fatal(err)
		}
		golden(t, langGolden("golden/rating.txt", l), b.Bytes())
	}
}
