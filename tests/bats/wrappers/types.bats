#!/usr/bin/env bats
# The envelope keeps its contract (docs/wrappers.md) whatever types the consultee's output has:
# a field of the wrong type is coerced when that is safe, else dropped, with a warning on stderr,
# and a bad secondary field (usage, model) never costs the answer.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  PROMPT="$(prompt_file 'Q')"
}

# codex_case NAME JSONL: a codex run printing JSONL (one event a line), exit status 0.
codex_case() {
  printf '%s\n' "$2" >"${BATS_TEST_TMPDIR}/$1.stdout"
  install_stub codex
  export STUB_CASE="${BATS_TEST_TMPDIR}/$1"
}

@test "codex: a numeric thread id becomes a string, count strings become numbers" {
  codex_case numbers '{"type":"thread.started","thread_id":12345}
{"type":"item.completed","item":{"type":"agent_message","text":"ok"}}
{"type":"turn.completed","usage":{"input_tokens":"120","output_tokens":30.0,"cached_input_tokens":null}}'
  run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field '.session_id | tojson')" = '"12345"' ]
  [ "$(json_field -c .usage)" = '{"input_tokens":120,"output_tokens":30,"cached_input_tokens":0}' ]
  [ "$(json_field .response)" = ok ]
  [[ "${stderr}" == *"consult-codex: warning: session_id 12345 is a number: passed on as a string"* ]]
  [[ "${stderr}" == *'consult-codex: warning: usage.input_tokens "120" is a string: read as a number'* ]]
}

@test "codex: an unusable thread id and bad counts are dropped, the answer kept" {
  local sid
  for sid in '{"id":1}' '["a"]' 'true' '"../../etc/passwd"' '"abc\ndef"' '-3'; do
    codex_case bad "{\"type\":\"thread.started\",\"thread_id\":${sid}}
{\"type\":\"item.completed\",\"item\":{\"type\":\"agent_message\",\"text\":\"kept\"}}
{\"type\":\"turn.completed\",\"usage\":{\"input_tokens\":-5,\"output_tokens\":1.5,\"cached_input_tokens\":{}}}"
    run -0 --separate-stderr wrapper codex new <"${PROMPT}"
    assert_envelope_contract
    [ "$(json_field .session_id)" = null ] || { echo "${sid}: ${output}"; return 1; }
    [ "$(json_field .usage)" = null ]
    [ "$(json_field .response)" = kept ]
    [[ "${stderr}" == *"warning: session_id "*" is not a session id: dropped"* ]]
    [[ "${stderr}" == *"warning: usage.input_tokens -5 is not a non-negative integer; usage.output_tokens 1.5 is not a non-negative integer; usage.cached_input_tokens {} is not a non-negative integer: usage dropped"* ]]
  done
  # on resume the resumed id stands in for a dropped one
  run -0 --separate-stderr wrapper codex resume abc-1 <"${PROMPT}"
  [ "$(json_field .session_id)" = abc-1 ]
}

@test "claude: a non-numeric count or modelUsage drops only the usage or the model" {
  install_stub claude
  printf '%s' '{"type":"result","subtype":"success","is_error":false,"result":"answer",
    "session_id":"775647df-418c-4153-b6cf-9e85c7adc137",
    "usage":{"input_tokens":"abc","output_tokens":3},"modelUsage":"opus"}' >"${BATS_TEST_TMPDIR}/c.stdout"
  export STUB_CASE="${BATS_TEST_TMPDIR}/c"
  run -0 --separate-stderr wrapper claude --model asked new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .response)" = answer ]
  [ "$(json_field .usage)" = null ]
  [ "$(json_field .model)" = asked ]
  [[ "${stderr}" == *"warning: usage.input_tokens [\"abc\",null,null] is not a non-negative integer"* ]]
}

@test "claude: errors that are not a list still make the detail" {
  install_stub claude
  printf '%s' '{"type":"result","subtype":"error_during_execution","is_error":true,
    "errors":"it broke","session_id":42}' >"${BATS_TEST_TMPDIR}/c.stdout"
  export STUB_CASE="${BATS_TEST_TMPDIR}/c"
  run -5 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_envelope_contract
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "it broke" ]
  [ "$(json_field '.session_id | tojson')" = '"42"' ]
}

