#!/usr/bin/env bats
# The time budget: building the envelope costs linear time and stays inside --timeout (plus the
# documented kill and grace seconds), the consultee's requests share one budget, and a wrapper
# that is stopped leaves no child running.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  install_stub codex codex/new
  PROMPT="$(prompt_file 'Q')"
}

# big_codex_case PREFIX N: a codex JSONL run with N reasoning events before its answer, and N
# lines of progress on stderr.
big_codex_case() {
  awk -v n="$2" 'BEGIN {
    print "{\"type\":\"thread.started\",\"thread_id\":\"0199a213-81c0-7800-8aa1-000000000200\"}"
    for (i = 1; i <= n; i++)
      printf "{\"type\":\"item.completed\",\"item\":{\"type\":\"reasoning\",\"text\":\"%d\"}}\n", i
    print "{\"type\":\"item.completed\",\"item\":{\"id\":\"last\",\"type\":\"agent_message\",\"text\":\"Final answer.\"}}"
    print "{\"type\":\"turn.completed\",\"usage\":{\"input_tokens\":12,\"output_tokens\":3,\"cached_input_tokens\":0}}"
  }' >"$1.stdout"
  awk -v n="$2" 'BEGIN { for (i = 1; i <= n; i++) printf "progress %d\n", i }' >"$1.stderr"
}

# A curl that takes SECS to answer any request like an Ollama server with model m.
slow_ollama_curl() {
  cat >"${STUB_BIN}/curl" <<SHIM
#!/usr/bin/env bash
sleep $1
case " \$* " in
  *" http"*"/api/tags "*) printf '{"models":[{"name":"m"}]}\n200' ;;
  *) printf '{"model":"m","message":{"role":"assistant","content":"slow answer"}}\n200' ;;
esac
SHIM
  chmod +x "${STUB_BIN}/curl"
}

@test "200k lines of JSONL and of stderr become the right envelope in linear time" {
  big_codex_case "${BATS_TEST_TMPDIR}/big" 200000
  export STUB_CASE="${BATS_TEST_TMPDIR}/big"
  local started="${SECONDS}"
  run -0 --separate-stderr wrapper codex --timeout 120 new <"${PROMPT}"
  local took=$((SECONDS - started))
  assert_envelope_shape
  [ "$(json_field .response)" = "Final answer." ]
  [ "$(json_field .session_id)" = 0199a213-81c0-7800-8aa1-000000000200 ]
  [ "$(json_field -c .usage)" = '{"input_tokens":12,"output_tokens":3,"cached_input_tokens":0}' ]
  # About 3 s of CPU (13 MB of JSONL); the quadratic version ran for more than 15 minutes.
  [ "${took}" -lt 60 ] || { echo "took ${took} s"; return 1; }
  assert_no_temp_files
}

@test "200k lines of plain output come back verbatim, the last stderr line as the detail of an error" {
  awk 'BEGIN { for (i = 1; i <= 200000; i++) printf "answer line %d\n", i }' \
    >"${BATS_TEST_TMPDIR}/plain.stdout"
  awk 'BEGIN { for (i = 1; i <= 200000; i++) printf "note %d\n", i }' >"${BATS_TEST_TMPDIR}/plain.stderr"
  export STUB_CASE="${BATS_TEST_TMPDIR}/plain"
  local started="${SECONDS}"
  run -0 --separate-stderr wrapper codex --timeout 120 new <"${PROMPT}"
  # Under a second on a quiet machine; the quadratic version took 85 s.
  [ $((SECONDS - started)) -lt 20 ] || { echo "took $((SECONDS - started)) s"; return 1; }
  assert_envelope_shape
  json_field .response | cmp - "${STUB_CASE}.stdout" # jq -r adds back the final newline
  echo 1 >"${STUB_CASE}.rc"
  started="${SECONDS}"
  run -5 --separate-stderr wrapper codex --timeout 120 new <"${PROMPT}"
  [ $((SECONDS - started)) -lt 20 ] || { echo "took $((SECONDS - started)) s"; return 1; }
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "note 200000" ]
}

@test "an envelope that cannot be built in time ends the call as a timeout, jq stopped" {
  slow_jq 60
  local started="${SECONDS}"
  run -124 --separate-stderr wrapper codex --timeout 1 new <"${PROMPT}"
  local took=$((SECONDS - started))
  # --timeout 1, 5 s for a CLI to die, 2 s of grace: a hard bound of 8 s, and slack for a busy machine.
  [ "${took}" -lt 20 ] || { echo "took ${took} s"; return 1; }
  assert_failure_envelope timeout 124
  [[ "$(json_field .detail)" == "no envelope within 1s"* ]]
  [[ "${stderr}" == *"consult-codex: timeout: no envelope within 1s"* ]]
  assert_slow_jq_gone
  assert_no_temp_files
}

