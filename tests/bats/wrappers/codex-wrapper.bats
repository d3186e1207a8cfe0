#!/usr/bin/env bats
# Tests for wrappers/codex-wrapper.sh with a stub `codex` replaying recorded outputs.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  install_stub codex codex/new
  PROMPT="$(prompt_file 'Should we use a queue here?')"
  SID=0199a213-81c0-7800-8aa1-bbab2a035a53
}

@test "new runs codex exec --json read-only with the prompt on stdin via '-'" {
  run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "exec --json --skip-git-repo-check --sandbox read-only - " ]
  cmp "${PROMPT}" "${STUB_LOG}/last/stdin"
}

@test "new passes model, effort and --cd as codex flags, never --full-auto" {
  run -0 --separate-stderr wrapper codex --model gpt-x --effort high --cd "${WORK}" new <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "exec --json --skip-git-repo-check --sandbox read-only --model gpt-x -c model_reasoning_effort=high -C ${WORK} - " ]
  refute stub_has_arg --full-auto
  [ "$(json_field .model)" = gpt-x ]
}

@test "resume puts every exec-level flag before 'resume SESSION_ID'" {
  run -0 --separate-stderr wrapper codex --model gpt-x resume "${SID}" --effort low <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "exec --json --skip-git-repo-check --sandbox read-only --model gpt-x -c model_reasoning_effort=low resume ${SID} - " ]
}

@test "the CONSULT_* environment supplies the defaults of the flags" {
  CONSULT_MODEL=env-model CONSULT_EFFORT=medium CONSULT_CD="${WORK}" CONSULT_TIMEOUT=7 \
    run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "exec --json --skip-git-repo-check --sandbox read-only --model env-model -c model_reasoning_effort=medium -C ${WORK} - " ]
}

@test "flags override the environment" {
  CONSULT_MODEL=env-model run -0 --separate-stderr wrapper codex --model=flag-model new <"${PROMPT}"
  stub_has_arg flag-model
  refute stub_has_arg env-model
}

@test "a recorded JSONL run becomes a complete envelope" {
  run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .consultee)" = codex ]
  [ "$(json_field .session_id)" = 01a20040-5ce1-7691-8af9-0956db202dd5 ]
  [ "$(json_field .response)" = "$(printf 'Use a queue.\nIt decouples "producers".')" ]
  [ "$(json_field -c .usage)" = '{"input_tokens":120,"output_tokens":30,"cached_input_tokens":7}' ]
  [ "$(json_field .failure)" = null ]
  [ "$(json_field .exit_code)" = 0 ]
  [ "$(json_field .model)" = null ]
  [ "$(json_field .detail)" = null ]
  [ -z "${stderr}" ]
  assert_no_temp_files
}

@test "the answer is the last agent_message; unknown events are ignored" {
  export STUB_CASE="${RECORDED}/codex/hand-two-messages"
  run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  [ "$(json_field .response)" = "Final: keep it." ]
  [ "$(json_field .usage.input_tokens)" = 500 ]
}

@test "a recorded tool call keeps the final message and the turn's usage" {
  export STUB_CASE="${RECORDED}/codex/tool-call"
  run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  [ "$(json_field .response)" = "The command printed ok." ]
  [ "$(json_field .usage.output_tokens)" = 60 ]
}

@test "plain layout (no JSONL): answer from stdout, session id and model from stderr" {
  export STUB_CASE="${RECORDED}/codex/plain-new"
  run -0 --separate-stderr wrapper codex resume 01a20040-7387-7533-9b47-16f3a39777b7 <"${PROMPT}"
  assert_envelope_shape
  [ "$(json_field .response)" = "$(printf 'Plain answer\nline two')" ]
  [ "$(json_field .session_id)" = 01a20040-7387-7533-9b47-16f3a39777b7 ]
  [ "$(json_field .model)" = gpt-5.5 ]
  [ "$(json_field .usage)" = null ]
}

@test "plain layout error: the ERROR line is the detail" {
  export STUB_CASE="${RECORDED}/codex/plain-error-400"
  run -5 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == *'mock error'* ]]
  [ "$(json_field .session_id)" = 01a20040-775a-7aa0-b822-082934424eb0 ]
}

