# shellcheck shell=bash disable=SC2153 # the variables are install.sh's
# install.sh --hooks for every agent: the hook command (one function), the consent summary (one function),
# and Codex CLI's and Gemini CLI's hooks (Claude Code's: claude.bash). The events, matchers and timeouts are
# in checker/tools/agent_hooks.py. Sourced by install.sh, which sets SOURCE_DIR, PROJECT, HOME, SHARE_DIR,
# PYTHON, DRY_RUN, ASSUME_YES and defines act, die, note, add_to_record, missing_dirs.

# Quotes WORD for a POSIX shell as Python's shlex.quote does (hook commands are run by a shell).
shell_quote() {
  local word="$1" squote="'"
  if [[ "${word}" =~ ^[A-Za-z0-9@%+=:,./_-]+$ ]]; then
    printf '%s' "${word}"
  else
    printf "'%s'" "${word//${squote}/${squote}\"${squote}\"${squote}}"
  fi
}

# The command AGENT's hook for EVENT runs: the launcher by its absolute path, never an argcheck on PATH.
# Claude's keeps its first form (no --agent: claude is the default), so earlier installs stay as they are.
hook_command() {
  local agent="$1" event="$2"
  if [ "${agent}" = claude ]; then
    printf '%s %s\n' "$(shell_quote "$(hook_launcher)")" "${event}"
  else
    printf '%s --agent %s %s\n' "$(shell_quote "$(hook_launcher)")" "${agent}" "${event}"
  fi
}

# Prints EVENT=COMMAND for each of AGENT's events (agent_hooks.py's table), one a line.
hook_commands() {
  local agent="$1" event
  while IFS= read -r event; do
    printf '%s=%s\n' "${event}" "$(hook_command "${agent}" "${event}")"
  done < <("${PYTHON}" "${SOURCE_DIR}/checker/tools/agent_hooks.py" events "${agent}")
}

agent_title() {
  case "$1" in claude) echo "Claude Code" ;; codex) echo "Codex CLI" ;; gemini) echo "Gemini CLI" ;; esac
}

# Five plain lines on everything AGENT's hooks do, what they record and where (the consent starts with them).
hooks_summary() {
  local agent="${1:-claude}"
  case "${agent}" in
    claude)
      printf 'argcheck hooks, in short: they let argcheck'"'"'s own commands run unasked when they write nothing or only into\n'
      printf 'the project'"'"'s .argcheck/ (any other asks), hold the agent'"'"'s Stop while its run owes a move (3 times at most),\n'
      printf 'and deny edits to .argcheck/ state. Every Read, Grep, Glob, Edit, Write and Bash call passes through them. While a\n'
      printf 'run is open they record your prompts, each Bash command with its output, and web search URLs (at most 64 KB a record)\n'
      witness_line "" ;;
    codex)
      printf 'argcheck hooks for Codex CLI, in short: they approve argcheck'"'"'s own commands when Codex asks and they write nothing\n'
      printf 'or only into the project'"'"'s .argcheck/ (any other still asks), hold Codex'"'"'s Stop while its run owes a move (3 times at\n'
      printf 'most), and deny shell commands and patches that write .argcheck/ state. Every tool call passes through them (a web\n'
      printf 'search Codex runs in its own tool is not seen). While a run is open they record your prompts and each shell command\n'
      witness_line "with its output (at most 64 KB a record) " ;;
    gemini)
      printf 'argcheck hooks for Gemini CLI, in short: they hold Gemini'"'"'s turn end while its run owes a move (3 times at most) and\n'
      printf 'deny shell commands, file writes and edits that change .argcheck/ state; what runs unasked stays the policy'"'"'s (a hook\n'
      printf 'cannot allow). Every shell, file read, write and edit, directory listing, glob and grep passes through them. While a\n'
      printf 'run is open they record your prompts, each shell command with its output, and web search queries and fetched URLs\n'
      witness_line "(at most 64 KB a record) " ;;
  esac
}

