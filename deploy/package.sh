#!/bin/sh
# Builds housecup and lays out its production tree in the folder given: what `npm pack` ships
# (package.json's "files": dist/, bin/, drizzle/, data/demo.json, public/, scripts/, .env.example)
# plus the lockfile, ready for `npm ci --omit=dev --ignore-scripts`. Run from a checkout with the
# dev dependencies installed.
# The Dockerfile's build stage runs it; test/ops/packaging.e2e.test.ts replays it in a temp folder.
set -eu
out=$1
cd "$(dirname "$0")/.."
npm run --silent build
packed=$(mktemp -d)
# The build above is what gets packed, as it is.
tarball=$(npm pack --ignore-scripts --silent --pack-destination "$packed")
mkdir -p "$out"
tar -xzf "$packed/$tarball" -C "$out" --strip-components=1
cp package-lock.json "$out/"
rm -rf "$packed"
