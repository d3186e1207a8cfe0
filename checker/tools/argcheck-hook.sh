#!/bin/sh
# argcheck-hook: the hook launcher install.sh --hooks writes to <share>/argcheck-hook (write_hook_launcher
# fills in the interpreter). Called as `argcheck-hook [--agent AGENT] EVENT` with the agent's hook JSON on
# stdin, it runs `argcheck hook [--agent AGENT] EVENT` on that interpreter, with the same arguments and the
# same input, except where it can answer "no decision" (exit 0, no output) without starting Python: where
# the Python fast path (harness/events.py `nothing_to_do`) would decide nothing too, and a few checks more.
#
# It answers alone only in a project with no `.argcheck/` (the agent's project directory variable names it):
# - Claude Code PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop; Gemini AfterTool, BeforeAgent,
#   AfterAgent: no run can be open, there is nothing to witness or hold.
# - Claude Code PreToolUse of Bash, Read, Grep and the editors, when the input names neither argcheck nor
#   the witness, and the command (or path) is plain: only letters, digits and ` ._/:,=+@%^-;&|()<>` (no
#   quote, escape, `$`, backquote, glob, brace, `~`, newline or non-ASCII byte), it names no hook event,
#   no decoder, runs no script (`sh x`, `python x`, `./x`), no word or path crosses a symlink, no word
#   has a `projects`, `sessions` or `chats` component and the working directory lies outside the clients'
#   transcripts.
# Everything else (SessionStart, Codex, Gemini's BeforeTool, a state directory, a missing variable, an
# input over 64 KB) goes to Python. docs/hooks.md gives the reasons (its threat model).
# Never exit 2 and never any output of its own: a hook that cannot decide gives no decision.

PYTHON='@ARGCHECK_PYTHON@'
MAX_INPUT=65536
MAX_LINES=64
MAX_WORD=4096
ALNUM='abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
PLAIN="${ALNUM} ._/:,=+@%^;&|()<>-"
NEWLINE='
'
set -f

# Runs Python with the launcher's own arguments and stdin (its path stays sys.argv[0]: the witness guard
# protects the launcher's directory by it; '' leaves sys.path, as a script's directory would not be there).
python_hook() {
  case "${PYTHON}" in
    @*) printf 'argcheck-hook: not installed (no interpreter filled in)\n' >&2; exit 1 ;;
  esac
  exec "${PYTHON}" -c 'import sys
sys.path[:] = [entry for entry in sys.path if entry]
sys.argv[0] = sys.argv.pop(1)
from argcheck.cli import main
sys.exit(main(["hook", *sys.argv[1:]]))' "$0" "$@"
}

