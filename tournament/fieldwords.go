package tournament

import "strings"

// FieldWord is what, the field a CheckText error names ("club", "place", "PDN tag Event"),
// as a phrase of the catalogs, so that reports words it in the reader's language (issue
// 29); a field arbitro does not know ($USER, $ARBITRO_ARBITER) is returned as the text it
// is. The English of each phrase is what itself: Error() prints what CheckText always
// printed.
func FieldWord(what string) any {
	if w, ok := fieldWords[what]; ok {
		return w
	}
	if tag, ok := strings.CutPrefix(what, "PDN tag "); ok {
		return Errf(nil, "err.field.pdn_tag", "PDN tag {tag}", "tag", tag)
	}
	if table, column, ok := strings.Cut(what, " "); ok && tableWords[table] != nil && columnWords[column] != nil {
		return Errf(nil, "err.field.stored", "{table} {column}", "table", tableWords[table], "column", columnWords[column])
	}
	return what
}

// ColumnWord is a stored text's column as UnsafeText.Column names it ("place", "fid-id")
// as a phrase of the catalogs; an unknown column is returned as an error of its own text.
func ColumnWord(column string) error {
	if w, ok := columnWords[column]; ok {
		return w
	}
	return Errf(nil, "err.field.other", "{name}", "name", column)
}

// fieldWords are the fields CheckText, CheckPersonName and CheckLabel are given (their
// callers' what).
var fieldWords = map[string]error{
	"tournament name": Errf(nil, "err.field.tournament_name", "tournament name"),
	"place":           Errf(nil, "err.field.place", "place"),
	"federation":      Errf(nil, "err.field.federation", "federation"),
	"arbiter":         Errf(nil, "err.field.arbiter", "arbiter"),
	"time control":    Errf(nil, "err.field.time_control", "time control"),
	"player name":     Errf(nil, "err.field.player_name", "player name"),
	"club":            Errf(nil, "err.field.club", "club"),
	"FID id":          Errf(nil, "err.field.fid_id", "FID id"),
	"FMJD id":         Errf(nil, "err.field.fmjd_id", "FMJD id"),
	"national id":     Errf(nil, "err.field.national_id", "national id"),
	"title":           Errf(nil, "err.field.title", "title"),
	"team":            Errf(nil, "err.field.team", "team"),
	"reason":          Errf(nil, "err.field.reason", "reason"),
	"claim note":      Errf(nil, "err.field.claim_note", "claim note"),
	"group name":      Errf(nil, "err.field.group_name", "group name"),
	"arbiter's name":  Errf(nil, "err.field.arbiter_name", "arbiter's name"),
	"category name":   Errf(nil, "err.field.category_name", "category name"),
	"prize label":     Errf(nil, "err.field.prize_label", "prize label"),
}

// tableWords are the holders of stored text UnsafeText.Table names.
var tableWords = map[string]error{
	"tournament": Errf(nil, "err.field.table.tournament", "tournament"),
	"player":     Errf(nil, "err.field.table.player", "player"),
	"category":   Errf(nil, "err.field.table.category", "category"),
	"prize":      Errf(nil, "err.field.table.prize", "prize"),
	"absence":    Errf(nil, "err.field.table.absence", "absence"),
	"claim":      Errf(nil, "err.field.table.claim", "claim"),
	"result":     Errf(nil, "err.field.table.result", "result"),
	"round":      Errf(nil, "err.field.table.round", "round"),
	"event":      Errf(nil, "err.field.table.event", "event"),
}

// columnWords are the columns UnsafeText.Column names (as the commands that set them do).
var columnWords = map[string]error{
	"name":         Errf(nil, "err.field.column.name", "name"),
	"place":        Errf(nil, "err.field.column.place", "place"),
	"federation":   Errf(nil, "err.field.column.federation", "federation"),
	"arbiter":      Errf(nil, "err.field.column.arbiter", "arbiter"),
	"time-control": Errf(nil, "err.field.column.time_control", "time-control"),
	"club":         Errf(nil, "err.field.column.club", "club"),
	"fid-id":       Errf(nil, "err.field.column.fid_id", "fid-id"),
	"fmjd-id":      Errf(nil, "err.field.column.fmjd_id", "fmjd-id"),
	"national-id":  Errf(nil, "err.field.column.national_id", "national-id"),
	"title":        Errf(nil, "err.field.column.title", "title"),
	"rule":         Errf(nil, "err.field.column.rule", "rule"),
	"label":        Errf(nil, "err.field.column.label", "label"),
	"reason":       Errf(nil, "err.field.column.reason", "reason"),
	"note":         Errf(nil, "err.field.column.note", "note"),
	"decided-by":   Errf(nil, "err.field.column.decided_by", "decided-by"),
	"entered-by":   Errf(nil, "err.field.column.entered_by", "entered-by"),
	"date":         Errf(nil, "err.field.column.date", "date"),
	"time":         Errf(nil, "err.field.column.time", "time"),
	"actor":        Errf(nil, "err.field.column.actor", "actor"),
	"action":       Errf(nil, "err.field.column.action", "action"),
}