@test "gemini: a token count that is a string drops the usage, not the answer" {
  install_stub gemini
  printf '%s' '{"session_id":"3d1f0c9e-7a52-4b8e-9c41-5f6a7b8c9d0e","response":"fine",
    "stats":{"models":{"gemini-x":{"tokens":{"prompt":"10","candidates":2,"cached":0}},
                       "broken":"nope"}}}' >"${BATS_TEST_TMPDIR}/g.stdout"
  export STUB_CASE="${BATS_TEST_TMPDIR}/g"
  run -0 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .response)" = fine ]
  [ "$(json_field .usage)" = null ]
  [ "$(json_field .model)" = gemini-x ] # "broken" has no stats: not a model that answered
  [[ "${stderr}" == *"warning: usage.input_tokens [\"10\"] is not a non-negative integer"* ]]
}

@test "gemini: an error that is a plain string is the detail" {
  install_stub gemini
  printf '%s' '{"error":"quota exceeded"}' >"${BATS_TEST_TMPDIR}/g.stdout"
  echo 1 >"${BATS_TEST_TMPDIR}/g.rc"
  export STUB_CASE="${BATS_TEST_TMPDIR}/g"
  run -5 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "quota exceeded" ]
}

@test "openai and ollama: odd usage and model fields from the server keep the contract" {
  canned_curl '{"model":{"name":"x"},"choices":[{"message":{"content":"hello"}}],
    "usage":{"prompt_tokens":7,"completion_tokens":"2","prompt_tokens_details":"none"}}'
  run -0 --separate-stderr wrapper openai --model m new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .response)" = hello ]
  [ "$(json_field -c .usage)" = '{"input_tokens":7,"output_tokens":2,"cached_input_tokens":0}' ]
  [ "$(json_field .model)" = m ]
  [[ "${stderr}" == *'warning: model {"name":"x"} is not a string: dropped'* ]]
  canned_curl '{"model":7,"message":{"content":"hi"},"prompt_eval_count":true,"eval_count":1}'
  run -0 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .response)" = hi ]
  [ "$(json_field .usage)" = null ]
  [ "$(json_field '.model | tojson')" = '"7"' ]
}

@test "replay: a transcript's usage, model and response are checked like a CLI's" {
  printf '%s' '{"consultee":"replay","replies":[
    {"response":42,"usage":{"input_tokens":1.5,"output_tokens":1,"cached_input_tokens":0},"model":["m"]},
    {"response":"two","usage":"lots"},
    {"response":"three","usage":{"total_tokens":9}}]}' >"${BATS_TEST_TMPDIR}/t.json"
  run -0 --separate-stderr wrapper replay --transcript "${BATS_TEST_TMPDIR}/t.json" new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field '.response | tojson')" = '"42"' ]
  [ "$(json_field .usage)" = null ]
  [ "$(json_field .model)" = null ]
  [[ "${stderr}" == *"warning: response is a number, not a string: passed on as its JSON text"* ]]
  local sid
  sid="$(json_field .session_id)"
  run -0 --separate-stderr wrapper replay resume "${sid}" <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .usage)" = null ]
  [[ "${stderr}" == *'warning: usage "lots" is not an object: dropped'* ]]
  run -0 --separate-stderr wrapper replay resume "${sid}" <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .usage)" = null ]
}

@test "replay: a session file whose cursor is not a count is cli_error" {
  printf '%s' '{"consultee":"replay","replies":[{"response":"r"}]}' >"${BATS_TEST_TMPDIR}/t.json"
  mkdir -p "${CONSULT_STATE_DIR}"
  printf '{"consultee":"replay","transcript":"%s","cursor":"x"}' "${BATS_TEST_TMPDIR}/t.json" \
    >"${CONSULT_STATE_DIR}/s1.json"
  run -5 --separate-stderr wrapper replay resume s1 <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "session s1 has no valid cursor (a non-negative integer)" ]
}

@test "non-ASCII text before the status line or the JSON is read right (jq 1.6 indexes bytes)" {
  canned_curl '{"model":"m","message":{"role":"assistant","content":"café, naïve — ok ✓"},"prompt_eval_count":3,"eval_count":4}'
  run -0 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  assert_envelope_contract
  [ "$(json_field .response)" = "café, naïve — ok ✓" ]
  canned_curl '{"error":{"message":"modèle introuvable ✗"}}' 404
  run -5 --separate-stderr wrapper openai --model m new <"${PROMPT}"
  [ "$(json_field .detail)" = "HTTP 404: modèle introuvable ✗" ]
  install_stub gemini
  printf '%s\n' 'Loaded cached credentials ✓ — ünïcode' \
    '{"session_id":"3d1f0c9e-7a52-4b8e-9c41-5f6a7b8c9d0e","response":"réponse"}' >"${BATS_TEST_TMPDIR}/g.stdout"
  export STUB_CASE="${BATS_TEST_TMPDIR}/g"
  run -0 --separate-stderr wrapper gemini new <"${PROMPT}"
  [ "$(json_field .response)" = "réponse" ]
}
