# shellcheck shell=bash
# Summary: Shared plumbing for the consultee wrappers (sourced by *-wrapper.sh, never executed)
#
# A wrapper sets CONSULTEE, sources this file, then in main():
#   consult_parse_args "$@"     # common flags and new|resume ID
#   consult_prepare             # jq, private temp dir + trap, prompt from stdin into $PROMPT_FILE
#   consult_require_cli NAME HINT   # not installed -> envelope + exit 3
#   consult_parser JQ_FILTER        # optional: start the envelope's jq now, to overlap the CLI
#   consult_run STDIN_FILE CMD...   # under timeout; stdout/stderr into $CLI_OUT/$CLI_ERR
#   consult_finish [JQ_FILTER]      # parse + classify + print the envelope + exit with its code
#
# The jq filter given to consult_parser / consult_finish runs with null input and sees $out and
# $err (the CLI's whole stdout and stderr as strings), $rc (its exit status) and $new_session
# ($NEW_SESSION_ID). It returns an object with any of: session_id, response, usage, model,
# error (a message), failure (a class, to force one) and completed (true when the CLI reported
# a finished turn, so that a non-zero exit status alone is not a failure).
#
# The work is split in three files, all sourced from here: this one (umask, debug trace, help,
# the shared options), run.bash (temp dir, traps, running the CLI under timeout) and envelope.bash
# (parsing, failure classes, the JSON envelope).
#
# Bash 3.2 compatible: no associative arrays, no mapfile, no ${x,,}, no empty "${a[@]}" under set -u.

umask 077

# The name install.sh gives wrappers/consult on PATH: the wrappers themselves are not on PATH,
# so every hint and usage text names them as "argcheck-consult <consultee>".
readonly CONSULT_COMMAND=argcheck-consult

if [ "${CONSULT_DEBUG:-}" = 1 ]; then
  PS4='+ ${BASH_SOURCE##*/}:${LINENO}:${FUNCNAME[0]:-main}: '
  set -x
fi

# Print an error to stderr and exit (2, a usage error, unless a code is given). No envelope.
die() {
  printf 'consult-%s: %s\n' "${CONSULTEE:-?}" "$1" >&2
  exit "${2:-2}"
}

usage_error() {
  printf 'consult-%s: %s\n' "${CONSULTEE:-?}" "$1" >&2
  printf "Try '%s %s --help'.\n" "${CONSULT_COMMAND}" "${CONSULTEE:-<consultee>}" >&2
  exit 2
}

# Print the calling script's header comment (from "Summary:" to the first blank line) and the
# options every wrapper shares.
consult_usage() {
  sed -n '/^# Summary:/,/^$/{s/^# \{0,1\}//;s/^#$//;p;}' "$0"
  cat <<'EOF'
Options (environment default in brackets):
  --model M        model name [CONSULT_MODEL; default: the consultee's own]
  --effort E       reasoning effort, e.g. low|medium|high [CONSULT_EFFORT]
  --temperature T  sampling temperature, 0 to 2 [CONSULT_TEMPERATURE]; the HTTP consultees (ollama,
                   openai) send it; the CLI consultees have no such setting and ignore it
  --cd DIR         working directory of the consultee [CONSULT_CD]
  --abstract       no project access: run in a fresh, private, empty directory [CONSULT_ABSTRACT=1]
  --timeout SECS   give up after SECS seconds [CONSULT_TIMEOUT, default 300]
  -h, --help       show this help
CONSULT_DEBUG=1 traces the wrapper (set -x) and copies the consultee's stderr to stderr.

The prompt is read from stdin. Stdout gets exactly one JSON envelope (one line):
  {"envelope":1,"consultee","session_id","response","usage","duration_ms","failure",
   "exit_code","model","detail"}
It is printed on failure too; only usage errors (exit 2) print none.
EOF
}

# Store the value of an option that takes one; $2 is the option's argument (or absent).
consult_take_value() {
  [ $# -ge 2 ] || usage_error "option $1 needs a value"
  case "$2" in -*) usage_error "option $1 needs a value, got '$2'" ;; esac
}

consult_parse_args() {
  OPT_MODEL="${CONSULT_MODEL:-}"
  OPT_EFFORT="${CONSULT_EFFORT:-}"
  OPT_TEMPERATURE="${CONSULT_TEMPERATURE:-}"
  OPT_CD="${CONSULT_CD:-}"
  OPT_TIMEOUT="${CONSULT_TIMEOUT:-300}"
  OPT_TRANSCRIPT="${CONSULT_TRANSCRIPT:-}"
  case "${CONSULT_ABSTRACT:-0}" in 1 | true | yes) OPT_ABSTRACT=1 ;; *) OPT_ABSTRACT=0 ;; esac
  OPT_COMMAND=""
  OPT_SESSION=""
  local opt
  while [ $# -gt 0 ]; do
    case "$1" in
      --*=*)
        opt="$1"
        shift
        set -- "${opt%%=*}" "${opt#*=}" "$@"
        ;;
    esac
    case "$1" in
      -h | --help) consult_usage; exit 0 ;;
      --model) consult_take_value "$@"; OPT_MODEL="$2"; shift 2 ;;
      --effort) consult_take_value "$@"; OPT_EFFORT="$2"; shift 2 ;;
      --temperature) consult_take_value "$@"; OPT_TEMPERATURE="$2"; shift 2 ;;
      --cd) consult_take_value "$@"; OPT_CD="$2"; shift 2 ;;
      --timeout) consult_take_value "$@"; OPT_TIMEOUT="$2"; shift 2 ;;
      --transcript)
        [ "${CONSULTEE}" = replay ] || usage_error "unknown option: $1"
        consult_take_value "$@"
        # shellcheck disable=SC2034 # read by replay-wrapper.sh
        OPT_TRANSCRIPT="$2"
        shift 2
        ;;
      --abstract) OPT_ABSTRACT=1; shift ;;
      -*) usage_error "unknown option: $1" ;;
      *)
        if [ -z "${OPT_COMMAND}" ]; then
          OPT_COMMAND="$1"
        elif [ "${OPT_COMMAND}" = resume ] && [ -z "${OPT_SESSION}" ]; then
          OPT_SESSION="$1"
        else
          usage_error "unexpected argument: $1"
        fi
        shift
        ;;
    esac
  done
  consult_validate_args
}

