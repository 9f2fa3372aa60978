#!/usr/bin/env bash
# Builds and runs Tests/VersionConsumer as an app would use SFZSampler: by version, from a git
# tag. The working tree's files (tracked ones, and new ones git does not ignore) become one commit
# of a temporary repository tagged VERSION (1.0.0 unless given); the consumer's manifest, written
# here so that nothing committed names a path on this machine, depends on it with
# `.package(url: "file://...", from: VERSION)`. SwiftPM refuses unsafe build flags in a package
# resolved this way ("the target 'CSamplerCore' in product 'SFZSampler' contains unsafe build
# flags"). SwiftPM resolves the packages that any of SFZSampler's products use (sfzplay's
# swift-argument-parser too) but builds only what the SFZSampler product needs; the check fails
# if a consumer would resolve a package only the benchmarks use or build anything else.
# A debug build, about 1.3 minutes on 2 cores.
set -euo pipefail

version="${1:-1.0.0}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/sfzsampler-version-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT

repository="$work/SFZSampler"
consumer="$work/VersionConsumer"
mkdir -p "$repository" "$consumer"

(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
  (cd "$root" && while IFS= read -r -d '' file; do
    # a tracked file deleted in the working tree is not part of it
    [ -e "$file" ] && printf '%s\0' "$file"
  done) |
  tar -C "$root" --null -T - -cf - | tar -C "$repository" -xf -
git -C "$repository" init -q
git -C "$repository" add -A
git -C "$repository" -c user.name="version check" -c user.email="version-check@localhost" \
  -c commit.gpgsign=false commit -q --no-verify -m "SFZSampler for the version check"
git -C "$repository" tag "$version"

cp -R "$root/Tests/VersionConsumer/Sources" "$consumer/"
cat >"$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "VersionConsumer",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "file://$repository", from: "$version")
  ],
  targets: [
    .executableTarget(
      name: "VersionConsumer",
      dependencies: [.product(name: "SFZSampler", package: "SFZSampler")]
    )
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

fail() {
  echo "check-version-consumer: error: $*" >&2
  exit 1
}

echo "check-version-consumer: building a package that depends on SFZSampler from: $version"
swift build --package-path "$consumer"

resolved="$(sed -n 's/.*"identity" *: *"\([^"]*\)".*/\1/p' "$consumer/Package.resolved" | sort | xargs)"
[ "$resolved" = "sfzsampler swift-argument-parser" ] ||
  fail "the consumer resolved: $resolved; expected sfzsampler and swift-argument-parser only"
built="$(cd "$consumer/.build/debug" &&
  for module in *.build; do
    if [ -n "$(find "$module" -name '*.o' -print -quit)" ]; then echo "${module%.build}"; fi
  done | sort | xargs)"
[ "$built" = "CSamplerCore SFZ SFZSampler VersionConsumer" ] ||
  fail "the consumer compiled: $built; expected CSamplerCore SFZ SFZSampler VersionConsumer"

"$consumer/.build/debug/VersionConsumer" "$repository/instruments/keys/keys.sfz"
