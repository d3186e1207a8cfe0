#!/usr/bin/env bash
# Summary: Consult Claude Code headless (claude -p) and print one JSON envelope
#
# Usage: argcheck-consult claude [options] new < prompt
#        argcheck-consult claude [options] resume SESSION_ID < prompt
# (in a checkout: wrappers/consult claude ..., or wrappers/claude-wrapper.sh ...)
#
# Runs, with the prompt file on stdin and CLAUDECODE removed (the nested-session guard):
#   env -u CLAUDECODE claude -p --output-format json --permission-mode dontAsk
#     --disallowedTools=Edit,Write,NotebookEdit [--model M] [--effort E] [--resume SESSION_ID]
# in --cd DIR (or, with --abstract, a fresh private empty directory). dontAsk refuses every tool
# call that would need approval (a write through Bash, say) whatever the user's settings say. Reads .result,
# .session_id, .usage, .modelUsage, .is_error/.subtype/.api_error_status; a top-level JSON array
# (what --verbose or viewMode "verbose" produce) is searched for its last "result" element.
# usage.input_tokens counts cache reads and writes too; cached_input_tokens is the cache reads.
#
# Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout.

set -euo pipefail

CONSULTEE=claude
self="${BASH_SOURCE[0]}"
while [ -L "${self}" ]; do
  link="$(readlink "${self}")"
  case "${link}" in /*) self="${link}" ;; *) self="$(dirname "${self}")/${link}" ;; esac
done
case "${self}" in */*) ;; *) self="./${self}" ;; esac
# shellcheck source=lib/common.bash
. "${self%/*}/lib/common.bash"

# shellcheck disable=SC2016 # jq program
readonly CLAUDE_PARSE_JQ='
($out | try fromjson catch null) as $doc
| (if ($doc | type) == "array" then [$doc[] | objects | select(.type == "result")] | last
   else $doc end) as $r
| if ($r | type) != "object" then {}
  else
    ($r.is_error == true or (($r.subtype // "success") != "success")) as $failed
    | {session_id: $r.session_id,
       response: ($r.result // ""),
       usage: ($r.usage | if type == "object" then
                 {input_tokens: ([.input_tokens, .cache_creation_input_tokens,
                                  .cache_read_input_tokens] | counts_sum),
                  output_tokens: .output_tokens,
                  cached_input_tokens: .cache_read_input_tokens} else . end),
       model: ($r.modelUsage | if type == "object" then
                 to_entries | max_by(.value | objects | .outputTokens // 0) | .key?
               else null end),
       completed: ($failed | not),
       error: (if $failed then
                 ([($r.result // empty | tostring),
                   ($r.errors // [] | if type == "array" then .[:20][] else . end | tostring)]
                  | join("; ")
                  | if . == "" then "claude reported \($r.subtype // "an error")" else . end)
               else null end),
       failure: (if ($r.api_error_status // 0) == 401 or ($r.api_error_status // 0) == 403
                 then "auth" else null end)}
  end'

main() {
  consult_parse_args "$@"
  consult_prepare
  consult_require_cli claude "npm install -g @anthropic-ai/claude-code"
  local args=(-p --output-format json --permission-mode dontAsk
    "--disallowedTools=Edit,Write,NotebookEdit")
  if [ -n "${OPT_MODEL}" ]; then args+=(--model "${OPT_MODEL}"); fi
  if [ -n "${OPT_EFFORT}" ]; then args+=(--effort "${OPT_EFFORT}"); fi
  if [ "${OPT_COMMAND}" = resume ]; then args+=(--resume "${OPT_SESSION}"); fi
  consult_workdir
  RUN_CWD="${CONSULT_DIR}"
  consult_parser "${CLAUDE_PARSE_JQ}"
  consult_run "${PROMPT_FILE}" env -u CLAUDECODE claude "${args[@]}"
  consult_finish
}

main "$@"