# The summary's last line: where the record goes, how private it is, and how to delete it, after LEAD.
witness_line() {
  printf '%sin .argcheck/witness.jsonl: private (0600, git-ignored), signed with a key in %s; argcheck witness --purge deletes it.\n' \
    "$1" "$(witness_key_dir)"
}

# Asks QUESTION [y/N] unless --dry-run or --yes; exits 1 on anything but yes, saying WITHOUT (how to go on).
ask_consent() {
  local question="$1" without="$2" answer
  if [ "${DRY_RUN}" = 1 ] || [ "${ASSUME_YES}" = 1 ]; then return 0; fi
  printf '%s [y/N] ' "${question}"
  read -r answer || answer=""
  case "${answer}" in
    y | Y | yes | YES | Yes) ;;
    *) die 1 "no consent given: nothing installed (${without})" ;;
  esac
}

# Where AGENT's hooks go: user-wide, or in the --project folder (Codex: its trust always in the user's config).
agent_hooks_file() {
  local root=""
  if [ -n "${PROJECT}" ]; then root="$(absolute_path "${PROJECT}")"; fi
  case "$1" in
    codex) if [ -n "${root}" ]; then printf '%s/.codex/config.toml\n' "${root}"; else printf '%s/config.toml\n' "$(codex_home)"; fi ;;
    gemini) if [ -n "${root}" ]; then printf '%s/.gemini/settings.json\n' "${root}"; else printf '%s/settings.json\n' "$(gemini_home)"; fi ;;
  esac
}

# Runs agent_hooks.py VERB for AGENT on its hooks file (and Codex's trust file) with every event's command.
agent_hooks() {
  local verb="$1" agent="$2" files commands=() line
  files=("$(agent_hooks_file "${agent}")")
  if [ "${agent}" = codex ]; then files+=("$(codex_home)/config.toml"); fi
  while IFS= read -r line; do commands+=("${line}"); done < <(hook_commands "${agent}")
  "${PYTHON}" "${SOURCE_DIR}/checker/tools/agent_hooks.py" "${verb}" "${agent}" "${files[@]}" "${commands[@]}"
}

# The consent for AGENT's hooks (codex, gemini): the summary, where they go (the exact config with --dry-run),
# for gemini also the policy's, then y/N. Adds AGENT to HOOKS_ALREADY when all its hooks are there.
consent_to_agent_hooks() {
  local agent="$1" file plan status=0 title
  file="$(agent_hooks_file "${agent}")"
  title="$(agent_title "${agent}")"
  plan="$(agent_hooks plan "${agent}")" || status=$?
  case "${status}" in
    0) ;;
    5) die 5 "${file}: argcheck's hooks are there, edited by hand; restore or remove them, or run without --hooks" ;;
    *) die 1 "cannot read ${file}: fix or move it, then run again" ;;
  esac
  if [ "${agent}" = gemini ]; then refuse_foreign_gemini_policy; fi
  if [ -z "${plan}" ] || [ "${plan}" = "{}" ]; then
    printf 'argcheck hooks for %s: already in %s, nothing to add\n' "${title}" "${file}"
    HOOKS_ALREADY="${HOOKS_ALREADY} ${agent} "
    if [ "${agent}" = codex ]; then return 0; fi
  else
    hooks_summary "${agent}"
    if [ "${DRY_RUN}" = 1 ]; then
      printf 'argcheck hooks for %s: this will be added to %s\n%s\n' "${title}" "${file}" "${plan}"
    else
      printf 'They go into %s (the exact config: add --dry-run); ./install.sh --uninstall --agent %s removes them.\n' \
        "${file}" "${agent}"
    fi
    agent_hooks_notes "${agent}"
  fi
  if [ "${agent}" = gemini ]; then gemini_policy_consent_text; fi
  ask_consent "Add them?" "run without --hooks to install without them"
}

