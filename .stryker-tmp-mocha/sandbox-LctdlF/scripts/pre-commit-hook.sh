#!/usr/bin/env bash
# The entry of the pre-commit hook ranklens-check (.pre-commit-hooks.yaml, language: script): builds
# the command once in the hook's own checkout, which pre-commit keeps per revision in its cache, then
# runs `ranklens check` on the fixture files pre-commit passes. Needs node ≥ 20 and npm on PATH.
# (Not `language: node`: npm cannot run a build that needs devDependencies when it installs a git
# package globally, which is how pre-commit installs node hooks.)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -f "$here/dist/cli.js" ]; then
  echo "ranklens: building the command once (npm ci, esbuild) in $here" >&2
  # --ignore-scripts: esbuild's binary comes in an optional dependency; no install script is needed.
  (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2 && node esbuild.mjs >&2)
fi
exec node "$here/dist/cli.js" check "$@"
