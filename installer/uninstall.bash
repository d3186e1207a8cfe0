# shellcheck shell=bash disable=SC2153 # the variables are install.sh's
# install.sh --uninstall: undoes what the install record says, for every agent or only those given with
# --agent (then the argcheck CLI stays). Sourced by install.sh, which defines the helpers it uses.

# Prints whose a record line is: claude, codex, gemini, or cli (the venv, wrappers, links and their folders).
# Lines without an agent come from installs that were Claude Code's only.
record_owner() {
  case "$1" in
    "agent "*) local rest="${1#agent }"; printf '%s\n' "${rest%% *}" ;;
    "created-dir "*) echo cli ;;
    *) echo claude ;;
  esac
}

# Undoes the record lines of the agents being uninstalled (all of them without --agent); keeps the others in
# KEPT_LINES and collects the skills dirs, created dirs and files in UNDO_SKILLS_DIRS, UNDO_DIRS, UNDO_FILES.
undo_record() {
  local record line owner rest
  record="$(record_path)"
  [ -f "${record}" ] || return 0
  while IFS= read -r line; do
    owner="$(record_owner "${line}")"
    if [ "${AGENT_GIVEN}" = 1 ] && { [ "${owner}" = cli ] || ! has_agent "${owner}"; }; then
      KEPT_LINES="${KEPT_LINES}${line}"$'\n'
      continue
    fi
    rest="${line#agent "${owner}" }"
    case "${rest}" in
      "created-dir "*) UNDO_DIRS="${UNDO_DIRS}${rest#created-dir }"$'\n' ;;
      "skills-dir "*) UNDO_SKILLS_DIRS="${UNDO_SKILLS_DIRS}${rest#skills-dir }"$'\n' ;;
      "mcp user "*) run_mcp remove user "${rest#mcp user }" || true ;;
      "mcp project "*) run_mcp remove project "${rest#mcp project }" || true ;;
      "allow "*) disallow "${rest#allow }" ;;
      "hook "*)
        if [ "${owner}" = claude ]; then unhook "${rest#hook }"; else unhook_agent "${owner}" hook "${rest#hook }"; fi ;;
      "hooks "*) unhook_agent "${owner}" hooks "${rest#hooks }" ;;
      "created-file "*) UNDO_FILES="${UNDO_FILES}${owner} ${rest#created-file }"$'\n' ;;
      "mcp "* | "policy "*)
        undo_agent_line "${owner}" "${rest%% *}" "${rest#* }"
        UNINSTALL_SUMMARY="${UNINSTALL_SUMMARY}, $([ "${rest%% *}" = mcp ] && echo "the MCP entry in" || echo "the policy") ${rest#* }" ;;
    esac
  done <"${record}"
}

# Removes the files the install created once nothing of the user's is left in them.
drop_created_files() {
  local owner file
  while read -r owner file; do
    if [ -z "${file}" ] || [ "${DRY_RUN}" = 1 ]; then continue; fi
    if [ "${owner}" = claude ]; then
      "${ARGCHECK_PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/claude_hooks.py" drop-if-empty "${file}" || true
    else
      drop_created_file "${file}"
    fi
  done <<<"${UNDO_FILES}"
}

