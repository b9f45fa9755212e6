# Sourced by ./panel: `ensure_node <checkout>` makes the project's Node line the `node` on PATH.
#
# <checkout>/.node-version holds the exact release the project installs (26.10.0). A `node` on PATH
# of that version or newer is used as it is. An older one (e.g. Debian's Node 20) is replaced, for
# this process and everything it starts, by that release from the npm registry (the official
# binaries and headers, package node-<os>-<arch>), installed once into <checkout>/.node (git-ignored)
# and reused on the next run. npm_config_nodedir points at the headers of the Node in use, so native
# modules (better-sqlite3) build against it with no header download.

# "v26.10.0" or "26.10.0" -> "26 10 0"
_node_version_fields() {
  local v="${1#v}"
  v="${v%%-*}"
  echo "${v//./ }"
}

# 0 when version $1 >= version $2 (major.minor.patch).
_node_version_at_least() {
  local -a a b
  read -r -a a <<<"$(_node_version_fields "$1")"
  read -r -a b <<<"$(_node_version_fields "$2")"
  local i
  for i in 0 1 2; do
    if ((${a[i]:-0} > ${b[i]:-0})); then return 0; fi
    if ((${a[i]:-0} < ${b[i]:-0})); then return 1; fi
  done
  return 0
}

# The npm package with the official binaries for this machine.
_node_package() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "[panel] no Node package for $(uname -s); install Node $1 yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "[panel] no Node package for $(uname -m); install Node $1 yourself" >&2; return 1 ;;
  esac
  echo "node-$os-$arch"
}

ensure_node() {
  local root="$1"
  local wanted
  wanted="$(tr -d '[:space:]' <"$root/.node-version")"
  local current=""
  if command -v node >/dev/null 2>&1; then current="$(node --version 2>/dev/null || true)"; fi

  if [ -n "$current" ] && _node_version_at_least "$current" "$wanted"; then
    # A suitable Node: its own headers, unless the caller chose some already.
    if [ -z "${npm_config_nodedir:-}" ]; then
      local prefix
      prefix="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
      if [ -f "$prefix/include/node/node.h" ]; then export npm_config_nodedir="$prefix"; fi
    fi
    echo "[panel] using Node $current ($(command -v node))"
    return 0
  fi

  local package
  package="$(_node_package "$wanted")" || return 1
  local home="$root/.node/node_modules/$package"
  if [ ! -x "$home/bin/node" ] || [ "$("$home/bin/node" --version 2>/dev/null)" != "v$wanted" ]; then
    echo "[panel] Node ${current:-(none)} is older than $wanted: installing $package@$wanted into .node/"
    if ! command -v npm >/dev/null 2>&1; then
      echo "[panel] npm is needed to install Node $wanted (or install Node $wanted yourself)" >&2
      return 1
    fi
    rm -rf "$root/.node"
    mkdir -p "$root/.node"
    npm install --prefix "$root/.node" --no-save --no-audit --no-fund --loglevel=error "$package@$wanted" >/dev/null
    if [ "$("$home/bin/node" --version 2>/dev/null)" != "v$wanted" ]; then
      echo "[panel] installing $package@$wanted into .node/ failed" >&2
      return 1
    fi
  fi
  export PATH="$home/bin:$PATH"
  export npm_config_nodedir="$home"
  echo "[panel] using Node v$wanted (.node/, installed from the npm registry)"
}
