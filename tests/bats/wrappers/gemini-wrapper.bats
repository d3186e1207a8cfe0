#!/usr/bin/env bats
# Tests for wrappers/gemini-wrapper.sh with a stub `gemini` replaying hand-written outputs
# (the documented -o json layout; see tests/stubs/record_real_outputs.py for why).

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  install_stub gemini gemini/hand-new
  PROMPT="$(prompt_file 'Should we use a queue here?')"
  SID=3d1f0c9e-7a52-4b8e-9c41-5f6a7b8c9d0e
}

@test "new runs gemini -o json trusted for headless use, prompt on stdin" {
  run -0 --separate-stderr wrapper gemini new <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "-o json " ]
  grep -qx 'GEMINI_CLI_TRUST_WORKSPACE=true' "${STUB_LOG}/last/env"
  cmp "${PROMPT}" "${STUB_LOG}/last/stdin"
}

@test "model and resume become -m and --resume; --cd sets the directory" {
  run -0 --separate-stderr wrapper gemini --model gemini-2.5-pro --cd "${HOME}" resume "${SID}" <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "-o json -m gemini-2.5-pro --resume ${SID} " ]
  [ "$(cat "${STUB_LOG}/last/cwd")" = "${HOME}" ]
}

@test "--effort is not a gemini flag: it is ignored with a note on stderr" {
  run -0 --separate-stderr wrapper gemini --effort high new <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "-o json " ]
  [[ "${stderr}" == *"--effort is not supported"* ]]
}

@test "pretty JSON becomes an envelope; tokens are summed over the models" {
  run -0 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .consultee)" = gemini ]
  [ "$(json_field .session_id)" = "${SID}" ]
  [ "$(json_field .response)" = "$(printf 'Use a queue.\nIt decouples "producers".')" ]
  [ "$(json_field -c .usage)" = '{"input_tokens":130,"output_tokens":32,"cached_input_tokens":30}' ]
  # No "roles" in these stats: the model with the most tokens answered (the other is the router's side call).
  [ "$(json_field .model)" = gemini-2.5-pro ]
}

@test "an error object on stderr is cli_error with its message" {
  export STUB_CASE="${RECORDED}/gemini/hand-api-error"
  run -5 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "[API Error: got status: 500 Internal Server Error]" ]
  [ "$(json_field .session_id)" = "${SID}" ]
}

@test "exit status 41 (FatalAuthenticationError) is auth, exit 4" {
  export STUB_CASE="${RECORDED}/gemini/hand-auth"
  run -4 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope auth 4
}

@test "an untrusted folder (exit 55, plain text) is cli_error" {
  export STUB_CASE="${RECORDED}/gemini/hand-untrusted"
  run -5 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == *"trusted directory"* ]]
}

@test "an empty response is failure empty, exit 6" {
  export STUB_CASE="${RECORDED}/gemini/hand-empty"
  run -6 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope empty 6
}

@test "a hang is timeout, exit 124" {
  export STUB_HANG=60
  run -124 --separate-stderr wrapper gemini --timeout 1 new <"${PROMPT}"
  assert_failure_envelope timeout 124
  assert_no_temp_files
}

@test "gemini missing from PATH is not_installed, exit 3" {
  rm "${STUB_BIN}/gemini"
  run -3 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope not_installed 3
  [[ "$(json_field .detail)" == *"@google/gemini-cli"* ]]
}

# Recorded from the real Gemini CLI 0.61.0 against the mock (tests/stubs/record_real_outputs.py gemini/).

@test "real 0.61.0: the router's side call is summed in, the model named is the one in the main role" {
  export STUB_CASE="${RECORDED}/gemini/new"
  run -0 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .response)" = "$(printf 'Use a queue.\nIt decouples "producers".')" ]
  [ "$(json_field -c .usage)" = '{"input_tokens":240,"output_tokens":60,"cached_input_tokens":14}' ]
  [ "$(json_field .model)" = gemini-3.8-flash ]
}

@test "real 0.61.0: HTTP 500 (exit 244, the status modulo 256) is cli_error with the body" {
  export STUB_CASE="${RECORDED}/gemini/error-500"
  run -5 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == *"mock error"* ]]
}

@test "real 0.61.0: HTTP 401 (exit 145) is auth, exit 4" {
  export STUB_CASE="${RECORDED}/gemini/auth-401"
  run -4 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope auth 4
}

@test "real 0.61.0: Google's HTTP 400 API_KEY_INVALID is auth, exit 4" {
  export STUB_CASE="${RECORDED}/gemini/key-invalid-400"
  run -4 --separate-stderr wrapper gemini new <"${PROMPT}"
  assert_failure_envelope auth 4
  [[ "$(json_field .detail)" == *"API key not valid"* ]]
}
