// Package version says which arbitro this is: the release version and the Git commit
// it was built from, shown by `arbitro version`, in `--help` and in every report's
// footer.
//
// The release recipe (scripts/release.sh) stamps both with the linker:
//
//	go build -ldflags "-X arbitro/internal/version.version=v1.2.0 -X arbitro/internal/version.commit=<sha>"
//
// Without stamps the Go toolchain's own build information is used (runtime/debug):
// `go build` or `go install` inside a Git checkout records the commit (vcs.revision,
// vcs.modified) and, since Go 1.24, a module version derived from the tag
// ("v1.2.0", or a pseudo-version "v0.0.0-20261123180000-1c09412abcde", "+dirty" with
// uncommitted changes); `go install module@v1.2.0` records v1.2.0. A binary built
// with none of these (a test binary, `go run`) is "dev".
package version

import (
	"runtime/debug"
	"strings"
)

// Set by -ldflags -X; empty otherwise.
var version, commit string

// Info is a resolved version: Version is never empty ("dev" at worst); Commit is the
// full Git commit hash, with "-dirty" appended when the work tree had uncommitted
// changes, or empty when unknown.
type Info struct {
	Version string
	Commit  string
}

// Get returns this binary's version and commit (linker stamps first, then the Go
// build information).
func Get() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return resolve(version, commit, bi)
}

// Version is Get().Version.
func Version() string { return Get().Version }

// Commit is Get().Commit.
func Commit() string { return Get().Commit }

// String is the one-line form used in footers and --version: "v1.2.0 (commit
// 1c09412abcde)", the commit shortened to 12 hex digits and left out when unknown
// or when the version already carries it (a pseudo-version); "dev" for an unstamped
// build.
func String() string { return Get().String() }

// String: see the package function String.
func (i Info) String() string {
	short := i.Commit
	if len(short) > 12 {
		short = short[:12]
		if strings.HasSuffix(i.Commit, "-dirty") {
			short += "-dirty"
		}
	}
	if short == "" || strings.Contains(i.Version, strings.TrimSuffix(short, "-dirty")) {
		return i.Version
	}
	return i.Version + " (commit " + short + ")"
}

// resolve combines the linker stamps with the build information bi (nil when the
// binary has none).
func resolve(ldVersion, ldCommit string, bi *debug.BuildInfo) Info {
	info := Info{Version: ldVersion, Commit: ldCommit}
	if bi != nil {
		if info.Version == "" {
			if v := bi.Main.Version; v != "" && v != "(devel)" {
				info.Version = v
			}
		}
		if info.Commit == "" {
			var rev string
			var dirty bool
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
			if rev != "" && dirty {
				rev += "-dirty"
			}
			info.Commit = rev
		}
	}
	if info.Version == "" {
		info.Version = "dev"
	}
	return info
}