@test "a wrapper stopped with SIGTERM while it builds the envelope leaves no jq behind" {
  slow_jq 60
  PATH="${TEST_PATH}" "${WRAPPERS}/codex-wrapper.sh" --timeout 100 new <"${PROMPT}" \
    >"${BATS_TEST_TMPDIR}/out" 2>"${BATS_TEST_TMPDIR}/err" 3>&- &
  local pid=$! status=0 started
  wait_for_file "${BATS_TEST_TMPDIR}/slow-jq.pids"
  wait_for_file "${STUB_LOG}/last/env" # the CLI ran: the wrapper now waits on jq
  sleep 0.5
  started="${SECONDS}"
  kill -TERM "${pid}"
  wait "${pid}" || status=$?
  [ "${status}" -eq 143 ]
  [ $((SECONDS - started)) -lt 10 ]
  grep -q 'interrupted (SIGTERM)' "${BATS_TEST_TMPDIR}/err"
  [ ! -s "${BATS_TEST_TMPDIR}/out" ]
  assert_slow_jq_gone
  assert_no_temp_files
}

@test "SIGINT and SIGTERM stop the wrapper's own jq steps at once (ollama, openai, replay)" {
  local name status started names="ollama openai replay" launch=(env)
  # A background job of a non-interactive shell starts with SIGINT ignored; env can undo that.
  if env --default-signal=INT true 2>/dev/null; then
    names="${names} INT-ollama"
    launch=(env --default-signal=INT)
  fi
  printf '{"consultee":"replay","replies":[{"response":"r"}]}' >"${BATS_TEST_TMPDIR}/t.json"
  slow_jq 60
  for name in ${names}; do
    rm -f "${BATS_TEST_TMPDIR}/slow-jq.pids"
    local signal=TERM expect=143 consultee="${name}"
    case "${name}" in INT-*) signal=INT expect=130 consultee="${name#INT-}" ;; esac
    "${launch[@]}" OLLAMA_HOST="$(dead_url)" OPENAI_BASE_URL="$(dead_url)/v1" \
      PATH="${TEST_PATH}" CONSULT_TRANSCRIPT="${BATS_TEST_TMPDIR}/t.json" "${WRAPPERS}/${consultee}-wrapper.sh" \
      --model m new <"${PROMPT}" >"${BATS_TEST_TMPDIR}/out" 2>"${BATS_TEST_TMPDIR}/err" 3>&- &
    local pid=$!
    status=0
    wait_for_file "${BATS_TEST_TMPDIR}/slow-jq.pids"
    started="${SECONDS}"
    kill -s "${signal}" "${pid}"
    wait "${pid}" || status=$?
    [ "${status}" -eq "${expect}" ] || { echo "${name}: status ${status}"; return 1; }
    [ $((SECONDS - started)) -lt 10 ] || { echo "${name}: took $((SECONDS - started)) s"; return 1; }
    assert_slow_jq_gone
    assert_no_temp_files
  done
}

@test "the requests of one call share --timeout instead of getting it each" {
  # Two requests (the model list, then the chat) of 1.5 s each: each alone fits in 2 s, both do not.
  slow_ollama_curl 1.5
  local started="${SECONDS}"
  OLLAMA_HOST=http://127.0.0.1:9 run -124 --separate-stderr wrapper ollama --timeout 2 new <"${PROMPT}"
  assert_failure_envelope timeout 124
  [ $((SECONDS - started)) -lt 15 ]
  # With room for both, the same call answers.
  OLLAMA_HOST=http://127.0.0.1:9 run -0 --separate-stderr wrapper ollama --timeout 30 new <"${PROMPT}"
  [ "$(json_field .response)" = "slow answer" ]
  assert_no_temp_files
}

@test "a CLI that exits 124 by itself at once is cli_error, not timeout" {
  local name case="${BATS_TEST_TMPDIR}/own124"
  printf 'fatal: the CLI gave up on its own\n' >"${case}.stderr"
  echo 124 >"${case}.rc"
  export STUB_CASE="${case}"
  for name in codex claude gemini; do
    install_stub "${name}"
    run -5 --separate-stderr wrapper "${name}" --timeout 60 new <"${PROMPT}"
    assert_failure_envelope cli_error 5
    [ "$(json_field .detail)" = "fatal: the CLI gave up on its own" ] || { echo "${name}: ${output}"; return 1; }
  done
  # while a real expiry still is a timeout
  STUB_HANG=30 run -124 --separate-stderr wrapper codex --timeout 0.5 new <"${PROMPT}"
  assert_failure_envelope timeout 124
}

@test "a prompt that never ends is a timeout too, not a wait without end" {
  mkfifo "${BATS_TEST_TMPDIR}/stdin"
  sleep 60 >"${BATS_TEST_TMPDIR}/stdin" 3>&- &
  local writer=$! started="${SECONDS}"
  run -124 --separate-stderr wrapper codex --timeout 1 new <"${BATS_TEST_TMPDIR}/stdin"
  kill "${writer}" 2>/dev/null || true
  [ $((SECONDS - started)) -lt 15 ] || { echo "took $((SECONDS - started)) s"; return 1; }
  assert_failure_envelope timeout 124
  [ "$(json_field .detail)" = "no complete prompt on stdin within 1s" ]
  [ ! -e "${STUB_LOG}/last" ]
  assert_no_temp_files
}