# What the user must know about where AGENT reads the hooks.
agent_hooks_notes() {
  case "$1 ${PROJECT:+project}" in
    "codex project")
      printf 'Codex reads a project'"'"'s .codex/config.toml only once you trust the project; the trust of each hook (its\n'
      printf 'hash, as Codex computes it) goes into %s, the only place Codex reads it from.\n' "$(codex_home)/config.toml" ;;
    "codex "*)
      printf 'With each hook goes the trust Codex asks for (its hash, as Codex computes it), in the same file.\n' ;;
    "gemini project")
      printf 'Gemini CLI runs a project'"'"'s hooks only in a folder you trust.\n' ;;
  esac
}

# Adds AGENT's hooks (codex, gemini) consented to, recording each addition for --uninstall.
install_agent_hooks() {
  local agent="$1" file added line records=""
  file="$(agent_hooks_file "${agent}")"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] add the %s hooks above to %q\n' "$(agent_title "${agent}")" "${file}"
    return 0
  fi
  case "${HOOKS_ALREADY}" in *" ${agent} "*) return 0 ;; esac
  write_hook_launcher
  local dirs=("$(dirname "${file}")")
  if [ "${agent}" = codex ]; then dirs+=("$(codex_home)"); fi
  records="$(missing_dirs "${dirs[@]}" | sed "s/^/agent ${agent} created-dir /")"$'\n'
  if [ "${agent}" = gemini ] && [ ! -e "${file}" ]; then records="${records}agent gemini created-file ${file}"$'\n'; fi
  added="$(agent_hooks add "${agent}")" || die 1 "could not add the $(agent_title "${agent}") hooks to ${file}"
  while IFS= read -r line; do
    case "${line}" in
      hook$'\t'*) records="${records}agent ${agent} hook ${file}"$'\t'"${line#hook$'\t'}"$'\n' ;;
      "hooks "* | "created-file "*) records="${records}agent ${agent} ${line}"$'\n' ;;
    esac
  done <<<"${added}"
  add_to_record "${records}"
}

# Adds ", the AGENT hooks in FILE" to the uninstall's summary, once per agent and file.
say_unhooked() {
  local phrase
  phrase=", the $(agent_title "$1") hooks in $2"
  case "${UNINSTALL_SUMMARY}" in *"${phrase}"*) ;; *) UNINSTALL_SUMMARY="${UNINSTALL_SUMMARY}${phrase}" ;; esac
}

# Undoes one of AGENT's hook record lines: "hook FILE<TAB>EVENT<TAB>MATCHER<TAB>COMMAND" (gemini) or
# "hooks FILE" (codex's marked blocks); says in HOOK_NOTES what was edited by hand and left.
unhook_agent() {
  local agent="$1" kind="$2" rest="$3" file said
  file="${rest%%$'\t'*}"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] remove the %s hooks argcheck added from %q\n' "$(agent_title "${agent}")" "${file}"
    say_unhooked "${agent}" "${file}"
    return 0
  fi
  if [ "${kind}" = hooks ]; then
    said="$("${ARGCHECK_PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/agent_hooks.py" remove codex "${file}")" ||
      { note "could not remove argcheck's hooks from ${file}; remove the block between '# BEGIN argcheck hook' and '# END argcheck hooks' by hand"; return 0; }
    if [ "${said}" = edited ]; then
      HOOK_NOTES="${HOOK_NOTES}left in place: argcheck's hooks block in ${file}, edited by hand since the install; remove the lines from '# BEGIN argcheck hook' to '# END argcheck hooks' yourself"$'\n'
    else
      say_unhooked "${agent}" "${file}"
    fi
    return 0
  fi
  local event matcher command
  rest="${rest#*$'\t'}"; event="${rest%%$'\t'*}"; rest="${rest#*$'\t'}"
  matcher="${rest%%$'\t'*}"; command="${rest#*$'\t'}"
  said="$("${ARGCHECK_PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/agent_hooks.py" remove "${agent}" "${file}" "${event}" "${matcher}" "${command}")" ||
    { note "could not remove the ${event} hook from ${file}; remove it by hand"; return 0; }
  if [ "${said}" = kept ]; then
    HOOK_NOTES="${HOOK_NOTES}left in place: the ${event} hook in ${file} is not as argcheck added it (edited or gone); check it by hand"$'\n'
  else
    say_unhooked "${agent}" "${file}"
  fi
}
