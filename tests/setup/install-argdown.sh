#!/usr/bin/env bash
# Summary: Install the pinned Argdown parser (@argdown/core) for the tests that parse `render --format argdown`
#
# Usage: tests/setup/install-argdown.sh [--prefix DIR] [--check]
#
# @argdown/cli 2.0.0 asks for an @argdown/markdown-it-plugin 2.x that the npm registry does not have, so the
# tests use the parser package itself, @argdown/core (its ParserPlugin and ModelPlugin are what the CLI
# runs), at an exact version that resolves. It goes into DIR (default:
# ~/.cache/argcheck-tests/argdown, see run-tests.sh; or $ARGCHECK_ARGDOWN_DIR). Idempotent: an install that
# already has the pinned version is left alone. --check installs nothing and exits 1 when it is missing.
# Prints one line: "@argdown/core <version> <dir>".
#
# Exit codes: 0 ok; 1 missing (--check) or install failed; 2 usage.

set -euo pipefail
[ "${ARGCHECK_DEBUG:-}" = 1 ] && set -x

readonly CORE_PIN="2.0.1"

die() {
  printf 'install-argdown: %s\n' "$1" >&2
  exit "${2:-1}"
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0" >&2
  exit 2
}

installed_version() {
  local manifest="$1/node_modules/@argdown/core/package.json"
  [ -f "${manifest}" ] || return 0
  sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "${manifest}" | head -n 1
}

main() {
  local prefix check_only=0 version
  prefix="${ARGCHECK_ARGDOWN_DIR:-${ARGCHECK_TEST_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/argcheck-tests}/argdown}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
      --check) check_only=1; shift ;;
      -h | --help) usage ;;
      *) die "unknown argument: $1" 2 ;;
    esac
  done
  version="$(installed_version "${prefix}")"
  if [ "${version}" != "${CORE_PIN}" ]; then
    [ "${check_only}" = 1 ] &&
      die "@argdown/core ${CORE_PIN} is not installed under ${prefix} (have: ${version:-none}); run tests/setup/install-argdown.sh"
    command -v npm >/dev/null 2>&1 || die "npm is required (apt-get install nodejs npm)"
    mkdir -p "${prefix}"
    # --engine-strict=false: the package declares node >= 22.11; its parser runs on Node 20 too.
    npm install --prefix "${prefix}" --no-audit --no-fund --save-exact --engine-strict=false \
      "@argdown/core@${CORE_PIN}" </dev/null >&2 || die "npm install @argdown/core@${CORE_PIN} failed"
    version="$(installed_version "${prefix}")"
    [ "${version}" = "${CORE_PIN}" ] || die "@argdown/core reports version ${version:-none}, expected ${CORE_PIN}"
  fi
  printf '@argdown/core %s %s\n' "${version}" "${prefix}"
}

main "$@"
