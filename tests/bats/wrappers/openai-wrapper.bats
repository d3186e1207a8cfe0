#!/usr/bin/env bats
# Tests for wrappers/openai-wrapper.sh against the mock server (tests/stubs/mock_llm_server.py).

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  PROMPT="$(prompt_file 'Should we use a queue here?')"
  # A curl shim that records its argv and runs the real curl.
  cat >"${STUB_BIN}/curl" <<SHIM
#!/usr/bin/env bash
printf '%s\n' "\$@" >>"${BATS_TEST_TMPDIR}/curl.argv"
exec "$(command -v curl)" "\$@"
SHIM
  chmod +x "${STUB_BIN}/curl"
}

teardown() {
  stop_mock
}

@test "new asks {base}/models, posts {base}/chat/completions and saves the conversation" {
  start_mock --script "$(mock_script '[{"reply": "Use a queue."}]')"
  OPENAI_BASE_URL="${MOCK_URL}/v1/" run -0 --separate-stderr wrapper openai new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .response)" = "Use a queue." ]
  [ "$(json_field .model)" = mock-llm ]
  [ "$(json_field -c .usage)" = '{"input_tokens":120,"output_tokens":30,"cached_input_tokens":7}' ]
  [ "$(mock_requests '[.[] | .method + " " + .path] | join(",")')" = "GET /v1/models,POST /v1/chat/completions" ]
  [ "$(mock_requests -c '.[1].body')" = '{"stream":false,"messages":[{"role":"user","content":"Should we use a queue here?"}],"model":"mock-llm"}' ]
  [ -f "${CONSULT_STATE_DIR}/$(json_field .session_id).json" ]
}

@test "the API key goes in a header file, never on curl's command line" {
  start_mock --require-key sk-secret-123
  OPENAI_API_KEY=sk-secret-123 OPENAI_BASE_URL="${MOCK_URL}/v1" run -0 --separate-stderr wrapper openai --model m new <"${PROMPT}"
  [ "$(mock_requests '.[0].headers.Authorization')" = "Bearer sk-secret-123" ]
  refute grep -q sk-secret "${BATS_TEST_TMPDIR}/curl.argv"
  assert_no_temp_files
}

@test "a wrong key is auth, exit 4" {
  start_mock --require-key sk-right
  OPENAI_API_KEY=sk-wrong OPENAI_BASE_URL="${MOCK_URL}/v1" run -4 --separate-stderr wrapper openai --model m new <"${PROMPT}"
  assert_failure_envelope auth 4
  [[ "$(json_field .detail)" == "HTTP 401: Incorrect API key provided"* ]]
}

@test "resume resends the conversation with the session's model; effort is reasoning_effort" {
  start_mock --script "$(mock_script '[{"reply": "first"}, {"reply": "second"}]')"
  OPENAI_BASE_URL="${MOCK_URL}/v1" run -0 --separate-stderr wrapper openai --model gpt-local new <"${PROMPT}"
  local sid
  sid="$(json_field .session_id)"
  OPENAI_BASE_URL="${MOCK_URL}/v1" run -0 --separate-stderr wrapper openai --effort low resume "${sid}" <"$(prompt_file 'and then?')"
  [ "$(json_field .response)" = second ]
  [ "$(mock_requests -c '.[-1].body | [.model, .reasoning_effort, [.messages[].content]]')" = '["gpt-local","low",["Should we use a queue here?","first","and then?"]]' ]
  [ "$(mock_requests '[.[] | select(.method == "GET")] | length')" = 0 ]
}

@test "--temperature is sent as a number; out of 0..2 is a usage error" {
  start_mock --script "$(mock_script '[{"reply": "first"}]')"
  OPENAI_BASE_URL="${MOCK_URL}/v1" run -0 --separate-stderr wrapper openai --model gpt-local --temperature 0.2 new <"${PROMPT}"
  [ "$(mock_requests -c '.[-1].body.temperature')" = 0.2 ]
  run -2 --separate-stderr wrapper openai --temperature 3 new <"${PROMPT}"
  [[ "${stderr}" == *"--temperature needs a number from 0 to 2"* ]]
}

@test "HTTP 500 is cli_error with the server's message" {
  start_mock --script "$(mock_script '[{"status": 500, "body": {"error": {"message": "out of memory"}}}]')"
  OPENAI_BASE_URL="${MOCK_URL}/v1" run -5 --separate-stderr wrapper openai --model m new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "HTTP 500: out of memory" ]
}

@test "no server: cli_error; a hanging one: timeout" {
  OPENAI_BASE_URL="$(dead_url)/v1" run -5 --separate-stderr wrapper openai --model m new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  start_mock --script "$(mock_script '[{"hang": 30}]')"
  OPENAI_BASE_URL="${MOCK_URL}/v1" run -124 --separate-stderr wrapper openai --model m --timeout 1 new <"${PROMPT}"
  assert_failure_envelope timeout 124
}

@test "without a model and without a model list the request has no model field" {
  OPENAI_BASE_URL="$(dead_url)/v1" run -5 --separate-stderr wrapper openai new <"${PROMPT}"
  [ "$(json_field .model)" = null ]
}
