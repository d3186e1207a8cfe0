#!/usr/bin/env bash
# Summary: Install the pinned MCP Inspector CLI for the `argcheck mcp` tests
#
# Usage: tests/setup/install-mcp-inspector.sh [--prefix DIR] [--check]
#
# Installs @modelcontextprotocol/inspector at an exact version from the npm registry into DIR
# (default: ~/.cache/argcheck-tests/npm/mcp-inspector, see run-tests.sh; or $ARGCHECK_MCP_INSPECTOR_DIR). Once installed it
# runs offline: tests/mcp/test_mcp_inspector.py drives `mcp-inspector --cli` against
# `python -m argcheck mcp` over stdio. Idempotent: an installed Inspector that reports the pinned
# version is left alone. --check installs nothing and exits 1 when it is missing or another version.
# Prints one line: "mcp-inspector <version> <path to executable>".
#
# Exit codes: 0 ok; 1 missing (--check) or install failed; 2 usage.

set -euo pipefail
[ "${ARGCHECK_DEBUG:-}" = 1 ] && set -x

readonly INSPECTOR_PIN="2.12.0"
readonly PACKAGE="@modelcontextprotocol/inspector"

die() {
  printf 'install-mcp-inspector: %s\n' "$1" >&2
  exit "${2:-1}"
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0" >&2
  exit 2
}

# Print the Inspector's executable under a prefix when it runs, or nothing.
inspector_path() {
  local candidate="$1/node_modules/.bin/mcp-inspector"
  if [ -x "${candidate}" ] && "${candidate}" --version </dev/null >/dev/null 2>&1; then
    printf '%s\n' "${candidate}"
  fi
}

installed_version() {
  "$1" --version </dev/null 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1
}

main() {
  local prefix check_only=0 exe version
  prefix="${ARGCHECK_MCP_INSPECTOR_DIR:-${ARGCHECK_TEST_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/argcheck-tests}/npm/mcp-inspector}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
      --check) check_only=1; shift ;;
      -h | --help) usage ;;
      *) die "unknown argument: $1" 2 ;;
    esac
  done
  exe="$(inspector_path "${prefix}")"
  version=""
  [ -n "${exe}" ] && version="$(installed_version "${exe}")"
  if [ "${version}" != "${INSPECTOR_PIN}" ]; then
    [ "${check_only}" = 1 ] && die "mcp-inspector ${INSPECTOR_PIN} is not installed under ${prefix} (have: ${version:-none})"
    command -v npm >/dev/null 2>&1 || die "npm is required (apt-get install nodejs npm)"
    mkdir -p "${prefix}"
    printf 'install-mcp-inspector: installing %s@%s into %s\n' "${PACKAGE}" "${INSPECTOR_PIN}" "${prefix}" >&2
    npm install --prefix "${prefix}" --no-audit --no-fund --save-exact \
      "${PACKAGE}@${INSPECTOR_PIN}" </dev/null >&2 || die "npm install ${PACKAGE}@${INSPECTOR_PIN} failed"
    exe="$(inspector_path "${prefix}")"
    [ -n "${exe}" ] || die "mcp-inspector was installed but does not run (${prefix})"
    version="$(installed_version "${exe}")"
    [ "${version}" = "${INSPECTOR_PIN}" ] || die "mcp-inspector reports version ${version}, expected ${INSPECTOR_PIN}"
  fi
  printf 'mcp-inspector %s %s\n' "${version}" "${exe}"
}

main "$@"
