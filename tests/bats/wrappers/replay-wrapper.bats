#!/usr/bin/env bats
# Tests for wrappers/replay-wrapper.sh: the offline consultee that answers from a transcript.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  PROMPT="$(prompt_file 'first prompt')"
  TRANSCRIPT="${BATS_TEST_TMPDIR}/transcript.json"
  cat >"${TRANSCRIPT}" <<'JSON'
{"consultee": "replay", "replies": [
  {"response": "reply zero", "usage": {"input_tokens": 1, "output_tokens": 2, "cached_input_tokens": 0}, "model": "recorded-model"},
  {"response": "", "failure": "timeout"},
  {"response": "reply two"},
  {"response": "nope", "failure": "auth", "detail": "recorded 401"},
  {"response": "x", "failure": "bogus"}
]}
JSON
}

@test "new answers with reply 0 under a fresh session id" {
  run -0 --separate-stderr wrapper replay --transcript "${TRANSCRIPT}" new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .consultee)" = replay ]
  [ "$(json_field .response)" = "reply zero" ]
  [ "$(json_field .model)" = recorded-model ]
  [ "$(json_field -c .usage)" = '{"input_tokens":1,"output_tokens":2,"cached_input_tokens":0}' ]
  [ "$(json_field .session_id)" != null ]
}

@test "each resume takes the next reply, failures included, then the transcript runs out" {
  CONSULT_TRANSCRIPT="${TRANSCRIPT}" run -0 --separate-stderr wrapper replay new <"${PROMPT}"
  local sid
  sid="$(json_field .session_id)"
  run -124 --separate-stderr wrapper replay resume "${sid}" <"$(prompt_file 'second')"
  assert_failure_envelope timeout 124
  [ "$(json_field .session_id)" = "${sid}" ]
  run -0 --separate-stderr wrapper replay resume "${sid}" <"$(prompt_file 'third')"
  [ "$(json_field .response)" = "reply two" ]
  run -4 --separate-stderr wrapper replay resume "${sid}" <"${PROMPT}"
  assert_failure_envelope auth 4
  [ "$(json_field .detail)" = "recorded 401" ]
  run -5 --separate-stderr wrapper replay resume "${sid}" <"${PROMPT}"
  assert_failure_envelope cli_error 5
  run -5 --separate-stderr wrapper replay resume "${sid}" <"${PROMPT}"
  [[ "$(json_field .detail)" == *"has no reply 5" ]]
}

@test "the session file keeps every prompt verbatim and the cursor" {
  run -0 --separate-stderr wrapper replay --transcript "${TRANSCRIPT}" new <"${PROMPT}"
  local sid
  sid="$(json_field .session_id)"
  run -124 --separate-stderr wrapper replay resume "${sid}" <"$(prompt_file "$(tricky_prompt)")"
  [ "$(jq -r '.prompts[1]' "${CONSULT_STATE_DIR}/${sid}.json")" = "$(tricky_prompt)" ]
  [ "$(jq -r '[.cursor, .transcript] | @tsv' "${CONSULT_STATE_DIR}/${sid}.json")" = "$(printf '2\t%s' "${TRANSCRIPT}")" ]
}

@test "new without a transcript is a usage error with no envelope" {
  run -2 --separate-stderr wrapper replay new <"${PROMPT}"
  [ -z "${output}" ]
  [[ "${stderr}" == *"new needs --transcript FILE"* ]]
  run -2 --separate-stderr wrapper replay --transcript "${BATS_TEST_TMPDIR}/missing.json" new <"${PROMPT}"
  [[ "${stderr}" == *"cannot read transcript"* ]]
}

@test "a transcript that is not JSON is cli_error" {
  echo 'not json' >"${BATS_TEST_TMPDIR}/bad.json"
  run -5 --separate-stderr wrapper replay --transcript "${BATS_TEST_TMPDIR}/bad.json" new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "not a JSON transcript"* ]]
}

@test "an unknown session is cli_error" {
  run -5 --separate-stderr wrapper replay resume 0000-unknown <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "unknown session 0000-unknown"* ]]
}

@test "--transcript is only an option of replay" {
  install_stub codex codex/new
  run -2 --separate-stderr wrapper codex --transcript "${TRANSCRIPT}" new <"${PROMPT}"
  [[ "${stderr}" == *"unknown option: --transcript"* ]]
}