# What a session id may be: no path can be smuggled in. The envelope's session_id is checked
# against the same pattern (envelope.bash), so that every id it reports can be resumed.
readonly CONSULT_ID_RE='^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$'

consult_validate_args() {
  local id_re="${CONSULT_ID_RE}"
  local name_re='^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$'
  local effort_re='^[A-Za-z0-9_-]{1,32}$'
  local timeout_re='^[0-9]+([.][0-9]+)?$'
  case "${OPT_COMMAND}" in
    new) [ -z "${OPT_SESSION}" ] || usage_error "new takes no session id" ;;
    resume) [ -n "${OPT_SESSION}" ] || usage_error "resume needs a SESSION_ID" ;;
    "") usage_error "expected 'new' or 'resume SESSION_ID'" ;;
    *) usage_error "unknown mode '${OPT_COMMAND}': expected 'new' or 'resume SESSION_ID'" ;;
  esac
  if [ -n "${OPT_SESSION}" ] && ! [[ "${OPT_SESSION}" =~ ${id_re} ]]; then
    usage_error "invalid session id: ${OPT_SESSION}"
  fi
  if [ -n "${OPT_MODEL}" ] && ! [[ "${OPT_MODEL}" =~ ${name_re} ]]; then
    usage_error "invalid model name: ${OPT_MODEL}"
  fi
  if [ -n "${OPT_EFFORT}" ] && ! [[ "${OPT_EFFORT}" =~ ${effort_re} ]]; then
    usage_error "invalid effort: ${OPT_EFFORT}"
  fi
  if [ -n "${OPT_TEMPERATURE}" ] && ! [[ "${OPT_TEMPERATURE}" =~ ^(2([.]0+)?|[01]([.][0-9]+)?)$ ]]; then
    usage_error "--temperature needs a number from 0 to 2, got '${OPT_TEMPERATURE}'"
  fi
  if ! [[ "${OPT_TIMEOUT}" =~ ${timeout_re} ]] || [[ "${OPT_TIMEOUT}" =~ ^0*([.]0*)?$ ]]; then
    usage_error "--timeout needs a positive number of seconds, got '${OPT_TIMEOUT}'"
  fi
  if [ -n "${OPT_CD}" ]; then
    [ -d "${OPT_CD}" ] || usage_error "--cd: not a directory: ${OPT_CD}"
    OPT_CD="$(cd -P -- "${OPT_CD}" && pwd)"
  fi
}

CONSULT_LIB="${BASH_SOURCE[0]%/*}"
# shellcheck source=run.bash
. "${CONSULT_LIB}/run.bash"
# shellcheck source=envelope.bash
. "${CONSULT_LIB}/envelope.bash"
