#!/usr/bin/env bash
# Installs what `make test` needs and a fresh machine lacks: Debian's Chromium (browser tests),
# PostgreSQL server binaries (store tests on the second engine), and the npm packages of web/ and e2e/.
# Never downloads a browser build of its own: Playwright drives /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

npm_only=false
[ "${1:-}" = "--npm-only" ] && npm_only=true

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need_apt+=(postgresql)
command -v sqlite3 >/dev/null || need_apt+=(sqlite3) # e2e tests write raw rows into the server's database
fc-list 2>/dev/null | grep -qi dejavu || need_apt+=(fonts-dejavu-core fontconfig)

if ! $npm_only && [ ${#need_apt[@]} -gt 0 ]; then
  echo "ensure-deps: installing ${need_apt[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

install_npm() {
  local dir=$1
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "ensure-deps: npm ci in $dir"
    # The lock files are generated from scratch (rm -rf node_modules package-lock.json && npm install), so
    # they carry every platform's optional packages and npm ci accepts them as committed. Warnings are
    # not printed (--loglevel=error): a machine's own npm configuration must not fill a newcomer's screen.
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$dir/node_modules/.package-lock.json"
  fi
}
install_npm web
# The browser tests' packages only for `make test` (`make run` builds the web app alone).
if ! $npm_only && [ -f e2e/package-lock.json ]; then install_npm e2e; fi
echo "ensure-deps: ok (chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), $(ls -d /usr/lib/postgresql/*/bin | head -1))"
