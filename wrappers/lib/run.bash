# shellcheck shell=bash
# shellcheck disable=SC2034 # variables are shared with the other sourced files
# Summary: Running the consultee: private temp dir, traps, timeout (sourced by common.bash)

# Set NOW_MS to milliseconds since the epoch; EPOCHREALTIME (bash 5) avoids any fork.
consult_now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    local micros="${EPOCHREALTIME//[!0-9]/}"
    NOW_MS=$((10#${micros} / 1000))
    return
  fi
  NOW_MS="$(date +%s%3N 2>/dev/null || true)"
  case "${NOW_MS}" in *[!0-9]* | "") NOW_MS="$(date +%s)000" ;; esac
}

consult_cleanup() {
  if [ -n "${CONSULT_WORK:-}" ]; then rm -rf -- "${CONSULT_WORK}"; fi
  if [ -n "${CONSULT_EMPTY_DIR:-}" ]; then rm -rf -- "${CONSULT_EMPTY_DIR}"; fi
}

# consult_interrupt SIGNAL STATUS: stop the running CLI (timeout passes the signal on to it and
# its children), then exit; the EXIT trap removes the temp files. No envelope.
consult_interrupt() {
  if [ -n "${CONSULT_CHILD:-}" ]; then
    kill -s "$1" "${CONSULT_CHILD}" 2>/dev/null || true
    wait "${CONSULT_CHILD}" 2>/dev/null || true
  fi
  printf 'consult-%s: interrupted (SIG%s)\n' "${CONSULTEE}" "$1" >&2
  exit "$2"
}

# Without jq no envelope can be built safely, so print a fixed one by hand.
consult_no_jq() {
  printf 'consult-%s: not_installed: jq is required (apt-get install jq | brew install jq)\n' \
    "${CONSULTEE}" >&2
  printf '{"envelope":1,"consultee":"%s","session_id":null,"response":"","usage":null,' "${CONSULTEE}"
  printf '"duration_ms":0,"failure":"not_installed","exit_code":3,"model":null,'
  printf '"detail":"jq is required (apt-get install jq | brew install jq)"}\n'
  exit 3
}

consult_prepare() {
  consult_now
  STARTED_MS="${NOW_MS}"
  command -v jq >/dev/null 2>&1 || consult_no_jq
  TIMEOUT_BIN="$(command -v timeout || command -v gtimeout || true)"
  [ -n "${TIMEOUT_BIN}" ] || die "timeout(1) is required (coreutils; brew install coreutils)" 3
  [ ! -t 0 ] || usage_error "the prompt is read from stdin (pipe it in)"
  CONSULT_WORK="$(mktemp -d "${TMPDIR:-/tmp}/argcheck-consult.XXXXXXXX")"
  trap consult_cleanup EXIT
  trap 'consult_interrupt HUP 129' HUP
  trap 'consult_interrupt INT 130' INT
  trap 'consult_interrupt TERM 143' TERM
  PROMPT_FILE="${CONSULT_WORK}/prompt"
  CLI_OUT="${CONSULT_WORK}/stdout"
  CLI_ERR="${CONSULT_WORK}/stderr"
  cat >"${PROMPT_FILE}" 2>/dev/null || usage_error "cannot read the prompt from stdin"
  [ -s "${PROMPT_FILE}" ] || usage_error "empty prompt on stdin"
  : >"${CLI_OUT}"
  : >"${CLI_ERR}"
  CLI_RC=0
  TIMED_OUT=false
}

# Set CONSULT_DIR, the directory the consultee works in: --cd, else (--abstract) a fresh
# private empty directory removed on exit, else "" (the caller's own).
consult_workdir() {
  CONSULT_DIR="${OPT_CD}"
  if [ -z "${CONSULT_DIR}" ] && [ "${OPT_ABSTRACT}" = 1 ]; then
    CONSULT_EMPTY_DIR="$(mktemp -d "${TMPDIR:-/tmp}/argcheck-abstract.XXXXXXXX")"
    CONSULT_DIR="${CONSULT_EMPTY_DIR}"
  fi
}

# Finish with failure not_installed unless the named CLI is on PATH.
consult_require_cli() {
  command -v "$1" >/dev/null 2>&1 && return 0
  CLI_RC=127
  printf '%s not found on PATH; install: %s\n' "$1" "$2" >"${CLI_ERR}"
  # shellcheck disable=SC2016 # jq program
  consult_finish '{failure: "not_installed", error: ($err | rtrimstr("\n"))}'
}

# consult_run STDIN_FILE CMD [ARG...]: run CMD under timeout in $RUN_CWD (if set), stdin from
# STDIN_FILE, stdout and stderr captured. Sets CLI_RC and TIMED_OUT.
consult_run() {
  local input="$1" started
  shift
  consult_now
  started="${NOW_MS}"
  CLI_RC=0
  # In the background so that a signal to this shell is handled at once (consult_interrupt).
  (
    if [ -n "${RUN_CWD:-}" ]; then cd -- "${RUN_CWD}" || exit 126; fi
    exec "${TIMEOUT_BIN}" -k 5 "${OPT_TIMEOUT}" "$@"
  ) <"${input}" >"${CLI_OUT}" 2>"${CLI_ERR}" 5>&- &
  CONSULT_CHILD=$!
  # 2>/dev/null: only bash's own "Killed" report about the child goes there.
  wait "${CONSULT_CHILD}" 2>/dev/null || CLI_RC=$?
  CONSULT_CHILD=""
  # 124: timeout sent TERM; 137: it had to KILL as well (only when the time really ran out).
  if [ "${CLI_RC}" -eq 124 ]; then
    TIMED_OUT=true
  elif [ "${CLI_RC}" -eq 137 ]; then
    consult_now
    if [ "$((NOW_MS - started))" -ge "$(printf '%.0f' "${OPT_TIMEOUT}")000" ]; then
      TIMED_OUT=true
    fi
  fi
}