# Reads stdin into `data`, without a process: false when there is none (`data` empty) or when it is over
# MAX_INPUT bytes or MAX_LINES lines (`data` holds the lines read so far, each with its newline).
read_input() {
  data='' line='' size=0 lines=0
  [ -t 0 ] && return 1
  while IFS= read -r line; do
    data="${data}${line}${NEWLINE}"
    size=$((size + ${#line} + 1)) lines=$((lines + 1))
    [ "${size}" -le "${MAX_INPUT}" ] && [ "${lines}" -le "${MAX_LINES}" ] || return 1
  done
  data="${data}${line}"
  [ -n "${data}" ] && [ $((size + ${#line})) -le "${MAX_INPUT}" ]
}

# Reads stdin to its end and drops it: the client gets its input written in full (Claude Code reports a
# hook that closed its stdin early as failed).
drain() {
  [ -t 0 ] || while IFS= read -r line; do :; done
}

# Copies the rest of stdin to stdout with builtins only: no program found on PATH ever runs here (a
# directory on PATH may be the agent's to write).
relay() {
  while IFS= read -r line; do printf '%s\n' "${line}"; done
  printf '%s' "${line}"
}

# No decision: the input read or drained, exit 0 with no output.
no_decision() {
  [ "$1" = read ] || drain
  exit 0
}

# The project has no .argcheck (nothing at all of that name, not even a dangling link).
no_state_dir() {
  case "$1" in /*) ;; *) return 1 ;; esac
  [ ! -e "$1/.argcheck" ] && [ ! -L "$1/.argcheck" ]
}

names_argcheck() {
  case "$1" in
    *[Aa][Rr][Gg][Cc][Hh][Ee][Cc][Kk]* | *[Ww][Ii][Tt][Nn][Ee][Ss][Ss]*) return 0 ;;
  esac
  return 1
}

# The string value of the one key "$1" in `data`, into `value`: false when the key stands more than once
# (or after a backslash), its value is no string, or holds an escape (core/rawinput.py reads it the same way).
field() {
  value="${data#*\""$1"\"}"
  [ "${value}" != "${data}" ] || return 1
  case "${value}" in *\""$1"\"*) return 1 ;; esac
  case "${data%%\""$1"\"*}" in *\\) return 1 ;; esac
  value="${value#"${value%%[!	 ]*}"}"
  case "${value}" in :*) value="${value#:}" ;; *) return 1 ;; esac
  value="${value#"${value%%[!	 ]*}"}"
  case "${value}" in \"*) value="${value#\"}" ;; *) return 1 ;; esac
  case "${value}" in *\"*) ;; *) return 1 ;; esac
  value="${value%%\"*}"
  case "${value}" in *\\*) return 1 ;; esac
  return 0
}

has_key() {
  case "${data}" in *\""$1"\"*) return 0 ;; esac
  return 1
}

plain() {
  case "$1" in *[!"${PLAIN}"]*) return 1 ;; esac
  return 0
}

# Letters and digits only (core/tampering.py `squeezed`): `arg-check`, `wit.ness` read as written run together.
squeezed() {
  squeeze="$1"
  while :; do
    case "${squeeze}" in
      *[!"${ALNUM}"]*) squeeze="${squeeze%%[!"${ALNUM}"]*}${squeeze#*[!"${ALNUM}"]}" ;;
      *) return 0 ;;
    esac
  done
}

# The squeezed text names argcheck, the witness, the key loader or a hook event (core/tampering.py).
names_the_witness() {
  squeezed "$1"
  names_argcheck "${squeeze}" && return 0
  case "${squeeze}" in
    *[Ll][Oo][Aa][Dd][Kk][Ee][Yy]* | *[Pp][Rr][Ee][Tt][Oo][Oo][Ll][Uu][Ss][Ee]*) return 0 ;;
    *[Pp][Oo][Ss][Tt][Tt][Oo][Oo][Ll][Uu][Ss][Ee]* | *[Ss][Ee][Ss][Ss][Ii][Oo][Nn][Ss][Tt][Aa][Rr][Tt]*) return 0 ;;
    *[Uu][Ss][Ee][Rr][Pp][Rr][Oo][Mm][Pp][Tt][Ss][Uu][Bb][Mm][Ii][Tt]*) return 0 ;;
  esac
  return 1
}

# A path with a `projects`, `sessions` or `chats` component (any case): it may lie in the clients' transcripts
# (Claude Code's ~/.claude/projects, Codex's ~/.codex/sessions, Gemini's ~/.gemini/tmp/*/chats).
in_transcripts() {
  case "/$1/" in
    */[Pp][Rr][Oo][Jj][Ee][Cc][Tt][Ss]/* | */[Ss][Ee][Ss][Ss][Ii][Oo][Nn][Ss]/* | */[Cc][Hh][Aa][Tt][Ss]/*) return 0 ;;
  esac
  return 1
}

# Every component of "$1" (taken from $2 when relative) is no symlink; with `$3`, no directory on the way
# is the same file as a client's transcripts folder or the launcher's directory either. `..` drops the component before
# it, as os.path.realpath does once no link came before (a missing `sub` in `sub/../x` is no dead end).
plain_path() {
  case "$1" in /*) walked='' ;; *) walked="$2" ;; esac
  set -- "$1" "$2" "${3:-}" "${IFS}"
  IFS=/
  for part in $1; do
    case "${part}" in
      '' | .) continue ;;
      ..) walked="${walked%/*}"; continue ;;
    esac
    walked="${walked}/${part}"
    if [ -L "${walked}" ]; then IFS="$4"; return 1; fi
    if [ -n "$3" ] && { [ "${walked}" -ef "${transcripts}" ] || [ "${walked}" -ef "${launcher_dir}" ] ||
      [ "${walked}" -ef "${codex_sessions}" ] || [ "${walked}" -ef "${gemini_tmp}" ]; }; then
      IFS="$4"; return 1
    fi
  done
  IFS="$4"
  return 0
}

# A word of a Bash command, as a path (also after its `=` and after a redirection), leaves the witness be.
plain_word() {
  [ "${#1}" -le "${MAX_WORD}" ] || return 1
  for candidate in "$1" "${1#*=}" "${1##*[<>]}"; do
    [ -n "${candidate}" ] || continue
    in_transcripts "${candidate}" && return 1
    plain_path "${candidate}" "${cwd}" || return 1
  done
  return 0
}

# The Bash command runs no script the witness guard would read, no decoder, and no word of it crosses a link.
plain_command() {
  saved_ifs="${IFS}"
  IFS=';&|()'
  for segment in $1; do
    IFS=' '
    for word in ${segment}; do
      case "${word%%/*}" in *=*) continue ;; esac
      case "${word}" in */*) IFS="${saved_ifs}"; return 1 ;; esac
      case "${word}" in
        sh | bash | dash | zsh | ksh | fish | source | . | python* | pypy | pypy3 | perl | ruby | node | php | lua | tclsh | awk)
          IFS="${saved_ifs}"; return 1 ;;
      esac
      break
    done
  done
  IFS=' ;&|()<>'
  for word in $1; do
    case "${word##*/}" in
      [Bb][Aa][Ss][Ee]64 | [Xx][Xx][Dd] | [Rr][Ee][Vv] | [Bb]64[Dd][Ee][Cc][Oo][Dd][Ee] | [Oo][Pp][Ee][Nn][Ss][Ss][Ll] | \
        [Uu][Uu][Dd][Ee][Cc][Oo][Dd][Ee] | [Uu][Nn][Hh][Ee][Xx][Ll][Ii][Ff][Yy] | [Ff][Rr][Oo][Mm][Hh][Ee][Xx] | [Cc][Oo][Dd][Ee][Cc][Ss])
        IFS="${saved_ifs}"; return 1 ;;
    esac
  done
  IFS=' ;&|()'
  for word in $1; do
    if ! plain_word "${word}"; then IFS="${saved_ifs}"; return 1; fi
  done
  IFS="${saved_ifs}"
  return 0
}

# A path a Read, Grep or editor call names is plain and (for an editor) lies outside the transcripts and
# the launcher's directory.
plain_tool_path() {
  case "$1" in *[*?[]*) return 1 ;; esac
  plain "$1" || return 1
  [ "${#1}" -le "${MAX_WORD}" ] || return 1
  if [ -n "$2" ]; then in_transcripts "$1" && return 1; fi
  plain_path "$1" "${cwd}" "$2" && plain_path "${1#*=}" "${cwd}" "$2"
}

# Claude Code's PreToolUse in a project with no .argcheck: true when Python would decide nothing either.
quiet_pre_tool_use() {
  names_argcheck "${data}" && return 1
  field tool_name || return 1
  tool="${value}"
  field cwd || return 1
  cwd="${value}"
  case "${cwd}" in /*) ;; *) return 1 ;; esac
  case "/${cwd}/" in */../*) return 1 ;; esac
  plain "${cwd}" && [ -d "${cwd}" ] || return 1
  if [ -n "${CLAUDE_CONFIG_DIR:-}" ]; then
    transcripts="${CLAUDE_CONFIG_DIR}/projects"
  else
    case "${HOME:-}" in /*) transcripts="${HOME}/.claude/projects" ;; *) return 1 ;; esac
  fi
  case "${HOME:-}" in /*) ;; *) return 1 ;; esac
  codex_sessions="${CODEX_HOME:-${HOME}/.codex}/sessions" gemini_tmp="${HOME}/.gemini/tmp"
  launcher_dir="${0%/*}"
  plain_path "${cwd}" / check || return 1
  case "${tool}" in
    Bash)
      field command || return 1
      plain "${value}" && [ "${#value}" -le "${MAX_WORD}" ] || return 1
      names_the_witness "${value}" && return 1
      plain_command "${value}" ;;
    Read)
      field file_path || return 1
      plain_tool_path "${value}" '' ;;
    Grep)
      value="${cwd}"
      if has_key path; then field path && plain_tool_path "${value}" '' || return 1; fi
      base="${value}"
      field pattern || return 1
      case "${value}" in /*) ;; *) value="${base}/${value}" ;; esac
      plain_tool_path "${value}" '' ;;
    Edit | Write | MultiEdit)
      has_key notebook_path && return 1
      field file_path || return 1
      plain_tool_path "${value}" check ;;
    NotebookEdit)
      has_key file_path && return 1
      field notebook_path || return 1
      plain_tool_path "${value}" check ;;
    *) return 1 ;;
  esac
}

agent=claude
case "$1" in
  --agent) agent="${2:-}"; event="${3:-}"; [ "$#" -eq 3 ] || python_hook "$@" ;;
  *) event="${1:-}"; [ "$#" -eq 1 ] || python_hook "$@" ;;
esac

# Codex CLI names no project in a hook's environment: the event's `cwd` does (harness/events.py `_project`),
# so its input is read first. A CLAUDE_PROJECT_DIR set around Codex would name the project instead: Python.
if [ "${agent}" = codex ] && [ -z "${CLAUDE_PROJECT_DIR+set}" ]; then
  case "${event}" in PreToolUse | PostToolUse | UserPromptSubmit | Stop) ;; *) python_hook "$@" ;; esac
  if ! read_input; then
    [ -z "${data}" ] && no_decision read
    { printf '%s' "${data}"; relay; } | python_hook "$@"
    exit "$?"
  fi
  if field cwd && no_state_dir "${value}" && { [ "${event}" != PreToolUse ] || quiet_pre_tool_use; }; then
    no_decision read
  fi
  python_hook "$@" <<EOF
${data}
EOF
  exit "$?"
fi

case "${agent}" in
  claude) project="${CLAUDE_PROJECT_DIR:-}" ;;
  gemini) project="${GEMINI_PROJECT_DIR:-}"; [ "${project}" = "${CLAUDE_PROJECT_DIR:-}" ] || project='' ;;
  *) project='' ;;
esac
no_state_dir "${project}" || python_hook "$@"

case "${agent}:${event}" in
  claude:PostToolUse | claude:PostToolUseFailure | claude:UserPromptSubmit | claude:Stop) no_decision ;;
  gemini:AfterTool | gemini:BeforeAgent | gemini:AfterAgent) no_decision ;;
  claude:PreToolUse) ;;
  *) python_hook "$@" ;;
esac

if ! read_input; then
  [ -z "${data}" ] && no_decision read
  { printf '%s' "${data}"; relay; } | python_hook "$@"
  exit "$?"
fi
quiet_pre_tool_use && no_decision read
python_hook "$@" <<EOF
${data}
EOF
