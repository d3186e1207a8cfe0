# shellcheck shell=bash disable=SC2153 # the variables are install.sh's
# install.sh's per-agent parts: where each agent reads skills, the skills another installer put there,
# Codex's MCP entry and how to run it, Gemini CLI's policy and MCP entry. Sourced by install.sh, which
# sets SOURCE_DIR, PROJECT, BIN_DIR, PYTHON, DRY_RUN, ASSUME_YES and defines act, write_file, die, note.

readonly KNOWN_AGENTS=(claude codex gemini)
readonly GEMINI_POLICY_HEADER="# Installed by argcheck's install.sh --agent gemini --hooks; ./install.sh --uninstall --agent gemini removes this file."

# Adds NAME (claude | codex | gemini | all) to AGENTS, each agent once.
add_agent() {
  local name="$1" known
  if [ "${name}" = all ]; then
    for known in "${KNOWN_AGENTS[@]}"; do add_agent "${known}"; done
    return 0
  fi
  case " ${KNOWN_AGENTS[*]} " in
    *" ${name} "*) ;;
    *) die 2 "--agent ${name}: unknown agent; use claude, codex, gemini or all" ;;
  esac
  case " ${AGENTS[*]-} " in
    *" ${name} "*) ;;
    *) AGENTS+=("${name}") ;;
  esac
}

has_agent() {
  case " ${AGENTS[*]-} " in *" $1 "*) return 0 ;; *) return 1 ;; esac
}

codex_home() {
  printf '%s\n' "${CODEX_HOME:-${HOME}/.codex}"
}

# Gemini CLI's user folder: GEMINI_CLI_HOME replaces HOME for it.
gemini_home() {
  printf '%s/.gemini\n' "${GEMINI_CLI_HOME:-${HOME}}"
}

# Where AGENT reads skills: user-wide, or in the --project folder.
agent_skills_dir() {
  local root
  if [ -n "${PROJECT}" ]; then root="$(absolute_path "${PROJECT}")"; fi
  case "$1" in
    claude) printf '%s/.claude/skills\n' "${root:-${HOME}}" ;;
    codex) printf '%s/.agents/skills\n' "${root:-${HOME}}" ;;
    gemini) if [ -n "${root:-}" ]; then printf '%s/.gemini/skills\n' "${root}"; else printf '%s/skills\n' "$(gemini_home)"; fi ;;
  esac
}

# The skills CLI's lock file for the skills in DIR: the project's skills-lock.json, or the user's.
skills_lock_file() {
  if [ -n "${PROJECT}" ]; then
    printf '%s/skills-lock.json\n' "$(absolute_path "${PROJECT}")"
  else
    printf '%s/.agents/.skill-lock.json\n' "${HOME}"
  fi
}

# True when the skills CLI's lock names this clone as the source of skill NAME.
locked_to_this_clone() {
  local source
  source="$("${PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/agent_config.py" lock-source "$(skills_lock_file)" "$1" 2>/dev/null)" ||
    return 1
  [ -n "${source}" ] && [ "${source}" = "$(cd "${SOURCE_DIR}" && pwd -P)" ]
}

# Prints how the skill folder DEST for NAME stands: absent; ours (argcheck's marker); same (this clone's
# files, put there by the skills CLI or by hand, a link or a copy); locked (the skills CLI installed it from
# this clone, other files: an older copy); foreign (the user's own).
skill_status() {
  local name="$1" dest="$2"
  if [ ! -e "${dest}" ] && [ ! -L "${dest}" ]; then
    echo absent
  elif [ -f "${dest}/${MARKER}" ]; then
    echo ours
  elif [ -d "${dest}" ] && diff -r -q "${dest}/" "${SOURCE_DIR}/skills/${name}/" >/dev/null 2>&1; then
    echo same
  elif locked_to_this_clone "${name}"; then
    echo locked
  else
    echo foreign
  fi
}

# Exits 5 if installing AGENT's skills would overwrite a skill that is neither argcheck's nor this clone's.
refuse_clobbering_skills() {
  local agent="$1" dir name dest
  dir="$(agent_skills_dir "${agent}")"
  while IFS= read -r name; do
    dest="${dir}/${name}"
    if [ "$(skill_status "${name}" "${dest}")" = foreign ]; then
      die 5 "${dest} exists and was not installed by argcheck (no ${MARKER} in it, and not this clone's skills/${name}); move it away or use --project DIR"
    fi
  done < <(source_skills)
}

# Copies each skill into AGENT's folder with the marker; leaves the copies the skills CLI made from this
# clone, saying so once. Sets COPIED and KEPT to the names it copied and left, one a line.
install_agent_skills() {
  local agent="$1" version="$2" dir name dest older=""
  dir="$(agent_skills_dir "${agent}")"
  COPIED="" KEPT=""
  while IFS= read -r name; do
    dest="${dir}/${name}"
    case "$(skill_status "${name}" "${dest}")" in
      same) KEPT="${KEPT}${name}"$'\n'; continue ;;
      locked) KEPT="${KEPT}${name}"$'\n'; older="${older} ${name}"; continue ;;
    esac
    if [ -e "${dest}" ] || [ -L "${dest}" ]; then act rm -rf "${dest:?}"; fi
    act cp -R "${SOURCE_DIR}/skills/${name}" "${dest}"
    write_file "${dest}/${MARKER}" "Installed by argcheck ${version} from ${SOURCE_DIR}; ./install.sh --uninstall removes it.
