# shellcheck shell=bash disable=SC2153 # the variables are install.sh's
# install.sh's Claude Code parts: the MCP registration (claude mcp add), the Skill allow rules (--allow-skills),
# the hooks (--hooks) and their removal. Sourced by install.sh, which sets SOURCE_DIR, PROJECT, HOME, BIN_DIR,
# SHARE_DIR, PYTHON, DRY_RUN, ASSUME_YES and defines act, write_file, die, note, add_to_record, source_skills.

# Runs `claude mcp add|remove` in DIR with SCOPE, or says what to run when claude is not on PATH.
run_mcp() {
  local verb="$1" scope="$2" dir="$3"
  local words=(claude mcp "${verb}" --scope "${scope}" argcheck)
  if [ "${verb}" = add ]; then words+=(-- "${BIN_DIR}/argcheck" mcp); fi
  if ! command -v claude >/dev/null 2>&1; then
    note "claude is not on PATH; to ${verb} the MCP server, run in ${dir}: $(printf '%q ' "${words[@]}")"
    return 1
  fi
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] (cd %q &&' "${dir}"
    printf ' %q' "${words[@]}"
    printf ')\n'
    return 0
  fi
  if [ "${verb}" = add ]; then
    # Registering again must not fail on the entry an earlier install left.
    (cd "${dir}" && claude mcp remove --scope "${scope}" argcheck) >/dev/null 2>&1 </dev/null || true
  fi
  (cd "${dir}" && "${words[@]}" </dev/null) >&2 || die 1 "$(printf '%q ' "${words[@]}")failed in ${dir}"
}

settings_file() {
  printf '%s/.claude/settings.json\n' "${PROJECT:-${HOME}}"
}

# Adds a Skill(<name>) allow rule per installed skill; records the rules that were not there already.
allow_skills() {
  local file rules=() name added
  file="$(settings_file)"
  while IFS= read -r name; do rules+=("Skill(${name})"); done < <(source_skills)
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] allow in %q:' "${file}"
    printf ' %q' "${rules[@]}"
    printf '\n'
    return 0
  fi
  # A settings file this makes goes again on --uninstall, once nothing else is left in it.
  if [ ! -e "${file}" ]; then add_to_record "created-file ${file}"; fi
  added="$("${PYTHON}" "${SOURCE_DIR}/checker/tools/claude_settings.py" add "${file}" "${rules[@]}")" ||
    die 1 "could not add the Skill allow rules to ${file}"
  add_to_record "$(printf '%s\n' "${added}" | sed '/^$/d' | sed "s|^|allow ${file} |")"
}

hooks_settings_file() {
  if [ -n "${PROJECT}" ]; then
    printf '%s/.claude/settings.local.json\n' "$(absolute_path "${PROJECT}")"
  else
    printf '%s/.claude/settings.json\n' "${HOME}"
  fi
}

# The hooks' launcher: a POSIX sh script (checker/tools/argcheck-hook.sh) that answers "no decision" without
# starting Python where none can be needed (a project with no .argcheck/, a plain tool call), else runs
# `argcheck hook ...` on the venv's python (docs/hooks.md).
hook_launcher() {
  printf '%s/argcheck-hook\n' "${SHARE_DIR}"
}

# Writes the launcher with the venv's python filled in, single-quoted for sh.
write_hook_launcher() {
  local text python="${SHARE_DIR}/venv/bin/python" quote="'\\''"
  text="$(cat "${SOURCE_DIR}/checker/tools/argcheck-hook.sh")" || die 1 "no hook launcher in ${SOURCE_DIR}"
  text="${text//@ARGCHECK_PYTHON@/${python//\'/${quote}}}"
  write_file "$(hook_launcher)" "${text}"$'\n'
  act chmod 755 "$(hook_launcher)"
}

# Runs checker/tools/claude_hooks.py VERB on the hooks' settings file with each event's command (hook_command)
# and the installed skills.
claude_hooks() {
  local verb="$1" words=() line
  while IFS= read -r line; do words+=("${line}"); done < <(hook_commands claude)
  while IFS= read -r line; do words+=("${line}"); done < <(source_skills)
  "${PYTHON}" "${SOURCE_DIR}/checker/tools/claude_hooks.py" "${verb}" "$(hooks_settings_file)" "${words[@]}"
}

witness_key_dir() {
  local base="${XDG_CONFIG_HOME:-}"
  case "${base}" in /*) ;; *) base="${HOME}/.config" ;; esac
  printf '%s/argcheck\n' "${base}"
}

# Prints the summary, then where the hooks go (the exact JSON with --dry-run), and asks for consent (unless
# --yes or --dry-run); exits 1 on "no".
consent_to_hooks() {
  local plan file
  file="$(hooks_settings_file)"
  plan="$(claude_hooks plan)" || die 1 "cannot read ${file}: fix or move it, then run again"
  if [ "${plan}" = "{}" ]; then
    printf 'argcheck hooks: already in %s, nothing to add\n' "${file}"
    return 0
  fi
  hooks_summary claude
  if [ "${DRY_RUN}" = 1 ]; then
    printf 'argcheck hooks: this JSON will be added to %s\n%s\n' "${file}" "${plan}"
  else
    printf 'They go into %s (the exact JSON: add --dry-run); ./install.sh --uninstall removes them.\n' "${file}"
  fi
  ask_consent "Add it?" "run without --hooks to install without them"
}

# Adds the hooks and Skill rules consented to, recording each addition for --uninstall.
install_hooks() {
  local file added line records=""
  file="$(hooks_settings_file)"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] add the hooks and Skill rules above to %q\n' "${file}"
    return 0
  fi
  write_hook_launcher
  if [ ! -e "${file}" ]; then records="created-file ${file}"$'\n'; fi
  added="$(claude_hooks add)" || die 1 "could not add the hooks to ${file}"
  while IFS= read -r line; do
    case "${line}" in
      hook$'\t'*) records="${records}hook ${file}"$'\t'"${line#hook$'\t'}"$'\n' ;;
      allow$'\t'*) records="${records}allow ${file} ${line#allow$'\t'}"$'\n' ;;
    esac
  done <<<"${added}"
  add_to_record "${records}"
}

# Removes one allow rule install.sh added: "FILE RULE" (a rule has no space; a file name may).
disallow() {
  local file="${1% *}" rule="${1##* }"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] disallow in %q: %q\n' "${file}" "${rule}"
    return 0
  fi
  local python
  if ! python="$(command -v "${ARGCHECK_PYTHON:-python3}" 2>/dev/null)" ||
    ! "${python}" "${SOURCE_DIR}/checker/tools/claude_settings.py" remove "${file}" "${rule}"; then
    note "could not remove ${rule} from ${file}; remove it by hand"
  fi
}

# Removes one hook entry install.sh added: "FILE<TAB>EVENT<TAB>MATCHER<TAB>COMMAND".
unhook() {
  local rest="$1" file event matcher command python
  file="${rest%%$'\t'*}"; rest="${rest#*$'\t'}"
  event="${rest%%$'\t'*}"; rest="${rest#*$'\t'}"
  matcher="${rest%%$'\t'*}"; command="${rest#*$'\t'}"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] remove the %s hook from %q\n' "${event}" "${file}"
    return 0
  fi
  if ! python="$(command -v "${ARGCHECK_PYTHON:-python3}" 2>/dev/null)" ||
    ! "${python}" "${SOURCE_DIR}/checker/tools/claude_hooks.py" remove "${file}" "${event}" "${matcher}" "${command}"; then
    note "could not remove the ${event} hook from ${file}; remove it by hand"
  fi
}
