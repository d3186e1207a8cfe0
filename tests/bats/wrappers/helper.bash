# shellcheck shell=bash
# Summary: Shared setup for the wrapper bats tests: an isolated world and stub consultees
#
# Each test gets, under $BATS_TEST_TMPDIR: home/, tmp/ (the wrappers' TMPDIR), state/
# (CONSULT_STATE_DIR), work/ (the cwd), bin/ (stub CLIs) and calls/ (what the stubs recorded).
# `wrapper NAME ARGS...` runs wrappers/NAME-wrapper.sh with PATH = bin/ + a directory of links
# to the few system tools the wrappers use, so no real codex/claude/gemini can be found.

REPO="$(cd "${BATS_TEST_DIRNAME}/../../.." && pwd)"
WRAPPERS="${REPO}/wrappers"
STUBS="${REPO}/tests/stubs"
RECORDED="${STUBS}/recorded"
PYTHON="$(command -v python3)"

# System tools the wrappers and the stub call; linked into one directory for a minimal PATH.
TOOL_NAMES="bash env cat cp mv rm mkdir mktemp dirname basename readlink sed tail head tr od
date sleep jq timeout curl ls ln mkfifo pwd wc"

make_tool_dir() {
  local dir="$1" name path
  mkdir -p "${dir}"
  for name in ${TOOL_NAMES}; do
    path="$(command -v "${name}" || true)"
    case "${path}" in /*) ln -sf "${path}" "${dir}/${name}" ;; esac
  done
}

setup_isolated() {
  export HOME="${BATS_TEST_TMPDIR}/home"
  export TMPDIR="${BATS_TEST_TMPDIR}/tmp"
  export CONSULT_STATE_DIR="${BATS_TEST_TMPDIR}/state"
  export STUB_LOG="${BATS_TEST_TMPDIR}/calls"
  WORK="${BATS_TEST_TMPDIR}/work"
  STUB_BIN="${BATS_TEST_TMPDIR}/bin"
  TOOLS="${BATS_TEST_TMPDIR}/tools"
  mkdir -p "${HOME}" "${TMPDIR}" "${WORK}" "${STUB_BIN}"
  make_tool_dir "${TOOLS}"
  TEST_PATH="${STUB_BIN}:${TOOLS}"
  unset CONSULT_MODEL CONSULT_EFFORT CONSULT_CD CONSULT_TIMEOUT CONSULT_ABSTRACT
  unset CONSULT_TRANSCRIPT CONSULT_DEBUG CLAUDECODE OLLAMA_HOST OPENAI_BASE_URL OPENAI_API_KEY
  unset XDG_STATE_HOME STUB_CASE STUB_HANG STUB_IGNORE_TERM
  cd "${WORK}" || return 1
}

# install_stub NAME [CASE]: put the fake CLI on PATH as NAME, replaying recorded/CASE.*
install_stub() {
  ln -sf "${STUBS}/bin/fake-consultee" "${STUB_BIN}/$1"
  if [ -n "${2:-}" ]; then export STUB_CASE="${RECORDED}/$2"; fi
}

# wrapper NAME ARGS...: run a wrapper in the isolated world (use under `run`).
wrapper() {
  local name="$1"
  shift
  PATH="${TEST_PATH}" "${WRAPPERS}/${name}-wrapper.sh" "$@"
}

# prompt_file TEXT: write TEXT (exactly) to a file and print its path.
prompt_file() {
  local file="${BATS_TEST_TMPDIR}/prompt.$RANDOM"
  printf '%s' "$1" >"${file}"
  printf '%s\n' "${file}"
}

# The nasty prompt of the safety tests: substitutions, quotes, newlines, a leading dash.
tricky_prompt() {
  # shellcheck disable=SC2016 # literal on purpose
  printf '%s' '-n --help $(touch pwned) `touch pwned2` ${HOME} "double" '"'single'"' \back
; rm -rf / ;
* ? [a]

last line without newline'
}

# big_prompt FILE: write 1 MiB (+ a tail) of text to FILE.
big_prompt() {
  head -c 1048576 /dev/zero | tr '\0' 'x' >"$1"
  # shellcheck disable=SC2016 # literal on purpose
  printf '\n$(touch pwned) end' >>"$1"
}

# refute CMD...: fail when CMD succeeds (a bare `! CMD` does not fail a bats test unless last).
refute() {
  if "$@"; then
    echo "unexpectedly succeeded: $*"
    return 1
  fi
}

# stub_has_arg ARG: the stub got exactly ARG as one of its arguments.
stub_has_arg() {
  grep -qxzF -- "$1" "${STUB_LOG}/last/argv"
}

# The stub's recorded argv, one argument per line.
stub_argv() {
  tr '\0' '\n' <"${STUB_LOG}/last/argv"
}

# json_field [JQ OPTIONS] FILTER: apply a jq filter to $output (the envelope).
# shellcheck disable=SC2154 # output, lines and stderr are set by bats' run
json_field() {
  jq -r "$@" <<<"${output}"
}

# The envelope must be one compact line with exactly the contract's keys.
# shellcheck disable=SC2154 # output, lines and stderr are set by bats' run
assert_envelope_shape() {
  [ "${#lines[@]}" -eq 1 ] || { echo "expected one line, got: ${output}"; return 1; }
  local keys
  keys="$(jq -c 'keys_unsorted' <<<"${output}")"
  [ "${keys}" = '["envelope","consultee","session_id","response","usage","duration_ms","failure","exit_code","model","detail"]' ] ||
    { echo "bad keys: ${keys}"; return 1; }
  jq -e '.envelope == 1 and (.duration_ms | type) == "number" and (.response | type) == "string"' \
    <<<"${output}" >/dev/null || { echo "bad envelope: ${output}"; return 1; }
}

# assert_failure_envelope CLASS CODE: the envelope says CLASS, exit_code CODE, response "".
assert_failure_envelope() {
  assert_envelope_shape
  [ "$(json_field .failure)" = "$1" ] || { echo "failure: $(json_field .failure) != $1"; return 1; }
  [ "$(json_field .exit_code)" = "$2" ] || { echo "exit_code: $(json_field .exit_code)"; return 1; }
  [ "$(json_field .response)" = "" ] || { echo "response not empty"; return 1; }
  [ "$(json_field .detail)" != null ] || { echo "no detail"; return 1; }
}

# assert_process_gone PID: the process is dead (gone, or a zombie waiting for init to reap it).
assert_process_gone() {
  local i state
  for i in $(seq 1 30); do
    state="$(ps -o stat= -p "$1" 2>/dev/null || true)"
    case "${state}" in "" | Z*) return 0 ;; esac
    sleep 0.1
  done
  echo "process $1 is still running (${state}, ${i})"
  return 1
}

# No wrapper temp files are left in TMPDIR.
assert_no_temp_files() {
  local left
  left="$(ls -A "${TMPDIR}")"
  [ -z "${left}" ] || { echo "left in TMPDIR: ${left}"; return 1; }
}

# start_mock [ARGS...]: start tests/stubs/mock_llm_server.py; sets MOCK_URL and MOCK_LOG.
# shellcheck disable=SC2034 # MOCK_URL is for the tests
start_mock() {
  MOCK_LOG="${BATS_TEST_TMPDIR}/requests.jsonl"
  local port_file="${BATS_TEST_TMPDIR}/mock.port" i
  "${PYTHON}" "${STUBS}/mock_llm_server.py" --port-file "${port_file}" --log "${MOCK_LOG}" \
    "$@" 3>&- &
  MOCK_PID=$!
  for i in $(seq 1 100); do
    [ -s "${port_file}" ] && break
    sleep 0.05
  done
  [ -s "${port_file}" ] || { echo "mock server did not start (${i})"; return 1; }
  MOCK_URL="http://127.0.0.1:$(cat "${port_file}")"
}

# mock_script JSON: write a script file for start_mock --script.
mock_script() {
  local file="${BATS_TEST_TMPDIR}/script.json"
  printf '%s\n' "$1" >"${file}"
  printf '%s\n' "${file}"
}

stop_mock() {
  if [ -n "${MOCK_PID:-}" ]; then
    kill "${MOCK_PID}" 2>/dev/null || true
    wait "${MOCK_PID}" 2>/dev/null || true
  fi
}

# A 127.0.0.1 URL where nothing listens.
dead_url() {
  printf 'http://127.0.0.1:%s\n' "$("${PYTHON}" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
}

# mock_requests [JQ OPTIONS] FILTER: jq -s over the mock's request log (one JSON per line).
mock_requests() {
  jq -s -r "$@" <"${MOCK_LOG}"
}

# slow_jq SECS: make jq on the wrappers' PATH sleep SECS before it runs. Each call appends its
# own pid and its sleep's pid to $BATS_TEST_TMPDIR/slow-jq.pids.
slow_jq() {
  local real
  real="$(command -v jq)"
  rm -f "${TOOLS}/jq"
  cat >"${TOOLS}/jq" <<SHIM
#!/usr/bin/env bash
sleep $1 &
printf '%s %s\n' "\$\$" "\$!" >>"${BATS_TEST_TMPDIR}/slow-jq.pids"
wait "\$!"
exec "${real}" "\$@"
SHIM
  chmod +x "${TOOLS}/jq"
}

# wait_for_file FILE: wait up to 10 s for FILE to be non-empty.
wait_for_file() {
  local i
  for i in $(seq 1 100); do
    [ -s "$1" ] && return 0
    sleep 0.1
  done
  echo "no $1 after ${i} tries"
  return 1
}

# assert_slow_jq_gone: every process the slow jq started (see slow_jq) is dead.
assert_slow_jq_gone() {
  local pid pids
  [ -s "${BATS_TEST_TMPDIR}/slow-jq.pids" ] || { echo "the slow jq never ran"; return 1; }
  while read -r -a pids; do
    for pid in "${pids[@]}"; do assert_process_gone "${pid}"; done
  done <"${BATS_TEST_TMPDIR}/slow-jq.pids"
}

# Every field of the envelope has the type docs/wrappers.md promises: session_id a resumable id
# or null, usage null or exactly three non-negative integers, detail one line of <= 300 chars.
# shellcheck disable=SC2154 # output is set by bats' run
assert_envelope_contract() {
  assert_envelope_shape
  # shellcheck disable=SC2016 # jq program
  jq -e '
    def count: type == "number" and . >= 0 and . == floor;
    (.consultee | type) == "string"
    and (.session_id == null or (.session_id | type == "string"
         and test("\\A[A-Za-z0-9][A-Za-z0-9._:-]{0,127}\\z")))
    and (.response | type) == "string"
    and (.usage == null or ((.usage | type) == "object"
         and (.usage | keys) == ["cached_input_tokens", "input_tokens", "output_tokens"]
         and all(.usage[]; count)))
    and (.duration_ms | count) and (.exit_code | count)
    and (.failure == null or (.failure | IN("timeout", "not_installed", "auth", "cli_error", "empty")))
    and (.model == null or (.model | type) == "string")
    and (.detail == null or (.detail | type == "string" and length <= 300 and (test("\n") | not)))' \
    <<<"${output}" >/dev/null || { echo "envelope breaks the contract: ${output}"; return 1; }
}

# canned_curl BODY [STATUS]: a curl on PATH that answers every request with BODY (verbatim
# bytes, then the status line the wrappers ask for with -w).
canned_curl() {
  printf '%s' "$1" >"${BATS_TEST_TMPDIR}/curl.body"
  cat >"${STUB_BIN}/curl" <<SHIM
#!/usr/bin/env bash
cat "${BATS_TEST_TMPDIR}/curl.body"
printf '\n%s' "${2:-200}"
SHIM
  chmod +x "${STUB_BIN}/curl"
}
