#!/usr/bin/env bash
# Summary: Install the pinned real Codex CLI, Claude Code CLI and Gemini CLI for the real-client tests
#
# Usage: tests/setup/install-real-clis.sh [--prefix DIR] [--check]
#
# Installs exact versions from the npm registry into DIR (default: ~/.cache/argcheck-tests/realcli, see run-tests.sh;
# or $ARGCHECK_REALCLI_DIR): DIR/codex, DIR/claude and DIR/gemini, one npm prefix each. Idempotent: a CLI
# whose installed --version already matches its pin is left alone. --check installs nothing
# and exits 1 when any CLI is missing or at another version.
# Prints one line per CLI: "<name> <version> <path to executable>".
#
# Exit codes: 0 ok; 1 missing (--check) or install failed; 2 usage.

set -euo pipefail
[ "${CONSULT_DEBUG:-}" = 1 ] && set -x

readonly CODEX_PIN="0.169.0"
readonly CLAUDE_PIN="2.1.330"
readonly GEMINI_PIN="0.61.0"

die() {
  printf 'install-real-clis: %s\n' "$*" >&2
  exit "${2:-1}"
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0" >&2
  exit 2
}

# Print the path of the CLI executable under a prefix, or nothing.
cli_path() {
  local prefix="$1" name="$2"
  local candidate
  for candidate in \
    "${prefix}/node_modules/.bin/${name}" \
    "${prefix}/node_modules/@anthropic-ai/claude-code-linux-x64/claude"; do
    if [ -x "${candidate}" ] && GEMINI_CLI_NO_RELAUNCH=1 "${candidate}" --version </dev/null >/dev/null 2>&1; then
      printf '%s\n' "${candidate}"
      return 0
    fi
  done
}

installed_version() {
  local exe="$1"
  # GEMINI_CLI_NO_RELAUNCH: gemini would start itself again in a child node just to print its version.
  GEMINI_CLI_NO_RELAUNCH=1 "${exe}" --version </dev/null 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1
}

ensure_cli() {
  local prefix="$1" name="$2" package="$3" pin="$4" check_only="$5"
  local exe version
  exe="$(cli_path "${prefix}" "${name}")"
  version=""
  [ -n "${exe}" ] && version="$(installed_version "${exe}")"
  if [ "${version}" != "${pin}" ]; then
    [ "${check_only}" = 1 ] && die "${name} ${pin} is not installed under ${prefix} (have: ${version:-none})"
    mkdir -p "${prefix}"
    printf 'install-real-clis: installing %s@%s into %s\n' "${package}" "${pin}" "${prefix}" >&2
    npm install --prefix "${prefix}" --no-audit --no-fund --save-exact \
      "${package}@${pin}" </dev/null >&2 || die "npm install ${package}@${pin} failed"
    exe="$(cli_path "${prefix}" "${name}")"
    [ -n "${exe}" ] || die "${name} was installed but does not run (${prefix})"
    version="$(installed_version "${exe}")"
    [ "${version}" = "${pin}" ] || die "${name} reports version ${version}, expected ${pin}"
  fi
  printf '%s %s %s\n' "${name}" "${version}" "${exe}"
}

main() {
  local prefix check_only=0
  prefix="${ARGCHECK_REALCLI_DIR:-${ARGCHECK_TEST_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/argcheck-tests}/realcli}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
      --check) check_only=1; shift ;;
      -h | --help) usage ;;
      *) die "unknown argument: $1" 2 ;;
    esac
  done
  command -v npm >/dev/null 2>&1 || die "npm is required (apt-get install nodejs npm)"
  ensure_cli "${prefix}/codex" codex "@openai/codex" "${CODEX_PIN}" "${check_only}"
  ensure_cli "${prefix}/claude" claude "@anthropic-ai/claude-code" "${CLAUDE_PIN}" "${check_only}"
  ensure_cli "${prefix}/gemini" gemini "@google/gemini-cli" "${GEMINI_PIN}" "${check_only}"
}

main "$@"
