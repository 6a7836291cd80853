#!/usr/bin/env bash
# Installs what the real-editor tests need, offline-safe (only the npm registry and Debian's packages):
#   - Debian packages chromium, neovim, ripgrep, and Emacs with eglot and yaml-mode (apt-get; needs root
#     when any is missing);
#   - code-server 4.100.3 (VS Code 1.100.3, the newest that runs on Node 20), built once into a cache
#     folder outside the repository: ${RANKLENS_CACHE:-~/.cache/ranklens}/code-server-4.100.3.
# Idempotent: when everything is present it checks and exits in well under a second.
# Prints the code-server binary path as its last line (bin/code-server inside the cache folder).
#
# Usage: scripts/setup-code-server.sh [--no-apt | --apt-only]
#   --no-apt            do not install Debian packages (fail if missing)
#   --apt-only          only the Debian packages (what the Neovim and Emacs tests need), no code-server
#   RANKLENS_CACHE=DIR  cache root (default ~/.cache/ranklens)
set -euo pipefail

CS_VERSION=4.100.3
CACHE_ROOT="${RANKLENS_CACHE:-$HOME/.cache/ranklens}"
CS_DIR="$CACHE_ROOT/code-server-$CS_VERSION"
STAMP="$CS_DIR/.ranklens-ready"
NO_APT=0
APT_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --no-apt) NO_APT=1 ;;
    --apt-only) APT_ONLY=1 ;;
    *) echo "usage: $0 [--no-apt | --apt-only]" >&2; exit 2 ;;
  esac
done

log() { printf '[setup-code-server] %s\n' "$*" >&2; }
start=$(date +%s)

# ---- 1. Debian packages ----------------------------------------------------------------------
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
command -v emacs >/dev/null 2>&1 || missing+=(emacs-nox)
[[ -d /usr/share/emacs/site-lisp/elpa-src ]] && ls /usr/share/emacs/site-lisp/elpa-src | grep -q '^eglot-' || missing+=(elpa-eglot)
ls /usr/share/emacs/site-lisp/elpa-src 2>/dev/null | grep -q '^yaml-mode-' || missing+=(elpa-yaml-mode)
if ((${#missing[@]})); then
  if ((NO_APT)); then
    log "missing Debian packages: ${missing[*]} (and --no-apt was given)"
    exit 2
  fi
  if [[ $(id -u) -ne 0 ]]; then
    log "missing Debian packages: ${missing[*]}"
    log "run as root, or install them first:  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
    exit 2
  fi
  log "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ((APT_ONLY)); then
  log "chromium, neovim, ripgrep and emacs (eglot, yaml-mode) are installed"
  exit 0
fi

# ---- 2. code-server, cached -----------------------------------------------------------------------
# One build at a time (two test runs may start together); the second waits and finds it ready.
mkdir -p "$CACHE_ROOT"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE_ROOT/.setup.lock"
  flock 9
fi
# The native modules are built for one Node ABI: a cache built under another Node is rebuilt.
command -v node >/dev/null || { log "node is required"; exit 2; }
WANT="node-abi $(node -p process.versions.modules)"
if [[ -f "$STAMP" && -x "$CS_DIR/bin/code-server" ]] && grep -qx "$WANT" "$STAMP"; then
  log "code-server $CS_VERSION ready in $CS_DIR ($(($(date +%s) - start)) s)"
  echo "$CS_DIR/bin/code-server"
  exit 0
fi

NODE_GYP="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")/node_modules/node-gyp/bin/node-gyp.js"
[[ -f "$NODE_GYP" ]] || NODE_GYP="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
[[ -f "$NODE_GYP" ]] || { log "npm's bundled node-gyp not found"; exit 2; }
# Node's headers: Debian-style /usr/include/node, else let node-gyp use its own cache.
NODEDIR_ARG=()
[[ -f /usr/include/node/node.h ]] && NODEDIR_ARG=(--nodedir=/usr)

log "building code-server $CS_VERSION into $CS_DIR (about 30 s, once)"
SCRATCH="$(mktemp -d "$CACHE_ROOT/.build-XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH"
echo '{"name":"ranklens-code-server","private":true}' > package.json
npm install --no-audit --no-fund --ignore-scripts --loglevel=error "code-server@$CS_VERSION" >&2

CS="$SCRATCH/node_modules/code-server"

log "argon2 from source"
# node-pre-gyp (argon2's own dependency) with --build-from-source never downloads a prebuilt binary.
(cd "$SCRATCH/node_modules/argon2" \
  && PATH="$(dirname "$NODE_GYP"):$PATH" "$SCRATCH/node_modules/.bin/node-pre-gyp" install --build-from-source "${NODEDIR_ARG[@]}" --loglevel=error >&2)

log "lib/vscode production dependencies"
(cd "$CS/lib/vscode" && npm install --no-audit --no-fund --omit=dev --ignore-scripts --loglevel=error >&2)
for mod in @vscode/spdlog node-pty native-watchdog @vscode/deviceid; do
  if [[ -d "$CS/lib/vscode/node_modules/$mod" ]]; then
    log "native module $mod"
    (cd "$CS/lib/vscode/node_modules/$mod" && node "$NODE_GYP" rebuild "${NODEDIR_ARG[@]}" --loglevel=error -j 2 >&2)
  fi
done

log "ripgrep, links, built-in extensions"
RG="$(command -v rg || true)"
[[ -n "$RG" ]] || { log "rg (Debian package ripgrep) is required"; exit 2; }
mkdir -p "$CS/lib/vscode/node_modules/@vscode/ripgrep/bin"
ln -sfn "$RG" "$CS/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
ln -sfn node_modules "$CS/lib/vscode/node_modules.asar"
[[ -d "$CS/lib/vscode/bin/remote-cli" ]] && ln -sfn code-linux.sh "$CS/lib/vscode/bin/remote-cli/code-server"
[[ -d "$CS/lib/vscode/bin/helpers" ]] && ln -sfn browser-linux.sh "$CS/lib/vscode/bin/helpers/browser.sh"
(cd "$CS/lib/vscode/extensions" && npm install --no-audit --no-fund --omit=dev --loglevel=error >&2)

# Move the finished tree into place atomically-ish, then stamp it.
rm -rf "$CS_DIR"
mv "$SCRATCH" "$CS_DIR"
trap - EXIT
mkdir -p "$CS_DIR/bin"
ln -sfn ../node_modules/code-server/out/node/entry.js "$CS_DIR/bin/code-server.js"
cat > "$CS_DIR/bin/code-server" <<'EOF'
#!/usr/bin/env bash
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec node "$here/../node_modules/code-server/out/node/entry.js" "$@"
EOF
chmod +x "$CS_DIR/bin/code-server"
XDG_CONFIG_HOME="$CS_DIR/.version-check" "$CS_DIR/bin/code-server" --version >&2
rm -rf "$CS_DIR/.version-check"
printf '%s\nbuilt %s with node %s\n' "$WANT" "$(date -u +%FT%TZ)" "$(node --version)" > "$STAMP"
log "code-server $CS_VERSION built in $(($(date +%s) - start)) s ($(du -sm "$CS_DIR" | cut -f1) MB)"
echo "$CS_DIR/bin/code-server"
