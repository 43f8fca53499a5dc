package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSafetyReadmeTable: every test the README's Data safety table names exists, and every
// catalogue row it names (TestSafetyCatalogue/S2-*) has at least one case.
func TestSafetyReadmeTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	sec := string(readme)
	i := strings.Index(sec, "### Data safety")
	if i < 0 {
		t.Fatal("README has no Data safety section")
	}
	sec = sec[i:]
	if j := strings.Index(sec[3:], "\n### "); j >= 0 {
		sec = sec[:j+3]
	}
	var src strings.Builder
	filepath.Walk("../..", func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, "_test.go") {
			b, _ := os.ReadFile(p)
			src.Write(b)
		}
		return nil
	})
	all := src.String()
	rows := 0
	for _, line := range strings.Split(sec, "\n") {
		if !strings.HasPrefix(line, "| S") {
			continue
		}
		rows++
		names := regexp.MustCompile("`((?:Test|Fuzz)\\w+)(/(S\\d+)-[^`]*)?`").FindAllStringSubmatch(line, -1)
		if len(names) == 0 {
			t.Errorf("row without a test: %.60s", line)
		}
		for _, m := range names {
			if !strings.Contains(all, "func "+m[1]+"(") {
				t.Errorf("the README names %s, which does not exist", m[1])
			}
			if m[3] != "" && !strings.Contains(all, `row: "`+m[3]+"-") {
				t.Errorf("the README names %s%s, but the catalogue has no %s case", m[1], m[2], m[3])
			}
		}
	}
	if rows < 10 {
		t.Errorf("the Data safety table has %d rows", rows)
	}
}