# Removes every marked skill from the chosen agents' folders and the recorded ones; says what in the summary.
remove_marked_skills() {
  local dir skill names
  while IFS= read -r dir; do
    [ -n "${dir}" ] || continue
    names=""
    for skill in "${dir}"/*/; do
      [ -f "${skill}${MARKER}" ] || continue
      act rm -rf "${skill%/}"
      names="${names}$(basename "${skill}")"$'\n'
    done
    if [ -n "${names}" ]; then
      UNINSTALL_SUMMARY="${UNINSTALL_SUMMARY}, $(skills_phrase "${names}" from "${dir}")"
    fi
  done < <(printf '%s\n%s' "$(chosen_skills_dirs)" "${UNDO_SKILLS_DIRS}" | awk '!seen[$0]++')
}

# Removes the directories the install created, deepest first, and only while empty.
remove_created_dirs() {
  local dir
  while IFS= read -r dir; do
    if [ -z "${dir}" ] || [ ! -d "${dir}" ]; then continue; fi
    if [ "${DRY_RUN}" = 1 ]; then
      printf '[dry-run] rmdir %q (if empty)\n' "${dir}"
    else
      rmdir "${dir}" 2>/dev/null || true
    fi
  done < <(printf '%s' "${UNDO_DIRS}" | awk '!seen[$0]++ { print length($0) "\t" $0 }' | sort -rn | cut -f2-)
}

uninstall() {
  local version link found=0
  # shellcheck disable=SC2046 # one directory a line, none with a newline
  check_writable "${BIN_DIR}" "${SHARE_DIR}" $(chosen_skills_dirs | tr '\n' ' ')
  version="$(installed_version)" || version=""
  KEPT_LINES="" UNDO_SKILLS_DIRS="" UNDO_DIRS="" UNDO_FILES="" UNINSTALL_SUMMARY="" HOOK_NOTES=""
  undo_record
  drop_created_files
  remove_marked_skills
  if [ -n "${UNINSTALL_SUMMARY}" ]; then found=1; fi
  if [ "${AGENT_GIVEN}" = 0 ]; then
    for link in argcheck argcheck-consult; do
      if is_our_link "${BIN_DIR}/${link}"; then
        act rm -f "${BIN_DIR}/${link}"
        found=1
      fi
    done
    if [ -e "${SHARE_DIR}" ]; then
      act rm -rf "${SHARE_DIR}"
      found=1
    fi
  elif [ -f "$(record_path)" ]; then
    write_file "$(record_path)" "${KEPT_LINES}"
  fi
  remove_created_dirs
  uninstall_result "${version}" "${found}"
  if [ -n "${HOOK_NOTES}" ]; then printf '%s' "${HOOK_NOTES}"; fi
  if [ "${found}" = 1 ] && [ "${DRY_RUN}" = 0 ]; then
    uninstall_leftovers
  fi
}

# What the hooks made that no uninstall removes (it is in the user's projects and config), and how to remove it.
uninstall_leftovers() {
  local state="${XDG_STATE_HOME:-}" there=() dir
  case "${state}" in /*) ;; *) state="${HOME}/.local/state" ;; esac
  for dir in "$(witness_key_dir)" "${state}/argcheck"; do
    if [ -e "${dir}" ]; then there+=("${dir}"); fi
  done
  printf 'left in place: the witness log of each project where the hooks ran, .argcheck/witness.jsonl (your prompts\n'
  printf '  and Bash output; remove it with: rm .argcheck/witness.jsonl there), '
  if [ "${#there[@]}" -gt 0 ]; then
    printf 'the witness key, conversation markers and Stop gate counters\n  in %s (remove: rm -r%s), ' \
      "${there[*]}" "$(printf ' %q' "${there[@]}")"
  fi
  printf 'and your state files in .argcheck/\n'
}

uninstall_result() {
  local version="$1" found="$2" what="from ${PREFIX}" agents dirs
  agents="$(printf '%s\n' "${AGENTS[@]}" | paste -sd, - | sed 's/,/, /g')"
  dirs="$(chosen_skills_dirs | paste -sd, - | sed 's/,/, /g')"
  if [ "${AGENT_GIVEN}" = 1 ]; then what="for ${agents} (the argcheck CLI stays in ${PREFIX})"; fi
  if [ "${found}" = 0 ] && [ "${AGENT_GIVEN}" = 1 ]; then
    printf 'argcheck has nothing installed for %s (in %s or its install record): nothing to remove\n' "${agents}" "${dirs}"
  elif [ "${found}" = 0 ]; then
    printf 'argcheck is not installed in %s or %s: nothing to remove\n' "${PREFIX}" "${dirs}"
  elif [ "${DRY_RUN}" = 1 ]; then
    printf 'argcheck%s dry run, nothing changed: would uninstall %s%s\n' \
      "${version:+ ${version}}" "${what}" "${UNINSTALL_SUMMARY:-, no skills}"
  else
    printf 'argcheck%s uninstalled %s%s\n' "${version:+ ${version}}" "${what}" "${UNINSTALL_SUMMARY:-, no skills}"
  fi
}
