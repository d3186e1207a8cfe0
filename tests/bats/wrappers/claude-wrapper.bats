#!/usr/bin/env bats
# Tests for wrappers/claude-wrapper.sh with a stub `claude` replaying recorded outputs.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  install_stub claude claude/new
  PROMPT="$(prompt_file 'Should we use a queue here?')"
  SID=775647df-418c-4153-b6cf-9e85c7adc137
}

@test "new runs claude -p --output-format json in dontAsk mode without write tools, prompt on stdin" {
  run -0 --separate-stderr wrapper claude new <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "-p --output-format json --permission-mode dontAsk --disallowedTools=Edit,Write,NotebookEdit " ]
  cmp "${PROMPT}" "${STUB_LOG}/last/stdin"
}

@test "model, effort and resume become --model, --effort and --resume" {
  run -0 --separate-stderr wrapper claude --model opus --effort high resume "${SID}" <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "-p --output-format json --permission-mode dontAsk --disallowedTools=Edit,Write,NotebookEdit --model opus --effort high --resume ${SID} " ]
}

@test "CLAUDECODE is removed so claude runs inside a Claude Code session" {
  CLAUDECODE=1 run -0 --separate-stderr wrapper claude new <"${PROMPT}"
  refute grep -q '^CLAUDECODE=' "${STUB_LOG}/last/env"
}

@test "--cd sets claude's working directory; --abstract a fresh empty one" {
  run -0 --separate-stderr wrapper claude --cd "${HOME}" new <"${PROMPT}"
  [ "$(cat "${STUB_LOG}/last/cwd")" = "${HOME}" ]
  run -0 --separate-stderr wrapper claude --abstract new <"${PROMPT}"
  [[ "$(cat "${STUB_LOG}/last/cwd")" == "${TMPDIR}/argcheck-abstract."* ]]
  assert_no_temp_files
}

@test "a recorded result becomes a complete envelope with normalised usage" {
  run -0 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .consultee)" = claude ]
  [ "$(json_field .session_id)" = "${SID}" ]
  [ "$(json_field .response)" = "$(printf 'Use a queue.\nIt decouples "producers".')" ]
  # input_tokens = input + cache writes + cache reads (113 + 0 + 7)
  [ "$(json_field -c .usage)" = '{"input_tokens":120,"output_tokens":30,"cached_input_tokens":7}' ]
  [ "$(json_field .model)" = claude-opus-5-5 ]
  [ "$(json_field .failure)" = null ]
  [ -z "${stderr}" ]
}

@test "the top-level array form (--verbose) is read from its result element" {
  export STUB_CASE="${RECORDED}/claude/verbose-array"
  run -0 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .response)" = "Array answer" ]
  [ "$(json_field .session_id)" = 8484512a-813e-4b67-b70f-2bccc4823064 ]
}

@test "a recorded tool turn keeps the final text" {
  export STUB_CASE="${RECORDED}/claude/tool-call"
  run -0 --separate-stderr wrapper claude new <"${PROMPT}"
  [ "$(json_field .response)" = "The command printed ok." ]
}

@test "an API 500 (is_error with subtype success) is cli_error, exit 5" {
  export STUB_CASE="${RECORDED}/claude/error-500"
  run -5 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "API Error: 500"* ]]
  [ "$(json_field .session_id)" = 23a7414c-4a80-46d1-abc2-fa45857cd995 ]
}

@test "api_error_status 401 is auth, exit 4" {
  export STUB_CASE="${RECORDED}/claude/auth-401"
  run -4 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope auth 4
}

@test "'Invalid API key · Please run /login' is auth, exit 4" {
  export STUB_CASE="${RECORDED}/claude/hand-invalid-key"
  run -4 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope auth 4
}

@test "a dead server is cli_error naming ECONNREFUSED" {
  export STUB_CASE="${RECORDED}/claude/dead-port"
  run -5 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == *ECONNREFUSED* ]]
}

@test "an error subtype reports its errors" {
  export STUB_CASE="${RECORDED}/claude/hand-max-turns"
  run -5 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "Reached maximum number of turns (3)" ]
}

@test "an unknown session (stderr only) is cli_error with claude's message" {
  export STUB_CASE="${RECORDED}/claude/unknown-session"
  run -5 --separate-stderr wrapper claude resume 00000000-0000-4000-8000-000000000000 <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "No conversation found with session ID: 00000000-0000-4000-8000-000000000000" ]
  [ "$(json_field .session_id)" = 00000000-0000-4000-8000-000000000000 ]
}

@test "the nested-session guard is reported by its Error line" {
  export STUB_CASE="${RECORDED}/claude/hand-nested-guard"
  run -5 --separate-stderr wrapper claude new <"${PROMPT}"
  [[ "$(json_field .detail)" == "Error: Claude Code cannot be launched inside another"* ]]
}

@test "an empty result is failure empty, exit 6" {
  export STUB_CASE="${RECORDED}/claude/empty"
  run -6 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope empty 6
}

@test "a hang is timeout, exit 124" {
  export STUB_HANG=60
  run -124 --separate-stderr wrapper claude --timeout 1 new <"${PROMPT}"
  assert_failure_envelope timeout 124
  assert_process_gone "$(cat "${STUB_LOG}/last/child_pid")"
  assert_no_temp_files
}

@test "claude missing from PATH is not_installed, exit 3" {
  rm "${STUB_BIN}/claude"
  run -3 --separate-stderr wrapper claude new <"${PROMPT}"
  assert_failure_envelope not_installed 3
  [[ "$(json_field .detail)" == *"@anthropic-ai/claude-code"* ]]
}
