#!/usr/bin/env bash
# Starts a real VS Code (code-server 4.100.3, in the browser) with the Ranklens extension installed and
# examples/ open, in the background, and prints the URL.
#
#   npm run demo                 # start (PORT=8080 by default; RANKLENS_DEMO_PORT=NNNN to change)
#   npm run demo -- stop         # stop it
#   RANKLENS_DEMO_WORKSPACE=DIR npm run demo    # open another folder instead of examples/
#
# It listens on 127.0.0.1 only, without a password. To reach it from another machine use an SSH tunnel:
#   ssh -L 8080:127.0.0.1:8080 this-host   and open http://127.0.0.1:8080/
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_ROOT="${RANKLENS_CACHE:-$HOME/.cache/ranklens}"
STATE="$CACHE_ROOT/demo"
PIDFILE="$STATE/code-server.pid"

stop_demo() {
  if [[ -f "$PIDFILE" ]]; then
    pid="$(cat "$PIDFILE")"
    if kill -0 -- "-$pid" 2>/dev/null; then
      kill -- "-$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 -- "-$pid" 2>/dev/null || true
      echo "stopped the demo (process group $pid)"
    fi
    rm -f "$PIDFILE"
  else
    echo "no demo is running"
  fi
}

if [[ "${1:-}" == "stop" ]]; then
  stop_demo
  exit 0
fi

CODE_SERVER="$(bash "$ROOT/scripts/setup-code-server.sh" | tail -n1)"
stop_demo >/dev/null

cd "$ROOT"
if [[ "${RANKLENS_DEMO_NO_PACKAGE:-}" != 1 ]]; then
  npm run --silent package >/dev/null
fi
VSIX="$ROOT/ranklens.vsix"
[[ -f "$VSIX" ]] || { echo "no $VSIX: run npm run package" >&2; exit 1; }

PORT="${RANKLENS_DEMO_PORT:-8080}"
WORKSPACE="$(cd "${RANKLENS_DEMO_WORKSPACE:-$ROOT/examples}" && pwd)"

rm -rf "$STATE"
mkdir -p "$STATE/user-data/User" "$STATE/extensions" "$STATE/xdg/config" "$STATE/xdg/data" "$STATE/xdg/cache"
cat > "$STATE/user-data/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "git.enabled": false,
  "editor.hover.delay": 300
}
EOF
export XDG_CONFIG_HOME="$STATE/xdg/config" XDG_DATA_HOME="$STATE/xdg/data" XDG_CACHE_HOME="$STATE/xdg/cache"
"$CODE_SERVER" --extensions-dir "$STATE/extensions" --user-data-dir "$STATE/user-data" \
  --install-extension "$VSIX" --force >"$STATE/install.log" 2>&1 \
  || { cat "$STATE/install.log" >&2; exit 1; }

setsid "$CODE_SERVER" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override \
  --user-data-dir "$STATE/user-data" --extensions-dir "$STATE/extensions" "$WORKSPACE" \
  >"$STATE/code-server.log" 2>&1 < /dev/null &
echo $! > "$PIDFILE"

for _ in $(seq 300); do
  if node -e "fetch('http://127.0.0.1:$PORT/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    echo "Ranklens demo: http://127.0.0.1:$PORT/?folder=$WORKSPACE"
    echo "  (code-server 4.100.3 = VS Code 1.100.3, process group $(cat "$PIDFILE"), log $STATE/code-server.log)"
    echo "  stop it with:  npm run demo -- stop     (or: kill -- -$(cat "$PIDFILE"))"
    exit 0
  fi
  if ! kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    echo "code-server exited; its log:" >&2; cat "$STATE/code-server.log" >&2; rm -f "$PIDFILE"; exit 1
  fi
  sleep 0.1
done
echo "code-server did not answer on port $PORT; its log: $STATE/code-server.log" >&2
stop_demo
exit 1
