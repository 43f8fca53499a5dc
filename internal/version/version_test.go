package version

import (
	"runtime/debug"
	"testing"
)

const sha = "1c09412a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"

func buildInfo(mainVersion string, settings ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "arbitro", Version: mainVersion}}
	for i := 0; i+1 < len(settings); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return bi
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name                string
		ldVersion, ldCommit string
		bi                  *debug.BuildInfo
		want                Info
		str                 string
	}{
		{"no information at all", "", "", nil, Info{"dev", ""}, "dev"},
		{"go run or a test binary", "", "", buildInfo("(devel)"), Info{"dev", ""}, "dev"},
		{"linker stamps win over build info", "v1.2.0", sha,
			buildInfo("v0.0.0-20261123180000-aaaaaaaaaaaa", "vcs.revision", "ffff", "vcs.modified", "true"),
			Info{"v1.2.0", sha}, "v1.2.0 (commit 1c09412a0b1c)"},
		{"go install module@v1.2.0: no VCS settings", "", "", buildInfo("v1.2.0"),
			Info{"v1.2.0", ""}, "v1.2.0"},
		{"go build in a tagged checkout", "", "", buildInfo("v1.2.0", "vcs", "git", "vcs.revision", sha, "vcs.modified", "false"),
			Info{"v1.2.0", sha}, "v1.2.0 (commit 1c09412a0b1c)"},
		{"pseudo-version already names the commit", "", "",
			buildInfo("v0.0.0-20261123180000-1c09412a0b1c+dirty", "vcs.revision", sha, "vcs.modified", "true"),
			Info{"v0.0.0-20261123180000-1c09412a0b1c+dirty", sha + "-dirty"}, "v0.0.0-20261123180000-1c09412a0b1c+dirty"},
		{"untagged build without a module version", "", "", buildInfo("(devel)", "vcs.revision", sha, "vcs.modified", "true"),
			Info{"dev", sha + "-dirty"}, "dev (commit 1c09412a0b1c-dirty)"},
		{"only the commit stamped", "", sha, buildInfo("(devel)"), Info{"dev", sha}, "dev (commit 1c09412a0b1c)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := resolve(tc.ldVersion, tc.ldCommit, tc.bi)
			if got != tc.want {
				t.Fatalf("resolve = %+v, want %+v", got, tc.want)
			}
			if s := got.String(); s != tc.str {
				t.Fatalf("String() = %q, want %q", s, tc.str)
			}
		})
	}
}

// The -X stamps are plain package variables: setting them is what the linker does.
func TestGetUsesLinkerStamps(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "v9.8.7", sha
	if got := Get(); got.Version != "v9.8.7" || got.Commit != sha {
		t.Fatalf("Get() = %+v with stamps v9.8.7 / %s", got, sha)
	}
	if String() != "v9.8.7 (commit 1c09412a0b1c)" {
		t.Fatalf("String() = %q", String())
	}
}
