#!/usr/bin/env bash
# Summary: Consult the Gemini CLI (gemini -o json) and print one JSON envelope
#
# Usage: argcheck-consult gemini [options] new < prompt
#        argcheck-consult gemini [options] resume SESSION_ID < prompt
# (in a checkout: wrappers/consult gemini ..., or wrappers/gemini-wrapper.sh ...)
#
# Runs, with the prompt file on stdin and GEMINI_CLI_TRUST_WORKSPACE=true (headless runs in an
# untrusted folder otherwise stop with FatalUntrustedWorkspaceError):
#   gemini -o json [-m M] [--resume SESSION_ID]
# in --cd DIR. Gemini keeps sessions per project directory, so resume from the same --cd;
# --abstract is ignored for that reason, and so is --effort (gemini has no such flag).
# Reads .response, .session_id, .stats.models (tokens summed over models, the router's side call
# included; the model is the one whose roles hold "main", else the one with the most tokens) and .error, from
# stdout or, for errors, stderr. Exit status 41 or an auth error type is classed as auth, and so is an
# error whose message names a 401/403 or an API key (lib/envelope.bash). On an API error Gemini 0.61.0
# exits with the HTTP status modulo 256 (500 -> 244).
#
# Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout.

set -euo pipefail

CONSULTEE=gemini
self="${BASH_SOURCE[0]}"
while [ -L "${self}" ]; do
  link="$(readlink "${self}")"
  case "${link}" in /*) self="${link}" ;; *) self="$(dirname "${self}")/${link}" ;; esac
done
case "${self}" in */*) ;; *) self="./${self}" ;; esac
# shellcheck source=lib/common.bash
. "${self%/*}/lib/common.bash"

# shellcheck disable=SC2016 # jq program
readonly GEMINI_PARSE_JQ='
# Else from the first "{" on: sub, not index (jq 1.6 index counts bytes, slices characters),
# on the text itself (the input of a catch is the error message).
def doc: . as $text | try fromjson catch ($text | try (sub("\\A[^{]*"; "") | fromjson) catch null);
([($out | doc), ($err | doc)] | map(objects) | first) as $d
| if $d == null then {}
  else
    (($d.stats | objects | .models | objects) // {}) as $models
    | ($d.error | if type == "object" then . elif . == null then null else {message: .} end) as $e
    | {session_id: $d.session_id,
       response: ($d.response // ""),
       usage: (if ($models | length) > 0 then
                 [$models[] | objects | .tokens | objects]
                 | {input_tokens: (map(.prompt // .input) | counts_sum),
                    output_tokens: (map(.candidates) | counts_sum),
                    cached_input_tokens: (map(.cached) | counts_sum)}
               else null end),
       model: ([$models | to_entries[] | select(.value | type == "object")] as $entries
               | ([$entries[] | select((.value.roles | objects | has("main")) // false) | .key] | first)
                 // ([$entries[] | {key, total: ((.value.tokens | objects | .total | numbers) // 0)}]
                     | max_by(.total) | .key?)),
       error: (if $e == null then null
               else $e.message // $e | if type == "string" then . else tojson end end),
       failure: (if $rc == 41 or ($e.type // "" | tostring | test("auth"; "i")) then "auth"
                 else null end)}
  end'

main() {
  consult_parse_args "$@"
  consult_prepare
  consult_require_cli gemini "npm install -g @google/gemini-cli"
  local args=(-o json)
  if [ -n "${OPT_MODEL}" ]; then args+=(-m "${OPT_MODEL}"); fi
  if [ -n "${OPT_EFFORT}" ]; then
    printf 'consult-gemini: --effort is not supported by gemini; ignored\n' >&2
  fi
  if [ "${OPT_COMMAND}" = resume ]; then args+=(--resume "${OPT_SESSION}"); fi
  RUN_CWD="${OPT_CD}"
  consult_parser "${GEMINI_PARSE_JQ}"
  consult_run "${PROMPT_FILE}" env GEMINI_CLI_TRUST_WORKSPACE=true gemini "${args[@]}"
  consult_finish
}

main "$@"