@test "turn.failed (HTTP 500) is cli_error with the message, exit 5" {
  export STUB_CASE="${RECORDED}/codex/error-500"
  run -5 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == *"high demand"* ]]
  [ "$(json_field .session_id)" = 01a20040-6862-7652-8c39-201b72c0a4e4 ]
  [[ "${stderr}" == "consult-codex: cli_error: "* ]]
  assert_no_temp_files
}

@test "a 401 from the provider is auth, exit 4" {
  export STUB_CASE="${RECORDED}/codex/auth-401"
  run -4 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope auth 4
}

@test "a login message on stderr is auth, exit 4" {
  export STUB_CASE="${RECORDED}/codex/hand-not-logged-in"
  run -4 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope auth 4
  [[ "$(json_field .detail)" == "Error: Not logged in."* ]]
}

@test "a dead server is cli_error with codex's connection message" {
  export STUB_CASE="${RECORDED}/codex/dead-port"
  run -5 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [ "$(json_field .detail)" = "Connection failed: error sending request" ]
}

@test "a codex usage error is cli_error and names the bad argument" {
  export STUB_CASE="${RECORDED}/codex/hand-usage-error"
  run -5 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope cli_error 5
  [[ "$(json_field .detail)" == "error: unexpected argument"* ]]
}

@test "a completed turn counts even when codex exits non-zero" {
  export STUB_CASE="${RECORDED}/codex/hand-completed-exit-1"
  run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  [ "$(json_field .failure)" = null ]
  [[ "$(json_field .response)" == "Use a queue."* ]]
}

@test "an empty agent message is failure empty, exit 6" {
  export STUB_CASE="${RECORDED}/codex/empty"
  run -6 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope empty 6
}

@test "a hang is killed at --timeout: failure timeout, exit 124, children gone" {
  export STUB_HANG=60
  local started=${SECONDS}
  run -124 --separate-stderr wrapper codex --timeout 1 new <"${PROMPT}"
  [ $((SECONDS - started)) -lt 5 ]
  assert_failure_envelope timeout 124
  [ "$(json_field .detail)" = "no answer within 1s" ]
  assert_process_gone "$(cat "${STUB_LOG}/last/child_pid")"
  assert_no_temp_files
}

@test "a CLI that ignores SIGTERM is killed too and still reported as timeout" {
  export STUB_HANG=60 STUB_IGNORE_TERM=1
  run -124 --separate-stderr wrapper codex --timeout 1 new <"${PROMPT}"
  assert_failure_envelope timeout 124
  assert_process_gone "$(cat "${STUB_LOG}/last/child_pid")"
}

@test "codex missing from PATH is not_installed, exit 3, with an install hint" {
  rm "${STUB_BIN}/codex"
  run -3 --separate-stderr wrapper codex new <"${PROMPT}"
  assert_failure_envelope not_installed 3
  [[ "$(json_field .detail)" == *"npm install -g @openai/codex"* ]]
}

@test "--abstract runs codex in a fresh empty private dir, removed afterwards" {
  run -0 --separate-stderr wrapper codex --abstract new <"${PROMPT}"
  local dir
  dir="$(stub_argv | sed -n '/^-C$/{n;p;}')"
  [[ "${dir}" == "${TMPDIR}/argcheck-abstract."* ]]
  [ ! -e "${dir}" ]
  assert_no_temp_files
}

@test "CONSULT_ABSTRACT=1 does the same; --cd wins over it" {
  CONSULT_ABSTRACT=1 run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  stub_argv | grep -q "^${TMPDIR}/argcheck-abstract\."
  CONSULT_ABSTRACT=1 run -0 --separate-stderr wrapper codex --cd "${WORK}" new <"${PROMPT}"
  [ "$(stub_argv | sed -n '/^-C$/{n;p;}')" = "${WORK}" ]
}

@test "CONSULT_DEBUG=1 traces with file:line:function and shows codex's stderr" {
  export STUB_CASE="${RECORDED}/codex/hand-two-messages"
  CONSULT_DEBUG=1 run -0 --separate-stderr wrapper codex new <"${PROMPT}"
  [[ "${stderr}" == *"+ common.bash:"*":consult_parse_args: "* ]]
  [[ "${stderr}" == *"Reading additional input from stdin..."* ]]
  assert_envelope_shape
}
