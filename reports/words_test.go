package reports

import (
	"testing"

	"arbitro/tournament"
)

// TestSystemNames: every pairing system has its printed name in every language, under its
// catalog keys (System.CatalogKey for the sheets, System.SiteCatalogKey for the site), and
// SystemName prints it; no system prints nothing.
func TestSystemNames(t *testing.T) {
	want := map[string]string{"round-robin": "round robin (girone all'italiana)", "italo-swiss": "FID Italo-Swiss (rotazione continua)", "dutch": "FIDE Dutch Swiss"}
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		for _, s := range tournament.Systems() {
			name := l.SystemName(s)
			if name == "" || name == "{"+s.CatalogKey()+"}" || name != l.T(s.CatalogKey()) {
				t.Errorf("%s: %s is printed %q", lang, s, name)
			}
			if site := l.T(s.SiteCatalogKey()); site == "" || site == "{"+s.SiteCatalogKey()+"}" {
				t.Errorf("%s: %s on the site is %q", lang, s, site)
			}
		}
		if got := l.SystemName(tournament.System{}); got != "" {
			t.Errorf("%s: no system printed %q", lang, got)
		}
	}
	en := MustLocale("en")
	for _, s := range tournament.Systems() {
		if got := en.SystemName(s); got != want[s.Code()] {
			t.Errorf("en: %s printed %q, want %q", s, got, want[s.Code()])
		}
	}
}
