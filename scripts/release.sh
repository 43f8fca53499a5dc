#!/usr/bin/env bash
# Release recipe (issue 20): one archive per system an arbiter or federation uses, and a
# checksum file, from `go build` alone (no cgo, no other build tool).
#
#   scripts/release.sh [VERSION]     # VERSION defaults to `git describe --tags --always`
#   REF=v1.2.0 scripts/release.sh    # another commit than HEAD
#   TARGETS=windows/amd64 DIST=/tmp/d scripts/release.sh   # some systems only, elsewhere than dist/
#
# The sources are those of the commit (git archive), never uncommitted edits.
# Writes dist/arbitro_<VERSION>_<os>_<arch>.zip (Windows) or .tar.gz (macOS, Linux), each
# holding arbitro(.exe) and README.md in a folder of the same name, and
# dist/arbitro_<VERSION>_checksums.txt (sha256sum format: `sha256sum -c` checks it).
#
# Reproducible: the same commit and Go toolchain give byte-identical archives on any
# machine and in any directory. -trimpath drops local paths, -buildid= fixes the build id,
# -buildvcs=false keeps the work tree's state out (version and commit are stamped with -X
# instead), and every archive entry gets the commit's time ($SOURCE_DATE_EPOCH), a fixed
# owner and mode, and a fixed order.
set -euo pipefail
cd "$(dirname "$0")/.."

ref=${REF:-HEAD}
version=${1:-$(git describe --tags --always "$ref")}
commit=$(git rev-parse "$ref^{commit}")
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct "$ref")}
export TZ=UTC LC_ALL=C
targets=${TARGETS:-"windows/amd64 windows/arm64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64"}

dist=${DIST:-$PWD/dist}
rm -rf "$dist"
mkdir -p "$dist/stage"
# Build from the commit itself, not the work tree: uncommitted edits cannot leak in.
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
git archive --format=tar "$commit" | tar -x -C "$src"
ldflags="-s -w -buildid= -X arbitro/internal/version.version=$version -X arbitro/internal/version.commit=$commit"
stamp=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y%m%d%H%M.%S)

for target in $targets; do
	goos=${target%/*} goarch=${target#*/}
	name=arbitro_${version}_${goos}_${goarch}
	dir=$dist/stage/$name
	exe=arbitro
	[ "$goos" = windows ] && exe=arbitro.exe
	mkdir -p "$dir"
	echo "build $target"
	(cd "$src" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch GOFLAGS= \
		go build -trimpath -buildvcs=false -ldflags="$ldflags" -o "$dir/$exe" ./cmd/arbitro)
	cp "$src/README.md" "$dir/README.md"
	chmod 0755 "$dir/$exe"
	chmod 0644 "$dir/README.md"
	chmod 0755 "$dir"
	touch -t "$stamp" "$dir/$exe" "$dir/README.md" "$dir"
	if [ "$goos" = windows ]; then
		# -X: no extra (uid, time) fields; -D: no directory entries; names in a fixed order.
		(cd "$dist/stage" && zip -q -X -D "../$name.zip" "$name/$exe" "$name/README.md")
	else
		tar -C "$dist/stage" --sort=name --format=ustar --mtime="@$SOURCE_DATE_EPOCH" \
			--owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz"
	fi
done
rm -rf "$dist/stage"
(cd "$dist" && shopt -s nullglob && sha256sum -- *.zip *.tar.gz >"arbitro_${version}_checksums.txt")
cat "$dist/arbitro_${version}_checksums.txt"
