package tournament

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// HallSettings are an event's settings of the hall, stored with it (arbitro hall set;
// issue 30, docs/hall.md) rather than given to each run of serve --hall.
type HallSettings struct {
	// URL is the event's hall address printed on the pairing sheets (HallEventURL's form,
	// "http://192.168.1.10:8080/hall/3/"); "" none.
	URL string `json:"url"`
	// Confirm: the arbiter confirms every result; two agreeing entries wait for him.
	Confirm bool `json:"confirm"`
	// SingleMinutes: a single entry (the opponent has entered nothing) goes to the arbiter
	// this many minutes after it was entered; 0 never (it waits, shown in the console).
	SingleMinutes int `json:"single_minutes"`
	// Sheets says who keeps the electronic score sheet (issue 31): SheetsAny (each
	// player may keep his own, or one keeps it for both; the zero value reads as it),
	// SheetsBoth (each his own), SheetsWhite or SheetsBlack (that player, for both).
	Sheets string `json:"sheets"`
}

// Who keeps the electronic score sheet (HallSettings.Sheets).
const (
	SheetsAny   = "any"
	SheetsBoth  = "both"
	SheetsWhite = "white"
	SheetsBlack = "black"
)

// SheetKeeper reports whether the player of side ('W' or 'B') may write a score sheet
// under s, and, when he may not, who keeps it (SheetsWhite or SheetsBlack). With
// SheetsBoth or SheetsAny every player may.
func (s HallSettings) SheetKeeper(side byte) (bool, string) {
	switch s.Sheets {
	case SheetsWhite:
		return side == 'W', SheetsWhite
	case SheetsBlack:
		return side == 'B', SheetsBlack
	}
	return true, ""
}

// MaxSingleMinutes bounds HallSettings.SingleMinutes (a day).
const MaxSingleMinutes = 24 * 60

// Overdue reports whether a single entry made at enteredAt (RFC 3339) has gone to the
// arbiter at now: SingleMinutes is set and that many minutes have passed. An entry time
// that does not parse counts as overdue (the arbiter looks at it).
func (s HallSettings) Overdue(enteredAt string, now time.Time) bool {
	if s.SingleMinutes <= 0 {
		return false
	}
	at, err := time.Parse(time.RFC3339, enteredAt)
	return err != nil || !now.Before(at.Add(time.Duration(s.SingleMinutes)*time.Minute))
}

// HallSettingsChange is what `arbitro hall set` changes: a nil field is kept as it is.
type HallSettingsChange struct {
	URL           *string // "" removes the address
	Confirm       *bool
	SingleMinutes *int
	Sheets        *string // SheetsAny, SheetsBoth, SheetsWhite or SheetsBlack
}

// Apply returns s with c's fields set, the URL read by HallEventURL for tournament id.
// Errors: ErrHallURL for the address; ErrInvalid for minutes out of 0..MaxSingleMinutes.
func (c HallSettingsChange) Apply(s HallSettings, id int64) (HallSettings, error) {
	if c.URL != nil {
		s.URL = ""
		if strings.TrimSpace(*c.URL) != "" {
			u, err := HallEventURL(*c.URL, id)
			if err != nil {
				return s, err
			}
			s.URL = u
		}
	}
	if c.Confirm != nil {
		s.Confirm = *c.Confirm
	}
	if c.SingleMinutes != nil {
		if m := *c.SingleMinutes; m < 0 || m > MaxSingleMinutes {
			return s, Errf(ErrInvalid, "err.hall.single_after", "{err}: a single entry goes to the arbiter after 0 (never) to {max} minutes, not {minutes}", "max", MaxSingleMinutes, "minutes", m)
		}
		s.SingleMinutes = *c.SingleMinutes
	}
	if c.Sheets != nil {
		switch v := strings.ToLower(strings.TrimSpace(*c.Sheets)); v {
		case SheetsAny, SheetsBoth, SheetsWhite, SheetsBlack:
			s.Sheets = v
		default:
			return s, Errf(ErrInvalid, "err.hall.sheets", "{err}: who keeps the score sheet: any, both, white or black, not {sheets}", "sheets", strconv.Quote(*c.Sheets))
		}
	}
	return s, nil
}

// ErrHallURL: an address that is not a hall's (HallEventURL).
var ErrHallURL = errors.New("not the address of a hall")

// HallEventURL reads the hall's address as `arbitro serve --hall` prints it: an http or
// https URL with a host, whose path is "/hall/" (the whole file's hall) or "/hall/ID/"
// (one event's); "", "/" and "/hall" are read as "/hall/". It returns the address of
// tournament id's hall, "http://192.168.1.10:8080/hall/3/"; id 0 checks the form alone
// and returns "". Errors wrap ErrHallURL and say what is wrong: another scheme, no host,
// a query, another path, another tournament's id.
func HallEventURL(raw string, id int64) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", Errf(ErrHallURL, "err.hall.url_scheme", "{err}: {url} needs http:// or https:// and the laptop's address, as serve --hall prints it", "url", strconv.Quote(raw))
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil || u.ForceQuery {
		return "", Errf(ErrHallURL, "err.hall.url_extra", "{err}: {url} has more than an address and a path", "url", strconv.Quote(raw))
	}
	p := strings.TrimSuffix(u.Path, "/")
	rest, ok := strings.CutPrefix(p, "/hall/")
	if n, err := strconv.ParseInt(rest, 10, 64); p != "" && p != "/hall" && (!ok || err != nil || n <= 0 || strconv.FormatInt(n, 10) != rest) {
		return "", Errf(ErrHallURL, "err.hall.url_path", "{err}: {url}: the path must be /hall/ or /hall/ID/", "url", strconv.Quote(raw))
	}
	if id == 0 {
		return "", nil
	}
	idText := strconv.FormatInt(id, 10)
	if ok && rest != idText {
		return "", Errf(ErrHallURL, "err.hall.url_other", "{err}: {url} is the hall of tournament {other}, not of this one ({id})", "url", strconv.Quote(raw), "other", rest, "id", idText)
	}
	u.Path = "/hall/" + idText + "/"
	return u.String(), nil
}
