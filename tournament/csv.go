package tournament

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	encoding_ "golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"
)

// PlayerRow is one data row of a players file: the player and the line it came from
// (1-based, the header is line 1).
type PlayerRow struct {
	Line   int    // 1-based line of the file where the row starts
	Player Player // the player as read (not yet entered)
}

// CSVError is a players-file error at one line; it wraps ErrBadCSV and the cause.
type CSVError struct {
	Line int   // 1-based line of the file (header = 1); 0 for the file as a whole
	Err  error // the cause
}

// Error returns "line N: cause".
func (e *CSVError) Error() string {
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

// Unwrap returns ErrBadCSV and the cause, so errors.Is works for both.
func (e *CSVError) Unwrap() []error { return []error{ErrBadCSV, e.Err} }

// csvColumns maps header names, as csvColumnKey folds them (lower case, accents dropped,
// spaces single), to fields: the names English, Italian, French (FFJD) and Dutch (KNDB)
// spreadsheets use (docs/player-import.md lists them per language). "cognome", "nom" and
// "naam" are the surname when a given-name column (nome, prénom, voornaam) exists, else the
// whole name; "tussenvoegsel" is the Dutch prefix of the surname (van, de, van der).
var csvColumns = map[string]string{
	"name": "name", "player": "name", "giocatore": "name", "nominativo": "name", "cognome e nome": "name",
	"nome e cognome": "name", "full name": "name",
	"joueur": "name", "nom et prenom": "name", "nom prenom": "name", "nom complet": "name", "prenom et nom": "name",
	"speler": "name", "volledige naam": "name", "naam speler": "name",
	"surname": "surname", "last name": "surname", "family name": "surname", "cognome": "surname",
	"nom": "surname", "nom de famille": "surname", "naam": "surname", "achternaam": "surname",
	"first name": "given", "given name": "given", "nome": "given", "forename": "given",
	"prenom": "given", "voornaam": "given", "roepnaam": "given",
	"tussenvoegsel": "infix", "tussenvoegsels": "infix", "tussenv": "infix", "tussenv.": "infix",
	"club": "club", "circolo": "club", "societa": "club", "team": "club", "squadra": "club",
	"equipe": "club", "vereniging": "club", "clubnaam": "club",
	"federation": "federation", "fed": "federation", "federazione": "federation", "nazione": "federation",
	"country": "federation", "nation": "federation", "pays": "federation",
	"federatie": "federation", "bond": "federation", "land": "federation",
	"fid id": "fid_id", "fid-id": "fid_id", "fid_id": "fid_id", "fid": "fid_id", "tessera": "fid_id",
	"tessera fid": "fid_id", "n. tessera": "fid_id", "n tessera": "fid_id", "matricola": "fid_id",
	"fmjd id": "fmjd_id", "fmjd-id": "fmjd_id", "fmjd_id": "fmjd_id", "fmjd": "fmjd_id", "id fmjd": "fmjd_id",
	"national id": "national_id", "national-id": "national_id", "national_id": "national_id", "id nazionale": "national_id",
	"licence": "national_id", "n° licence": "national_id", "no licence": "national_id", "numero de licence": "national_id",
	"licence ffjd": "national_id", "bondsnummer": "national_id", "relatienummer": "national_id", "lidnummer": "national_id",
	"kndb-nummer": "national_id", "kndb nummer": "national_id",
	"rating": "rating", "elo": "rating", "punteggio": "rating", "punti elo": "rating", "elo fid": "rating",
	"elo fmjd": "rating", "elo rubele": "rating", "rating fid": "rating",
	"classement": "rating", "elo ffjd": "rating", "rating fmjd": "rating", "kndb-rating": "rating", "kndb rating": "rating",
	"birth year": "birth_year", "birth-year": "birth_year", "birth_year": "birth_year", "year of birth": "birth_year",
	"born": "birth_year", "anno di nascita": "birth_year", "anno nascita": "birth_year", "anno": "birth_year", "nato": "birth_year",
	"ne": "birth_year", "ne(e)": "birth_year", "nee": "birth_year", "annee de naissance": "birth_year", "annee": "birth_year",
	"naissance": "birth_year", "geboortejaar": "birth_year", "geboren": "birth_year", "jaar": "birth_year",
	"title": "title", "titolo": "title", "categoria": "title", "cat": "title", "cat.": "title",
	"titre": "title", "categorie": "title", "titel": "title",
}

// csvColumnKey folds a header cell to csvColumns's form: quotes and outer spaces trimmed,
// inner spaces single, lower case, accents dropped ("Prénom" → "prenom", "Società" →
// "societa"); "°" is kept ("N° licence").
func csvColumnKey(h string) string {
	k := strings.ToLower(strings.Join(strings.Fields(strings.Trim(h, " \"'")), " "))
	if isASCII(k) {
		return k
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(k) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ParsePlayersCSV reads a players file: a header row naming the columns (English,
// Italian, French or Dutch, in any case, with or without accents: Name or Cognome + Nome,
// Nom + Prénom, Achternaam + Voornaam; Club/Circolo/Vereniging, Rating/Elo/Classement,
// FID id/Tessera, Federation/Federazione/Fédération, Birth year/Anno di nascita/Année de
// naissance/Geboortejaar, Title/Categoria/Titre/Titel...: csvColumns), then one player per
// row. The separator is whichever of ';', ',' or tab the header uses (Italian
// Excel writes ';'). The text may be UTF-8, with or without BOM, or Windows-1252 (what
// Excel writes for "CSV (delimitato dal separatore di elenco)").
//
// It stops at the first bad row: the *CSVError names the line and the problem and wraps
// ErrBadCSV. Empty rows are skipped. Unknown columns are an error, so that a misspelt
// header does not silently drop data.
func ParsePlayersCSV(r io.Reader) ([]PlayerRow, error) {
	rows, _, err := ReadPlayersCSV(r, "")
	return rows, err
}

// MaxCSVBytes is the largest players file read (64 MB: some hundred thousand players).
const MaxCSVBytes = 64 << 20

// ReadPlayersCSV is ParsePlayersCSV with the file's encoding: "" detects it (a UTF-16
// byte-order mark, as Excel's "Unicode text" writes, little or big endian; else UTF-8 with
// or without BOM; else Windows-1252), or an IANA name ("iso-8859-2" or "latin2" for Czech,
// Polish, Hungarian files, "windows-1250", "iso-8859-1", "utf-16le"...) for what cannot be
// detected. The warnings say when Windows-1252 was guessed and gave characters unusual in
// names ("Dvoøák" is Latin-2 "Dvořák" read as Windows-1252). Errors wrap ErrBadCSV, or
// ErrMalformed for an unknown encoding name.
func ReadPlayersCSV(r io.Reader, encoding string) ([]PlayerRow, []Note, error) {
	pc, err := OpenPlayersCSV(r, encoding)
	if err != nil {
		return nil, nil, err
	}
	var out []PlayerRow
	for row, err := range pc.Rows() {
		if err != nil {
			return nil, pc.Warnings, err
		}
		out = append(out, row)
	}
	return out, pc.Warnings, nil
}

// PlayersCSV is a players file read and decoded (at most MaxCSVBytes), whose rows are
// parsed one at a time, as often as asked (Rows): a file of a million players is entered
// without holding a million rows (issue 27).
type PlayersCSV struct {
	data     []byte // the file decoded to UTF-8, without a byte-order mark
	Warnings []Note // as ReadPlayersCSV's
}

// OpenPlayersCSV reads the file r in the encoding as ReadPlayersCSV does and checks that
// it has a header row; the rows are read by Rows. Errors: those of ReadPlayersCSV about
// the file as a whole (too large, not text in the encoding, empty).
func OpenPlayersCSV(r io.Reader, encoding string) (*PlayersCSV, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxCSVBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxCSVBytes {
		return nil, &CSVError{Err: Errf(nil, "err.csv.too_large", "the file is larger than {mb} MB", "mb", MaxCSVBytes>>20)}
	}
	data, warnings, err := decodeCSV(data, encoding)
	if err != nil {
		return nil, err
	}
	if IsBlankText(data) {
		return nil, &CSVError{Err: Errf(nil, "err.csv.empty", "the file is empty: it needs a header row (e.g. Name;Club;Rating) and one row per player")}
	}
	return &PlayersCSV{data: data, Warnings: warnings}, nil
}

// Rows parses the file's rows in order, each time it is ranged over: a bad header or row
// is given as the error (a *CSVError naming the line, wrapping ErrBadCSV) and ends the
// sequence; empty rows are skipped.
func (pc *PlayersCSV) Rows() iter.Seq2[PlayerRow, error] {
	return func(yield func(PlayerRow, error) bool) {
		if err := eachPlayerRow(pc.data, func(r PlayerRow) bool { return yield(r, nil) }); err != nil {
			yield(PlayerRow{}, err)
		}
	}
}

// RowsOf gives rows as a sequence (for Rows's callers, such as store.ImportPlayers).
func RowsOf(rows []PlayerRow) iter.Seq2[PlayerRow, error] {
	return func(yield func(PlayerRow, error) bool) {
		for _, r := range rows {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// unusualInNames are the characters Windows-1252 gives for the bytes that Latin-2 and
// Windows-1250 use for letters (ř→ø, Ř→Ø, š→¹, ž→¾, Š→©, Ž→®, ł→³, Ł→£, ą→±, ś→¶, ź→¼,
// ż→¿, ľ→µ, ť→»...): symbols, and letters seldom seen in a player's name.
const unusualInNames = "øØðÐþÞ×÷¹²³£±¶¼½¾¿µ»«©®¤¦§¨ª¬¯°´¸º¢¥"

func decodeCSV(data []byte, encoding string) ([]byte, []Note, error) {
	var dec *encoding_.Decoder
	if encoding != "" {
		var err error
		if dec, err = decoderByName(encoding); err != nil {
			return nil, nil, err
		}
	} else {
		dec = bomDecoder(data)
	}
	if dec != nil {
		out, err := dec.Bytes(data)
		if err != nil {
			return nil, nil, &CSVError{Err: Errf(nil, "err.csv.encoding", "the file is not {encoding} text: {error}", "encoding", orDefault(encoding, "UTF-16"), "error", err)}
		}
		return bytes.TrimPrefix(out, []byte("\xef\xbb\xbf")), nil, nil
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return data, nil, nil
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil {
		return nil, nil, &CSVError{Err: Errf(nil, "err.csv.not_text", "the file is neither UTF-8 nor Windows-1252 text")}
	}
	var warnings []Note
	for i, line := range strings.Split(string(out), "\n") {
		if j := strings.IndexAny(line, unusualInNames); j >= 0 {
			r, _ := utf8.DecodeRuneInString(line[j:])
			warnings = append(warnings, NewNote(NoteCSVLatin2, "line", i+1, "char", string(r), "name", RuneName(r), "text", strings.TrimSpace(line)))
			break
		}
	}
	return out, warnings, nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// eachPlayerRow parses data (decoded, not empty) and gives each player row to fn until
// fn answers false; the error is the first bad header or row.
func eachPlayerRow(data []byte, fn func(PlayerRow) bool) error {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = csvSeparator(data)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true // csvPlayer copies what it keeps
	head, err := cr.Read()
	if err != nil {
		return &CSVError{Line: 1, Err: err}
	}
	cols, err := csvHeader(head)
	if err != nil {
		return &CSVError{Line: 1, Err: err}
	}
	for {
		line, _ := cr.FieldPos(0)
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return &CSVError{Line: pe.Line, Err: pe.Err}
			}
			return &CSVError{Line: line, Err: err}
		}
		line, _ = cr.FieldPos(0)
		if blank(rec) {
			continue
		}
		p, err := csvPlayer(rec, cols)
		if err != nil {
			return &CSVError{Line: line, Err: err}
		}
		if !fn(PlayerRow{Line: line, Player: p}) {
			return nil
		}
	}
}

// csvSeparator is the separator of the header line: ';' (as Italian Excel writes), or ','
// or a tab when the header holds more of them.
func csvSeparator(data []byte) rune {
	header := data
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		header = data[:i]
	}
	sep := ';'
	best := bytes.Count(header, []byte(";"))
	for _, c := range []rune{',', '\t'} {
		if n := bytes.Count(header, []byte(string(c))); n > best {
			sep, best = c, n
		}
	}
	return sep
}

// csvHeader returns the field of each column of the header (csvColumns; "" for an empty
// column); "Cognome" or "Nome" alone is the whole name.
func csvHeader(head []string) ([]string, error) {
	cols := make([]string, len(head))
	have := map[string]bool{}
	for i, h := range head {
		k := csvColumnKey(h)
		f, ok := csvColumns[k]
		if !ok {
			if k == "" {
				continue // an empty trailing column, as spreadsheets write
			}
			return nil, Errf(nil, "err.csv.unknown_column", "unknown column {column} (known: Name or Cognome+Nome, Club/Circolo, Federation, FID id/Tessera, FMJD id, National id, Rating/Elo, Birth year/Anno di nascita, Title/Categoria)", "column", strconv.Quote(h))
		}
		if have[f] {
			return nil, Errf(nil, "err.csv.column_twice", "column {column} appears twice", "column", strconv.Quote(h))
		}
		cols[i], have[f] = f, true
	}
	if have["surname"] != have["given"] {
		// "Cognome" alone, or "Nome" alone: it holds the whole name.
		for i := range cols {
			if cols[i] == "surname" || cols[i] == "given" {
				cols[i] = "name"
			}
		}
		have["name"], have["surname"], have["given"] = true, false, false
	}
	if !have["name"] && !have["surname"] {
		return nil, Errf(nil, "err.csv.no_name_column", "no name column: the header needs Name (or Cognome and Nome)")
	}
	if have["name"] && have["surname"] {
		return nil, Errf(nil, "err.csv.two_name_columns", "both a full-name column and a Cognome/Surname column: keep one")
	}
	return cols, nil
}

// blank reports whether every field of a record is empty.
func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// csvText are the columns copied as they are into a Player.
var csvText = map[string]func(p *Player) *string{
	"name": func(p *Player) *string { return &p.Name }, "club": func(p *Player) *string { return &p.Club },
	"federation": func(p *Player) *string { return &p.Federation }, "fid_id": func(p *Player) *string { return &p.FIDID },
	"fmjd_id": func(p *Player) *string { return &p.FMJDID }, "national_id": func(p *Player) *string { return &p.NationalID },
	"title": func(p *Player) *string { return &p.Title },
}

// csvPlayer reads one data record into a validated Player.
func csvPlayer(rec, cols []string) (Player, error) {
	var p Player
	if len(rec) > len(cols) && !blank(rec[len(cols):]) {
		return p, Errf(nil, "err.csv.fields", "{fields} fields but the header has {columns} columns (a separator inside a name? put the name in quotes)", "fields", len(rec), "columns", len(cols))
	}
	var surname, given, infix string
	for i, v := range rec[:min(len(rec), len(cols))] {
		v = strings.TrimSpace(v)
		var err error
		switch cols[i] {
		case "surname":
			surname = v
		case "given":
			given = v
		case "infix":
			infix = v
		case "rating":
			p.Rating, err = parseCSVInt(v, "rating")
		case "birth_year":
			p.BirthYear, err = parseCSVInt(v, "birth year")
		default:
			if f := csvText[cols[i]]; f != nil {
				*f(&p) = v
			}
		}
		if err != nil {
			return p, err
		}
	}
	if slices.Contains(cols, "surname") {
		p.Name = surname
		if given != "" {
			p.Name = surname + ", " + given
		}
	}
	if infix != "" && p.Name != "" {
		p.Name = infix + " " + p.Name // "van der", "Berg, Jan": "van der Berg, Jan"
	}
	if err := p.Validate(); err != nil {
		return p, err
	}
	return p, nil
}

// parseCSVInt reads a whole number as spreadsheets write it: "1850", "1.850" (Italian
// thousands), "1850,0"; empty is 0.
func parseCSVInt(v, what string) (int, error) {
	if v == "" || v == "-" {
		return 0, nil
	}
	s := v
	for _, suf := range []string{",0", ".0", ",00", ".00"} {
		if strings.HasSuffix(s, suf) {
			s = strings.TrimSuffix(s, suf)
			break
		}
	}
	if len(s) > 4 && s[len(s)-4] == '.' {
		s = s[:len(s)-4] + s[len(s)-3:]
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, Errf(nil, "err.csv.not_a_number", "{what} {value} is not a whole number", "what", what, "value", strconv.Quote(v))
	}
	return n, nil
}