"
    COPIED="${COPIED}${name}"$'\n'
  done < <(source_skills)
  if [ -n "${KEPT}" ]; then
    note "in ${dir}, left as they are (not argcheck's copies: the skills CLI's, from this clone): $(printf '%s' "${KEPT}" | paste -sd, - | sed 's/,/, /g')"
  fi
  if [ -n "${older}" ]; then
    note "older than this clone's skills:${older}; \`npx skills update\` (or \`npx skills add ${SOURCE_DIR}\` again) brings them up to date"
  fi
}

# --- Codex CLI ---------------------------------------------------------------------------------------

agent_config() {
  "${PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/agent_config.py" "$@"
}

# Exits 5 before anything is installed when an MCP entry named argcheck that argcheck did not add is there.
refuse_clobbering_mcp() {
  local status=0
  if has_agent codex; then
    agent_config codex-mcp check "$(codex_home)/config.toml" "${BIN_DIR}/argcheck" || status=$?
  fi
  if [ "${status}" = 0 ] && has_agent gemini; then
    agent_config gemini-mcp check "$(gemini_home)/settings.json" "${BIN_DIR}/argcheck" || status=$?
  fi
  case "${status}" in
    0) ;;
    5) die 5 "remove that entry or run without --mcp" ;;
    *) die 1 "fix the file named above, or run without --mcp" ;;
  esac
}

# Adds the [mcp_servers.argcheck] block to Codex's config.toml (user-wide: Codex reads a project's
# .codex/config.toml only once the project is trusted) and records it.
install_codex_mcp() {
  local file said
  file="$(codex_home)/config.toml"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] add [mcp_servers.argcheck] (command %q, args ["mcp"]) to %q\n' "${BIN_DIR}/argcheck" "${file}"
    return 0
  fi
  if [ ! -d "$(codex_home)" ]; then add_to_record "agent codex created-dir $(codex_home)"; fi
  said="$(agent_config codex-mcp add "${file}" "${BIN_DIR}/argcheck")" || die 1 "could not add the MCP server to ${file}"
  add_to_record "agent codex mcp ${file}${said:+$'\n'agent codex created-file ${file}}"
}

codex_hint() {
  # shellcheck disable=SC2016 # $deliberate is for Codex, not for a shell
  printf 'Codex: skills in %s. Run a protocol with: codex exec --sandbox workspace-write -c sandbox_workspace_write.network_access=true '"'"'$deliberate ...'"'"'\n' \
    "$(agent_skills_dir codex)"
  printf '  and its next turns with: codex exec resume --last -c sandbox_mode='"'"'"workspace-write"'"'"' -c sandbox_workspace_write.network_access=true '"'"'...'"'"'\n'
  printf '  (workspace-write: argcheck writes its state under the project'"'"'s .argcheck/; network access: deliberate and council call a consultee,\n'
  printf '  whose own folder must be writable too: -c '"'"'sandbox_workspace_write.writable_roots=["%s/.claude/projects"]'"'"' for claude (its transcripts), the CODEX_HOME folder for codex (which lets sandboxed commands change its config);\n' "${HOME}"
  printf '  resume has no --sandbox option and is read-only without sandbox_mode)\n'
  if [ "${WITH_HOOKS}" = 0 ] && [ "$(agent_config_status codex)" = none ]; then
    printf '  Without argcheck'"'"'s hooks Codex runs are unwitnessed: ./install.sh --agent codex --hooks adds them (it asks first).\n'
  fi
}

# installed | untrusted | edited | none: argcheck's hooks in AGENT's hooks file (agent_hooks.py status).
agent_config_status() {
  local files=("$(agent_hooks_file "$1")")
  if [ "$1" = codex ]; then files+=("$(codex_home)/config.toml"); fi
  "${PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/agent_hooks.py" status "$1" "${files[@]}" 2>/dev/null || echo none
}

# --- Gemini CLI --------------------------------------------------------------------------------------

gemini_policy_file() {
  printf '%s/policies/argcheck.toml\n' "$(gemini_home)"
}

# The policy --hooks writes for Gemini CLI: run the argcheck commands and start the argcheck skills.
# A commandPrefix matches a whole first word, so "argcheck" does not match "argcheck-consult".
gemini_policy_text() {
  local names asks
  names="$(source_skills | paste -sd '|' -)"
  asks="$(agent_config gemini-ask-rules)" || die 1 "could not make the Gemini CLI policy's ask rules"
  cat <<POLICY
${GEMINI_POLICY_HEADER}
# It lets Gemini CLI run the commands the argcheck skills teach, and start those skills, without asking,
# and makes it ask first (a headless run refuses) where an argcheck command could write outside .argcheck/.

[[rule]]
toolName = "run_shell_command"
commandPrefix = ["argcheck", "argcheck-consult"]
decision = "allow"
priority = 100

[[rule]]
toolName = "activate_skill"
argsPattern = '"name":"(${names})"'
decision = "allow"
priority = 100

${asks}
POLICY
}

