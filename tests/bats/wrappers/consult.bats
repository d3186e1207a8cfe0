#!/usr/bin/env bats
# Tests for wrappers/consult (the dispatcher) and for the argument handling every wrapper shares.

# shellcheck disable=SC2030,SC2031,SC2154 # each @test is a subshell; bats sets output, lines, stderr
bats_require_minimum_version 1.5.0

load helper

setup() {
  setup_isolated
  install_stub codex codex/new
  PROMPT="$(prompt_file 'Q')"
}

@test "consult <consultee> runs that wrapper with the rest of the arguments and stdin" {
  run -0 --separate-stderr env PATH="${TEST_PATH}" "${WRAPPERS}/consult" codex --model m new <"${PROMPT}"
  [ "$(json_field .consultee)" = codex ]
  stub_argv | grep -qx m
  cmp "${PROMPT}" "${STUB_LOG}/last/stdin"
}

@test "installed as a symlink on PATH it still finds its wrappers" {
  ln -s "${WRAPPERS}/consult" "${STUB_BIN}/argcheck-consult"
  mkdir -p "${BATS_TEST_TMPDIR}/links"
  ln -s "${STUB_BIN}/argcheck-consult" "${BATS_TEST_TMPDIR}/links/relative-link"
  run -0 --separate-stderr env PATH="${TEST_PATH}" argcheck-consult codex new <"${PROMPT}"
  [ "$(json_field .consultee)" = codex ]
  run -0 --separate-stderr env PATH="${TEST_PATH}" "${BATS_TEST_TMPDIR}/links/relative-link" codex new <"${PROMPT}"
}

@test "the wrapper's exit status and envelope pass through" {
  export STUB_CASE="${RECORDED}/codex/auth-401"
  run -4 --separate-stderr env PATH="${TEST_PATH}" "${WRAPPERS}/consult" codex new <"${PROMPT}"
  [ "$(json_field .failure)" = auth ]
}

@test "--list names every consultee, each with its wrapper" {
  run -0 "${WRAPPERS}/consult" --list
  [ "${output}" = "$(printf 'codex\nclaude\ngemini\nollama\nopenai\nreplay')" ]
  for name in ${output}; do [ -x "${WRAPPERS}/${name}-wrapper.sh" ]; done
}

@test "an unknown or missing consultee is a usage error" {
  run -2 --separate-stderr "${WRAPPERS}/consult" ../codex new <"${PROMPT}"
  [[ "${stderr}" == *"unknown consultee '../codex'"* ]]
  run -2 --separate-stderr "${WRAPPERS}/consult"
  [ -z "${output}" ]
}

@test "--help prints the summary, usage and exit codes" {
  run -0 "${WRAPPERS}/consult" --help
  [[ "${output}" == "Summary: "* ]]
  [[ "${output}" == *"Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout."* ]]
}

@test "every wrapper's --help shows its usage, the shared options and the exit codes" {
  for name in codex claude gemini ollama openai replay; do
    run -0 wrapper "${name}" --help
    [[ "${output}" == "Summary: "* ]]
    [[ "${output}" == *"Usage: argcheck-consult ${name} "*"[options] new < prompt"* ]]
    [[ "${output}" == *"--timeout SECS"* ]]
    [[ "${output}" == *"Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout."* ]]
  done
}

# run_hint TEXT: run the command that TEXT's "Try '...'." names, as a user would type it, with
# argcheck-consult on PATH the way install.sh links it.
run_hint() {
  local hint
  hint="$(sed -n "s/^Try '\(.*\)'\.\$/\1/p" <<<"$1")"
  [ -n "${hint}" ] || { echo "no hint in: $1"; return 1; }
  ln -sf "${WRAPPERS}/consult" "${STUB_BIN}/argcheck-consult"
  local words
  read -r -a words <<<"${hint}"
  run -0 env PATH="${TEST_PATH}" "${words[@]}"
  [[ "${output}" == "Summary: "* ]] || { echo "'${hint}' printed: ${output}"; return 1; }
}

@test "hints and usage texts name the installed command, argcheck-consult, and it runs" {
  # shellcheck disable=SC2016 # the literal line of install.sh
  grep -q 'ln -sfn "${consult}" "${BIN_DIR}/argcheck-consult"' "${REPO}/install.sh"
  local name
  for name in codex claude gemini ollama openai replay; do
    run -2 --separate-stderr wrapper "${name}" --bogus new <"${PROMPT}"
    [[ "${stderr}" == *"Try 'argcheck-consult ${name} --help'."* ]] || { echo "${stderr}"; return 1; }
    run_hint "${stderr}"
    [[ "${output}" == *"Usage: argcheck-consult ${name} "* ]]
    refute grep -q -e '-wrapper\.sh' <<<"$(grep -E '^ *(Usage:|argcheck-consult )' <<<"${output}")"
  done
  run -2 --separate-stderr "${WRAPPERS}/consult" nosuch new <"${PROMPT}"
  [[ "${stderr}" == *"Try 'argcheck-consult --help'."* ]]
  run_hint "${stderr}"
  refute grep -qE '^ *(Usage:)? *consult ' <<<"${output}"
  [[ "${output}" == *"Usage: argcheck-consult <consultee> [options] new < prompt"* ]]
}

@test "usage errors exit 2 with a message on stderr and nothing on stdout" {
  local name args
  for name in codex claude gemini ollama openai replay; do
    install_stub "${name}"
    # one argument list per line, split on blanks
    while read -r -a args; do
      run -2 --separate-stderr wrapper "${name}" ${args[@]+"${args[@]}"} <"${PROMPT}"
      [ -z "${output}" ] || { echo "${name} ${args[*]}: stdout ${output}"; return 1; }
      [[ "${stderr}" == "consult-${name}: "* ]] || { echo "${name} ${args[*]}: ${stderr}"; return 1; }
    done <<'ARGS'

old
new extra
resume
resume ../../etc/passwd
resume -x
resume a/b
--timeout 0 new
--timeout soon new
--cd /no/such/dir new
--model
--model bad$name new
--effort a;b new
--bogus new
ARGS
  done
}

@test "an empty prompt is a usage error" {
  run -2 --separate-stderr wrapper codex new </dev/null
  [[ "${stderr}" == *"empty prompt on stdin"* ]]
  [ ! -e "${STUB_LOG}/last" ]
}

@test "the session id may be given before or after the options" {
  run -0 --separate-stderr wrapper codex resume abc-123 --model m <"${PROMPT}"
  [ "$(stub_argv | tr '\n' ' ')" = "exec --json --skip-git-repo-check --sandbox read-only --model m resume abc-123 - " ]
}

@test "without jq the envelope is still printed (by hand), as not_installed" {
  rm "${TOOLS}/jq"
  run -3 --separate-stderr wrapper codex new <"${PROMPT}"
  [[ "${output}" == '{"envelope":1,"consultee":"codex","session_id":null,"response":"",'* ]]
  "${PYTHON}" -c 'import json,sys; e=json.loads(sys.argv[1]); assert e["failure"]=="not_installed" and e["exit_code"]==3' "${output}"
}
