#!/usr/bin/env bats
# Tests for wrappers/ollama-wrapper.sh against the mock server (tests/stubs/mock_llm_server.py).

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  PROMPT="$(prompt_file 'Should we use a queue here?')"
}

teardown() {
  stop_mock
}

@test "new asks /api/tags for a model, posts /api/chat and saves the conversation" {
  start_mock --script "$(mock_script '[{"reply": "Use a queue."}]')"
  OLLAMA_HOST="${MOCK_URL}" run -0 --separate-stderr wrapper ollama new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .response)" = "Use a queue." ]
  [ "$(json_field .model)" = mock-llm ]
  [ "$(json_field -c .usage)" = '{"input_tokens":120,"output_tokens":30,"cached_input_tokens":0}' ]
  local sid
  sid="$(json_field .session_id)"
  [[ "${sid}" =~ ^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$ ]]
  [ "$(mock_requests '[.[] | .method + " " + .path] | join(",")')" = "GET /api/tags,POST /api/chat" ]
  [ "$(mock_requests -c '.[1].body | {model, stream, messages}')" = '{"model":"mock-llm","stream":false,"messages":[{"role":"user","content":"Should we use a queue here?"}]}' ]
  [ "$(jq -c '[.consultee, .model, (.messages | length)]' "${CONSULT_STATE_DIR}/${sid}.json")" = '["ollama","mock-llm",2]' ]
  assert_no_temp_files
}

@test "resume resends the whole conversation and extends it" {
  start_mock --script "$(mock_script '[{"reply": "first"}, {"reply": "second"}]')"
  OLLAMA_HOST="${MOCK_URL}" run -0 --separate-stderr wrapper ollama new <"${PROMPT}"
  local sid
  sid="$(json_field .session_id)"
  OLLAMA_HOST="${MOCK_URL}" run -0 --separate-stderr wrapper ollama resume "${sid}" <"$(prompt_file 'and then?')"
  [ "$(json_field .session_id)" = "${sid}" ]
  [ "$(json_field .response)" = second ]
  [ "$(mock_requests -c '[.[-1].body.messages[] | .role + ":" + .content]')" = '["user:Should we use a queue here?","assistant:first","user:and then?"]' ]
  [ "$(jq '.messages | length' "${CONSULT_STATE_DIR}/${sid}.json")" = 4 ]
  # only the first call needed to look for a model
  [ "$(mock_requests '[.[] | select(.method == "GET")] | length')" = 1 ]
}

@test "--model skips the lookup; --effort becomes think; host:port gets http://" {
  start_mock
  local hostport="${MOCK_URL#http://}"
  OLLAMA_HOST="${hostport}" run -0 --separate-stderr wrapper ollama --model qwen3:8b --effort high new <"${PROMPT}"
  [ "$(mock_requests -c '[.[] | .method]')" = '["POST"]' ]
  [ "$(mock_requests -c '.[0].body | [.model, .think]')" = '["qwen3:8b","high"]' ]
  CONSULT_EFFORT=none OLLAMA_HOST="${hostport}" run -0 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  [ "$(mock_requests -c '.[-1].body.think')" = false ]
}

@test "--temperature becomes options.temperature" {
  start_mock
  OLLAMA_HOST="${MOCK_URL}" CONSULT_TEMPERATURE=0.7 run -0 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  [ "$(mock_requests -c '.[0].body.options')" = '{"temperature":0.7}' ]
}

@test "HTTP 500 is cli_error and no session file is written" {
  start_mock --script "$(mock_script '[{"status": 500, "body": {"error": "model crashed"}}]')"
  OLLAMA_HOST="${MOCK_URL}" run -5 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "HTTP 500: model crashed" ]
  [ "$(json_field .session_id)" = null ]
  [ -z "$(ls -A "${CONSULT_STATE_DIR}")" ]
}

@test "a failed resume leaves the conversation as it was" {
  start_mock --script "$(mock_script '[{"reply": "first"}, {"status": 503}]')"
  OLLAMA_HOST="${MOCK_URL}" run -0 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  local sid before
  sid="$(json_field .session_id)"
  before="$(cat "${CONSULT_STATE_DIR}/${sid}.json")"
  OLLAMA_HOST="${MOCK_URL}" run -5 --separate-stderr wrapper ollama resume "${sid}" <"${PROMPT}"
  [ "$(json_field .session_id)" = "${sid}" ]
  [ "$(cat "${CONSULT_STATE_DIR}/${sid}.json")" = "${before}" ]
}

@test "an empty answer is failure empty and is not saved" {
  start_mock --script "$(mock_script '[{"reply": "  \n"}]')"
  OLLAMA_HOST="${MOCK_URL}" run -6 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  assert_failure_envelope empty 6
  [ -z "$(ls -A "${CONSULT_STATE_DIR}")" ]
}

@test "an unknown session is cli_error without any request" {
  start_mock
  OLLAMA_HOST="${MOCK_URL}" run -5 --separate-stderr wrapper ollama resume 11111111-2222-4333-a444-555555555555 <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "unknown session 11111111-2222-4333-a444-555555555555"* ]]
  [ ! -s "${MOCK_LOG}" ]
}

@test "another consultee's session is refused" {
  mkdir -p "${CONSULT_STATE_DIR}"
  echo '{"consultee":"openai","messages":[]}' >"${CONSULT_STATE_DIR}/abc.json"
  OLLAMA_HOST="$(dead_url)" run -5 --separate-stderr wrapper ollama resume abc <"${PROMPT}"
  [[ "$(json_field .detail)" == "session abc is not a ollama session"* ]]
}

@test "no server: cli_error with curl's message" {
  OLLAMA_HOST="$(dead_url)" run -5 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "curl: (7)"* ]]
}

@test "no --model and no server to ask is cli_error that says so" {
  OLLAMA_HOST="$(dead_url)" run -5 --separate-stderr wrapper ollama new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "no --model given and GET "*"/api/tags listed none" ]]
}

@test "a hanging server is timeout, exit 124" {
  start_mock --script "$(mock_script '[{"hang": 30}]')"
  OLLAMA_HOST="${MOCK_URL}" run -124 --separate-stderr wrapper ollama --model m --timeout 1 new <"${PROMPT}"
  assert_failure_envelope timeout 124
  assert_no_temp_files
}

@test "curl missing from PATH is not_installed, exit 3" {
  rm "${TOOLS}/curl"
  run -3 --separate-stderr wrapper ollama --model m new <"${PROMPT}"
  assert_failure_envelope not_installed 3
}