# Five plain lines on everything the Gemini CLI policy does (its part of the consent for --agent gemini --hooks).
gemini_policy_summary() {
  printf 'Gemini CLI policy, in short: Gemini CLI runs every command that starts with argcheck or argcheck-consult\n'
  printf 'without asking, except an argcheck command that could write outside the project'"'"'s .argcheck/ (it asks first;\n'
  printf 'headless, it refuses), and starts the argcheck skills unasked: a hook cannot allow a call, so this policy does.\n'
  printf 'Gemini CLI reads policies only from your user folder, so it holds for every project.\n'
  printf 'It goes to %s (the exact policy: add --dry-run); ./install.sh --uninstall --agent gemini removes it.\n' "$1"
}

# Exits 5 when Gemini CLI's policy file argcheck writes is there and is not argcheck's.
refuse_foreign_gemini_policy() {
  local file
  file="$(gemini_policy_file)"
  if [ -f "${file}" ] && [ "$(head -n 1 "${file}")" != "${GEMINI_POLICY_HEADER}" ]; then
    die 5 "${file} exists and was not written by argcheck; move it away or run without --hooks"
  fi
}

# Prints the policy's summary, and with --dry-run the policy file --hooks will write for Gemini CLI (the
# question is consent_to_agent_hooks's).
gemini_policy_consent_text() {
  local file
  file="$(gemini_policy_file)"
  gemini_policy_summary "${file}"
  if [ "${DRY_RUN}" = 1 ]; then
    printf 'Gemini CLI policy: this file will be written to %s\n%s\n' "${file}" "$(gemini_policy_text)"
    printf 'Gemini CLI policy: end of %s\n' "${file}"
  fi
}

install_gemini_policy() {
  local file dir
  file="$(gemini_policy_file)"
  dir="$(dirname "${file}")"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] write %q (the policy above)\n' "${file}"
    return 0
  fi
  add_to_record "$(missing_dirs "${dir}" | sed 's/^/agent gemini created-dir /')"$'\n'"agent gemini policy ${file}"
  mkdir -p "${dir}"
  gemini_policy_text >"${file}"
}

# Adds mcpServers.argcheck to Gemini CLI's user settings.json and records it.
install_gemini_mcp() {
  local file said
  file="$(gemini_home)/settings.json"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] set mcpServers.argcheck (command %q, args ["mcp"]) in %q\n' "${BIN_DIR}/argcheck" "${file}"
    return 0
  fi
  add_to_record "$(missing_dirs "$(gemini_home)" | sed 's/^/agent gemini created-dir /')"
  said="$(agent_config gemini-mcp add "${file}" "${BIN_DIR}/argcheck")" || die 1 "could not add the MCP server to ${file}"
  add_to_record "agent gemini mcp ${file}${said:+$'\n'agent gemini created-file ${file}}"
}

gemini_hint() {
  printf 'Gemini CLI: skills in %s.' "$(agent_skills_dir gemini)"
  if [ -n "${PROJECT}" ]; then printf ' It reads a project'"'"'s skills only in a trusted folder.'; fi
  if [ ! -f "$(gemini_policy_file)" ]; then
    printf ' Without a policy it may not run argcheck commands: ./install.sh --agent gemini --hooks writes one (it asks first).'
  elif [ "$(agent_config_status gemini)" = none ]; then
    printf ' Without argcheck'"'"'s hooks its runs are unwitnessed: ./install.sh --agent gemini --hooks adds them (it asks first).'
  fi
  printf '\n'
}

# --- uninstall ---------------------------------------------------------------------------------------

# Undoes one "agent AGENT KIND VALUE" record line (created dirs and files are left to the caller).
undo_agent_line() {
  local agent="$1" kind="$2" value="$3"
  case "${agent} ${kind}" in
    "codex mcp")
      if [ "${DRY_RUN}" = 1 ]; then printf '[dry-run] remove the argcheck MCP block from %q\n' "${value}"; return 0; fi
      agent_config codex-mcp remove "${value}" || note "could not remove the argcheck MCP block from ${value}; remove it by hand" ;;
    "gemini mcp")
      if [ "${DRY_RUN}" = 1 ]; then printf '[dry-run] remove mcpServers.argcheck from %q\n' "${value}"; return 0; fi
      agent_config gemini-mcp remove "${value}" "${BIN_DIR}/argcheck" ||
        note "could not remove mcpServers.argcheck from ${value}; remove it by hand" ;;
    "gemini policy")
      if [ -f "${value}" ] && [ "$(head -n 1 "${value}")" = "${GEMINI_POLICY_HEADER}" ]; then
        act rm -f "${value}"
      fi ;;
  esac
}

# Removes FILE (one install.sh created) once it is empty or holds only an empty JSON object.
drop_created_file() {
  local file="$1"
  [ -f "${file}" ] || return 0
  if [ ! -s "${file}" ] || [ "$(tr -d ' \n\t' <"${file}")" = "{}" ]; then act rm -f "${file}"; fi
}
