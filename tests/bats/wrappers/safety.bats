#!/usr/bin/env bats
# Safety of every wrapper: prompts reach the consultee verbatim and are never evaluated, temp
# files are private, separate per run and removed, and an interrupted wrapper stops its CLI.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  for cli in codex claude gemini; do install_stub "${cli}"; done
  export STUB_CASE="${RECORDED}/codex/new" # any output will do: these tests look at the input
}

teardown() {
  stop_mock
}

sha() {
  sha256sum <"$1" | cut -d' ' -f1
}

assert_nothing_evaluated() {
  local found
  found="$(find "${BATS_TEST_TMPDIR}" "${WORK}" -name 'pwned*')"
  [ -z "${found}" ] || { echo "evaluated: ${found}"; return 1; }
}

@test "a prompt with \$(...), backticks, quotes, newlines and a leading '-' reaches each CLI verbatim" {
  local prompt name
  prompt="$(prompt_file "$(tricky_prompt)")"
  for name in codex claude gemini; do
    run --separate-stderr wrapper "${name}" new <"${prompt}"
    [ "$(sha "${STUB_LOG}/last/stdin")" = "$(sha "${prompt}")" ] || { echo "${name} changed it"; return 1; }
    [ "$(cat "${STUB_LOG}/last/name")" = "${name}" ]
  done
  assert_nothing_evaluated
}

@test "the prompt is never on the CLI's command line" {
  local prompt name
  prompt="$(prompt_file 'SECRET-PROMPT-TEXT')"
  for name in codex claude gemini; do
    run --separate-stderr wrapper "${name}" new <"${prompt}"
    refute grep -q SECRET-PROMPT-TEXT "${STUB_LOG}/last/argv"
  done
}

@test "1 MiB of prompt reaches each CLI verbatim" {
  local prompt="${BATS_TEST_TMPDIR}/big.txt" name
  big_prompt "${prompt}"
  for name in codex claude gemini; do
    run --separate-stderr wrapper "${name}" new <"${prompt}"
    [ "$(sha "${STUB_LOG}/last/stdin")" = "$(sha "${prompt}")" ] || { echo "${name} changed it"; return 1; }
  done
  assert_nothing_evaluated
}

@test "tricky and 1 MiB prompts reach the HTTP consultees verbatim" {
  local tricky big="${BATS_TEST_TMPDIR}/big.txt"
  tricky="$(prompt_file "$(tricky_prompt)")"
  big_prompt "${big}"
  start_mock
  OLLAMA_HOST="${MOCK_URL}" run -0 --separate-stderr wrapper ollama --model m new <"${tricky}"
  OPENAI_BASE_URL="${MOCK_URL}/v1" run -0 --separate-stderr wrapper openai --model m new <"${big}"
  mock_requests -j '.[0].body.messages[-1].content' >"${BATS_TEST_TMPDIR}/got0"
  mock_requests -j '.[1].body.messages[-1].content' >"${BATS_TEST_TMPDIR}/got1"
  [ "$(sha "${BATS_TEST_TMPDIR}/got0")" = "$(sha "${tricky}")" ]
  [ "$(sha "${BATS_TEST_TMPDIR}/got1")" = "$(sha "${big}")" ]
  # and the answer (the mock echoes the prompt) comes back verbatim in the envelope
  json_field -j .response >"${BATS_TEST_TMPDIR}/answer"
  [ "$(sha "${BATS_TEST_TMPDIR}/answer")" = "$(printf 'MOCK-ECHO: ' | cat - "${big}" | sha256sum | cut -d' ' -f1)" ]
  assert_nothing_evaluated
}

@test "two wrappers at once use separate private temp dirs, both removed" {
  export STUB_HANG=2
  local prompt
  prompt="$(prompt_file 'Q')"
  PATH="${TEST_PATH}" "${WRAPPERS}/codex-wrapper.sh" new <"${prompt}" >"${BATS_TEST_TMPDIR}/a.out" 2>&1 3>&- &
  local a=$!
  PATH="${TEST_PATH}" "${WRAPPERS}/codex-wrapper.sh" new <"${prompt}" >"${BATS_TEST_TMPDIR}/b.out" 2>&1 3>&- &
  local b=$!
  sleep 1
  local dirs
  dirs="$(find "${TMPDIR}" -mindepth 1 -maxdepth 1 -name 'argcheck-consult.*' | wc -l)"
  [ "${dirs}" -eq 2 ]
  [ -z "$(find "${TMPDIR}" -mindepth 1 -maxdepth 1 -name 'argcheck-consult.*' ! -perm 700)" ]
  wait "${a}"
  wait "${b}"
  [ "$(cat "${STUB_LOG}/1/stdin_path")" != "$(cat "${STUB_LOG}/2/stdin_path")" ]
  [ "$(dirname "$(cat "${STUB_LOG}/1/stdin_path")")" != "$(dirname "$(cat "${STUB_LOG}/2/stdin_path")")" ]
  assert_no_temp_files
}

@test "temp files are removed after success, failure, timeout and not_installed" {
  local prompt
  prompt="$(prompt_file 'Q')"
  run -0 --separate-stderr wrapper codex new <"${prompt}"
  STUB_CASE="${RECORDED}/codex/error-500" run -5 --separate-stderr wrapper codex new <"${prompt}"
  STUB_HANG=30 run -124 --separate-stderr wrapper codex --timeout 1 new <"${prompt}"
  rm "${STUB_BIN}/codex"
  run -3 --separate-stderr wrapper codex --abstract new <"${prompt}"
  assert_no_temp_files
}

@test "a wrapper stopped with SIGTERM stops its CLI and removes its temp files" {
  export STUB_HANG=60
  local prompt
  prompt="$(prompt_file 'Q')"
  PATH="${TEST_PATH}" "${WRAPPERS}/codex-wrapper.sh" --abstract new <"${prompt}" \
    >"${BATS_TEST_TMPDIR}/out" 2>"${BATS_TEST_TMPDIR}/err" 3>&- &
  local pid=$! status=0
  for _ in $(seq 1 50); do
    [ -s "${STUB_LOG}/last/child_pid" ] && break
    sleep 0.1
  done
  kill -TERM "${pid}"
  wait "${pid}" || status=$?
  [ "${status}" -eq 143 ]
  grep -q 'interrupted (SIGTERM)' "${BATS_TEST_TMPDIR}/err"
  assert_process_gone "$(cat "${STUB_LOG}/last/child_pid")"
  assert_no_temp_files
}
