#!/usr/bin/env bash
# Summary: Install argcheck: the checker CLI in its own venv, the consult wrappers, the skills for each agent
#
# Usage: ./install.sh [--agent NAME]... [--demo] [--prefix DIR] [--project DIR] [--uninstall] [--dry-run] [--mcp]
#                     [--allow-skills] [--hooks [--yes]] [--help]
#
#   --agent NAME    install the skills for NAME: claude (Claude Code, the default), codex (Codex CLI),
#                   gemini (Gemini CLI) or all; repeat it for several. Skills go to, user-wide / with --project DIR:
#                     claude  ~/.claude/skills / DIR/.claude/skills
#                     codex   ~/.agents/skills / DIR/.agents/skills (Codex reads both)
#                     gemini  ~/.gemini/skills / DIR/.gemini/skills (a project's only in a trusted folder)
#                   A skill folder holding exactly this clone's files (as `npx skills add` leaves it, linked
#                   or copied) is left as it is, and so is an older one the skills CLI installed from this clone.
#                   With --uninstall: remove only what was installed for NAME (its skills, its --mcp entry,
#                   its --hooks hooks and policy), and keep the argcheck CLI
#   --demo          after installing, play `argcheck demo` with the installed argcheck (it works before
#                   PREFIX/bin is on your PATH; the installer then says how to put it there)
#   --prefix DIR    install under DIR (default: $ARGCHECK_PREFIX, else /usr/local as root, else ~/.local)
#   --project DIR   copy the skills into the project DIR instead of your home folder (see --agent)
#   --uninstall     remove what the installs into this prefix made (venv, links, every copied skill,
#                   the MCP entries, hooks and policy), for every agent, and nothing else; with --agent NAME
#                   only what was added for NAME
#   --dry-run       print every action and change nothing
#   --mcp           also register the MCP server `argcheck mcp`: with Claude Code (claude mcp add); for codex
#                   as a marked [mcp_servers.argcheck] block in $CODEX_HOME/config.toml (default ~/.codex); for
#                   gemini as mcpServers.argcheck in ~/.gemini/settings.json (both user-wide, even with --project)
#   --allow-skills  also add a `Skill(<name>)` allow rule per skill to Claude Code's settings
#                   (~/.claude/settings.json, or DIR/.claude/settings.json with --project), so the model
#                   may start a skill without asking you first; --uninstall removes only the rules it added
#   --hooks         also add argcheck's hooks for each chosen agent (`PREFIX/share/argcheck/argcheck-hook
#                   [--agent AGENT] EVENT`, see docs/hooks.md); each prints a plain summary of what they do and
#                   record, and asks y/N first (--dry-run shows the exact config); --uninstall removes exactly
#                   what was added. claude: the hooks and a Skill(<name>) allow rule per skill in
#                   ~/.claude/settings.json (DIR/.claude/settings.local.json with --project): the argcheck commands
#                   the skills teach then run without a prompt in every turn, and only those that write nothing
#                   or only into the project's .argcheck/. codex: a marked block in $CODEX_HOME/config.toml
#                   (DIR/.codex/config.toml with --project) with the trust Codex asks for in $CODEX_HOME/config.toml.
#                   gemini: the hooks in ~/.gemini/settings.json (DIR/.gemini/settings.json), and the policy
#                   ~/.gemini/policies/argcheck.toml, which lets Gemini CLI run `argcheck` and `argcheck-consult`
#                   commands and start the argcheck skills (a Gemini hook cannot allow)
#   --yes           with --hooks: consent without asking (for scripts; without a terminal --hooks needs it)
#   --help          print this help
#
# Makes PREFIX/share/argcheck/venv (the checker from ./checker), PREFIX/share/argcheck/wrappers and the
# symlinks PREFIX/bin/argcheck and PREFIX/bin/argcheck-consult, and copies each skills/<name>/ that has
# a SKILL.md into each agent's skills directory with a .argcheck-installed marker. A same-named skill without
# that marker is never touched. Running the script again upgrades in place. For codex it prints how to
# run with the sandbox a run needs (codex exec --sandbox workspace-write, with network access).
# It says one line per stage on stderr (venv, checker, links, skills, with sizes); pip's output goes to
# PREFIX/share/argcheck/install.log. Its last line is the command to run next, by its full path when
# PREFIX/bin is not on PATH.
#
# Environment: ARGCHECK_PREFIX (default prefix), ARGCHECK_PYTHON (interpreter, default python3),
#   CODEX_HOME (Codex's folder, default ~/.codex), GEMINI_CLI_HOME (the folder holding Gemini CLI's .gemini,
#   default HOME), ARGCHECK_DEBUG=1 (trace every command).
# Exit codes: 0 ok; 1 an install step failed; 2 usage; 3 python3 missing, older than 3.10 or without
#   venv; 4 a target directory is not writable; 5 would overwrite something argcheck did not install.

# The braces make bash read the whole file before running any of it, so a truncated download runs nothing.
{

set -euo pipefail
if [ "${ARGCHECK_DEBUG:-}" = 1 ]; then set -x; fi

readonly MARKER=".argcheck-installed"
readonly RECORD_NAME="install-record"

# Set once by parse_args and resolve_paths, read everywhere else.
MODE=install
DRY_RUN=0
WITH_MCP=0
ALLOW_SKILLS=0
DEMO=0
WITH_HOOKS=0
ASSUME_YES=0
PREFIX=""
PROJECT=""
AGENTS=()
AGENT_GIVEN=0
COPIED=""
KEPT=""
SKILLS_PHRASE=""
EXTRAS_NOTE=""
# Set by uninstall.
KEPT_LINES=""
UNDO_SKILLS_DIRS=""
UNDO_DIRS=""
UNDO_FILES=""
UNINSTALL_SUMMARY=""
HOOK_NOTES=""
# Set by consent_to_agent_hooks: the agents whose hooks are all there already.
HOOKS_ALREADY=""
SOURCE_DIR=""
BIN_DIR=""
SHARE_DIR=""
PYTHON=""
BUILD_DIR=""

die() {
  local code="$1"
  shift
  printf 'install.sh: %s\n' "$*" >&2
  exit "${code}"
}

note() {
  printf 'install.sh: %s\n' "$*" >&2
}

# Says on stderr what one stage of the install did (a line each: venv, checker, wrappers and links, skills).
stage() {
  local said="$2"
  if [ "${DRY_RUN}" = 1 ]; then said="(dry run, not done) ${said}"; fi
  printf 'install.sh: %-9s %s\n' "$1:" "${said}" >&2
}

# Prints the size of the given paths, e.g. "24 MB" or "180 KB".
size_of() {
  local kb
  kb="$(du -skL "$@" 2>/dev/null | awk '{ total += $1 } END { print total + 0 }')"
  if [ "${kb}" -ge 1024 ]; then printf '%s MB' "$(((kb + 512) / 1024))"; else printf '%s KB' "${kb}"; fi
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
}

# Runs a command, or with --dry-run only prints it.
act() {
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run]'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}

# Writes CONTENT to PATH, or with --dry-run only says so.
write_file() {
  local path="$1" content="$2"
  if [ "${DRY_RUN}" = 1 ]; then
    printf '[dry-run] write %q\n' "${path}"
  else
    printf '%s' "${content}" >"${path}"
  fi
}

absolute_path() {
  local path="$1"
  case "${path}" in
    /*) ;;
    *) path="${PWD}/${path}" ;;
  esac
  while [ "${path}" != / ] && [ "${path%/}" != "${path}" ]; do path="${path%/}"; done
  printf '%s\n' "${path}"
}

parse_args() {
  while [ "$#" -gt 0 ]; do
    case "$1" in
      --prefix | --project)
        if [ "$#" -lt 2 ] || [ -z "$2" ]; then die 2 "$1 needs a directory (see --help)"; fi
        if [ "$1" = --prefix ]; then PREFIX="$2"; else PROJECT="$2"; fi
        shift 2
        ;;
      --prefix=*) PREFIX="${1#*=}"; shift ;;
      --project=*) PROJECT="${1#*=}"; shift ;;
      --agent)
        if [ "$#" -lt 2 ] || [ -z "$2" ]; then die 2 "--agent needs a name: claude, codex, gemini or all"; fi
        add_agent "$2"; AGENT_GIVEN=1; shift 2 ;;
      --agent=*) add_agent "${1#*=}"; AGENT_GIVEN=1; shift ;;
      --uninstall) MODE=uninstall; shift ;;
      --dry-run) DRY_RUN=1; shift ;;
      --mcp) WITH_MCP=1; shift ;;
      --allow-skills) ALLOW_SKILLS=1; shift ;;
      --demo) DEMO=1; shift ;;
      --hooks) WITH_HOOKS=1; shift ;;
      --yes) ASSUME_YES=1; shift ;;
      -h | --help) usage; exit 0 ;;
      *) die 2 "unknown argument: $1 (see --help)" ;;
    esac
  done
  if [ "${ASSUME_YES}" = 1 ] && [ "${WITH_HOOKS}" = 0 ]; then die 2 "--yes only goes with --hooks"; fi
  if [ "${#AGENTS[@]}" = 0 ]; then
    if [ "${MODE}" = uninstall ]; then AGENTS=("${KNOWN_AGENTS[@]}"); else AGENTS=(claude); fi
  fi
  if [ "${ALLOW_SKILLS}" = 1 ] && ! has_agent claude; then
    die 2 "--allow-skills adds Claude Code permission rules: it goes with --agent claude"
  fi
  if [ "${MODE}" = install ] && [ "${WITH_HOOKS}" = 1 ] && [ "${DRY_RUN}" = 0 ] && [ "${ASSUME_YES}" = 0 ] &&
    [ ! -t 0 ]; then
    die 2 "--hooks asks for your consent on a terminal, and stdin is not one: run it in a terminal, or pass --yes to consent to what --dry-run --hooks prints"
  fi
}

resolve_paths() {
  SOURCE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  if [ -z "${PREFIX}" ]; then
    if [ -n "${ARGCHECK_PREFIX:-}" ]; then
      PREFIX="${ARGCHECK_PREFIX}"
    elif [ "$(id -u)" = 0 ]; then
      PREFIX=/usr/local
    else
      PREFIX="${HOME:?HOME is not set}/.local"
    fi
  fi
  PREFIX="$(absolute_path "${PREFIX}")"
  BIN_DIR="${PREFIX}/bin"
  SHARE_DIR="${PREFIX}/share/argcheck"
  : "${HOME:?HOME is not set}"
  if [ -n "${PROJECT}" ] && [ ! -d "${PROJECT}" ]; then die 2 "--project ${PROJECT}: no such directory"; fi
}

# Prints the skills directory of each chosen agent, one a line.
chosen_skills_dirs() {
  local agent
  for agent in "${AGENTS[@]}"; do agent_skills_dir "${agent}"; done
}

# Sets PYTHON to an interpreter >= 3.10 that can make a venv, or exits 3.
find_python() {
  local wanted="${ARGCHECK_PYTHON:-python3}" found reported
  found="$(command -v "${wanted}" 2>/dev/null)" ||
    die 3 "${wanted} not found on PATH; argcheck needs Python >= 3.10 (Debian/Ubuntu: apt-get install python3 python3-venv)"
  reported="$("${found}" --version 2>&1 </dev/null)" || true
  if [[ ! "${reported}" =~ ^Python\ ([0-9]+)\.([0-9]+) ]]; then
    die 3 "cannot tell the version of ${found} (it printed: ${reported:-nothing}); argcheck needs Python >= 3.10"
  fi
  if [ "${BASH_REMATCH[1]}" -lt 3 ] || { [ "${BASH_REMATCH[1]}" -eq 3 ] && [ "${BASH_REMATCH[2]}" -lt 10 ]; }; then
    die 3 "${found} is ${reported}; argcheck needs Python >= 3.10 (put a newer python3 first on PATH or set ARGCHECK_PYTHON)"
  fi
  "${found}" -c 'import venv, ensurepip' >/dev/null 2>&1 </dev/null ||
    die 3 "${found} (${reported}) cannot create a venv (Debian/Ubuntu: apt-get install python3-venv)"
  PYTHON="${found}"
}

nearest_existing() {
  local path="$1"
  while [ ! -e "${path}" ] && [ ! -L "${path}" ]; do path="$(dirname "${path}")"; done
  printf '%s\n' "${path}"
}

# Exits 4 unless every directory given exists and is writable or can be created.
check_writable() {
  local target existing
  for target in "$@"; do
    existing="$(nearest_existing "${target}")"
    [ -d "${existing}" ] || die 4 "cannot use ${target}: ${existing} is not a directory"
    [ -w "${existing}" ] ||
      die 4 "no write access to ${existing} (needed for ${target}); pick a writable --prefix/--project or run as a user who may write there"
  done
}

# Prints the source skill names: folders of skills/ that hold a SKILL.md.
source_skills() {
  local dir name
  for dir in "${SOURCE_DIR}"/skills/*/; do
    [ -f "${dir}SKILL.md" ] || continue
    name="$(basename "${dir}")"
    # The rule for a protocol's name (argcheck.core.discovery.NAME_PATTERN): a skill is named after its protocol.
    if [[ "${name}" =~ ^[a-z][a-z0-9]*$ ]]; then
      printf '%s\n' "${name}"
    else
      note "skipping skills/${name}: a skill is named after its protocol: lowercase letters and digits, starting with a letter"
    fi
  done
}

# True when PATH is a symlink that points into our share directory.
is_our_link() {
  local path="$1"
  [ -L "${path}" ] || return 1
  case "$(readlink "${path}")" in
    "${SHARE_DIR}"/*) return 0 ;;
    *) return 1 ;;
  esac
}

# Exits 5 if installing would overwrite a skill, a command or an entry that argcheck did not install.
refuse_clobbering() {
  local agent link
  for agent in "${AGENTS[@]}"; do refuse_clobbering_skills "${agent}"; done
  if [ "${WITH_MCP}" = 1 ]; then refuse_clobbering_mcp; fi
  for link in argcheck argcheck-consult; do
    if { [ -e "${BIN_DIR}/${link}" ] || [ -L "${BIN_DIR}/${link}" ]; } && ! is_our_link "${BIN_DIR}/${link}"; then
      die 5 "${BIN_DIR}/${link} exists and is not argcheck's symlink; remove it or pick another --prefix"
    fi
  done
}

# Prints each of the given directories that does not exist yet, with its missing ancestors.
missing_dirs() {
  local dir
  for dir in "$@"; do
    while [ ! -e "${dir}" ]; do
      printf '%s\n' "${dir}"
      dir="$(dirname "${dir}")"
    done
  done
}

record_path() {
  printf '%s/%s\n' "${SHARE_DIR}" "${RECORD_NAME}"
}

# Adds LINES to the install record, keeping each line once.
add_to_record() {
  local lines="$1" record merged
  record="$(record_path)"
  [ -n "${lines}" ] || return 0
  if [ -f "${record}" ]; then
    merged="$(printf '%s\n%s\n' "$(cat "${record}")" "${lines}" | sed '/^$/d' | sort -u)"
  else
    merged="$(printf '%s\n' "${lines}" | sed '/^$/d' | sort -u)"
  fi
  write_file "${record}" "${merged}"$'\n'
}

checker_version_from_source() {
  sed -n 's/^version *= *"\(.*\)"/\1/p' "${SOURCE_DIR}/checker/pyproject.toml" | head -n 1
}

installed_version() {
  local python="${SHARE_DIR}/venv/bin/python"
  [ -x "${python}" ] || return 1
  "${python}" -c 'from importlib.metadata import version; print(version("argcheck"))' 2>/dev/null </dev/null
}

pip_log() {
  printf '%s/install.log\n' "${SHARE_DIR}"
}

# Runs pip in the venv: its output goes to the install log (with --dry-run the command is only printed).
run_pip() {
  local pip=("${SHARE_DIR}/venv/bin/python" -m pip --disable-pip-version-check --no-input "$@")
  if [ "${DRY_RUN}" = 1 ]; then
    act "${pip[@]}"
  else
    printf '\n$ pip %s\n' "$*" >>"$(pip_log)"
    "${pip[@]}" >>"$(pip_log)" 2>&1 </dev/null
  fi
}

# Exits 1 saying where pip's output is, with its last lines.
pip_failed() {
  local what="$1"
  if [ "${DRY_RUN}" = 0 ] && [ -f "$(pip_log)" ]; then tail -n 15 "$(pip_log)" | sed 's/^/  pip: /' >&2; fi
  die 1 "${what}; pip's whole output is in $(pip_log)"
}

make_venv() {
  local venv="${SHARE_DIR}/venv"
  if [ -x "${venv}/bin/python" ] &&
    "${venv}/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1 </dev/null; then
    stage venv "kept ${venv}"
  else
    if [ -e "${venv}" ]; then act rm -rf "${venv}"; fi
    act "${PYTHON}" -m venv "${venv}" || die 1 "${PYTHON} -m venv ${venv} failed"
    stage venv "created ${venv} ($("${PYTHON}" --version 2>&1 </dev/null))"
  fi
  if [ "${DRY_RUN}" = 0 ]; then : >"$(pip_log)"; fi
}

install_checker() {
  local venv="${SHARE_DIR}/venv" work wheel
  make_venv
  printf 'install.sh: %-9s %s' "checker:" "building and installing it with pip (about a minute; pip's output: $(pip_log)) ..." >&2
  # Build the wheel from a copy, so the source tree gets no build/ or egg-info litter, then force
  # the wheel in (a reinstall of the same version must still replace the code) and add what it needs.
  if [ "${DRY_RUN}" = 1 ]; then
    work="${TMPDIR:-/tmp}/argcheck-install.XXXXXX"
  else
    BUILD_DIR="$(mktemp -d "${TMPDIR:-/tmp}/argcheck-install.XXXXXX")"
    work="${BUILD_DIR}"
  fi
  act cp -R "${SOURCE_DIR}/checker" "${work}/checker"
  act rm -rf "${work}/checker/build" "${work}/checker/dist"
  run_pip wheel --no-deps --wheel-dir "${work}/dist" "${work}/checker" ||
    { printf '\n' >&2; pip_failed "could not build the checker from ${SOURCE_DIR}/checker"; }
  if [ "${DRY_RUN}" = 1 ]; then
    wheel="${work}/dist/argcheck-$(checker_version_from_source)-py3-none-any.whl"
  else
    wheel="$(find "${work}/dist" -name 'argcheck-*.whl' | head -n 1)"
  fi
  if ! run_pip install --force-reinstall --no-deps "${wheel}" || ! run_pip install "${wheel}[fast]"; then
    printf '\n' >&2
    pip_failed "pip could not install the checker into ${venv}"
  fi
  if [ "${DRY_RUN}" = 1 ]; then printf '\n' >&2; else printf ' done, the venv is %s\n' "$(size_of "${venv}")" >&2; fi
}

install_wrappers() {
  local consult="${SHARE_DIR}/wrappers/consult"
  if [ -e "${SHARE_DIR}/wrappers" ]; then act rm -rf "${SHARE_DIR}/wrappers"; fi
  if [ -d "${SOURCE_DIR}/wrappers" ]; then
    act cp -R "${SOURCE_DIR}/wrappers" "${SHARE_DIR}/wrappers"
  fi
  act ln -sfn "${SHARE_DIR}/venv/bin/argcheck" "${BIN_DIR}/argcheck"
  if [ -f "${SOURCE_DIR}/wrappers/consult" ]; then
    act ln -sfn "${consult}" "${BIN_DIR}/argcheck-consult"
    stage links "${BIN_DIR}/argcheck, ${BIN_DIR}/argcheck-consult (the consultee wrappers: ${SHARE_DIR}/wrappers)"
  else
    note "wrappers/consult not found; ${BIN_DIR}/argcheck-consult not linked"
    if is_our_link "${BIN_DIR}/argcheck-consult"; then act rm -f "${BIN_DIR}/argcheck-consult"; fi
    stage links "${BIN_DIR}/argcheck"
  fi
}

# Installs the skills for each chosen agent; sets SKILLS_PHRASE for the result line (", 4 skills → DIR (...)").
install_skills() {
  local version="$1" agent dir
  SKILLS_PHRASE=""
  for agent in "${AGENTS[@]}"; do
    dir="$(agent_skills_dir "${agent}")"
    install_agent_skills "${agent}" "${version}"
    if [ -n "${COPIED}" ]; then stage skills "$(skills_phrase "${COPIED}" "copied to" "${dir}")$(skill_size "${COPIED}" "${dir}")"; fi
    if [ -n "${COPIED}" ] || [ -z "${KEPT}" ]; then
      SKILLS_PHRASE="${SKILLS_PHRASE}, $(skills_phrase "${COPIED}" → "${dir}")"
    fi
    if [ -n "${KEPT}" ]; then SKILLS_PHRASE="${SKILLS_PHRASE}, $(skills_phrase "${KEPT}" "already in" "${dir}")"; fi
  done
}

# Prints ", N KB" for the copied skills NAMES in DIR (nothing with --dry-run or no skill).
skill_size() {
  local names="$1" dir="$2" name paths=()
  [ "${DRY_RUN}" = 0 ] || return 0
  while IFS= read -r name; do
    if [ -n "${name}" ]; then paths+=("${dir}/${name}"); fi
  done <<<"${names}"
  [ "${#paths[@]}" -gt 0 ] || return 0
  printf ', %s' "$(size_of "${paths[@]}")"
}

# Ends the install with the command to run next, by its full path when PREFIX/bin is not on PATH.
path_hint() {
  local next="demo"
  if [ "${DEMO}" = 1 ]; then next="demo toulmin"; fi
  case ":${PATH}:" in
    *":${BIN_DIR}:"*)
      printf 'Next: argcheck %s\n' "${next}"
      return 0
      ;;
  esac
  # The $PATH in the hint is for the user's shell to expand, not this one.
  # shellcheck disable=SC2016
  printf '%s is not on PATH; add it with: export PATH="%s:$PATH" (and in ~/.profile for new shells), or run argcheck by its full path.\n' "${BIN_DIR}" "${BIN_DIR}"
  printf 'Next: %s %s\n' "${BIN_DIR}/argcheck" "${next}"
}

# Prints e.g. "1 skill → DIR (deliberate)" for the newline-separated NAMES.
skills_phrase() {
  local names where="$2" dir="$3" count
  names="$(printf '%s\n' "$1" | sed '/^$/d')"
  count="$(printf '%s' "${names}" | grep -c . || true)"
  case "${count}" in
    0) printf 'no skills %s %s' "${where}" "${dir}" ;;
    1) printf '1 skill %s %s (%s)' "${where}" "${dir}" "${names}" ;;
    *) printf '%s skills %s %s (%s)' "${count}" "${where}" "${dir}" "$(printf '%s' "${names}" | paste -sd, - | sed 's/,/, /g')" ;;
  esac
}

# Records and makes the directories the install needs: the CLI's (untagged) and each agent's skills folder.
make_dirs() {
  local agent dir records
  records="$(missing_dirs "${BIN_DIR}" "${SHARE_DIR}" | sed 's/^/created-dir /')"
  for agent in "${AGENTS[@]}"; do
    dir="$(agent_skills_dir "${agent}")"
    records="${records}"$'\n'"$(missing_dirs "${dir}" | sed "s/^/agent ${agent} created-dir /")"
    records="${records}"$'\n'"agent ${agent} skills-dir ${dir}"
  done
  # shellcheck disable=SC2046 # one directory a line, none with a newline
  act mkdir -p "${BIN_DIR}" "${SHARE_DIR}" $(chosen_skills_dirs | tr '\n' ' ')
  add_to_record "${records}"
}

# Registers the MCP server with each chosen agent; sets EXTRAS_NOTE.
install_mcp() {
  local scope=user
  if has_agent claude; then
    if [ -n "${PROJECT}" ]; then scope=project; fi
    if run_mcp add "${scope}" "${PROJECT:-${HOME}}"; then
      add_to_record "mcp ${scope} ${PROJECT:-${HOME}}"
      EXTRAS_NOTE="${EXTRAS_NOTE}, MCP server registered (${scope} scope)"
    else
      EXTRAS_NOTE="${EXTRAS_NOTE}, MCP server not registered (claude not on PATH)"
    fi
  fi
  if has_agent codex; then
    install_codex_mcp
    EXTRAS_NOTE="${EXTRAS_NOTE}, MCP server in $(codex_home)/config.toml"
  fi
  if has_agent gemini; then
    install_gemini_mcp
    EXTRAS_NOTE="${EXTRAS_NOTE}, MCP server in $(gemini_home)/settings.json"
  fi
}

install() {
  local version
  find_python
  # shellcheck disable=SC2046 # one directory a line, none with a newline
  check_writable "${BIN_DIR}" "${SHARE_DIR}" $(chosen_skills_dirs | tr '\n' ' ')
  [ -f "${SOURCE_DIR}/checker/pyproject.toml" ] ||
    die 1 "no checker/pyproject.toml next to install.sh: run it from an argcheck checkout"
  refuse_clobbering
  if [ "${WITH_HOOKS}" = 1 ]; then consent_to_all_hooks; fi
  trap '[ -z "${BUILD_DIR}" ] || rm -rf "${BUILD_DIR}"' EXIT
  make_dirs
  install_checker
  install_wrappers
  if [ "${DRY_RUN}" = 1 ]; then
    version="$(checker_version_from_source)"
  else
    version="$(installed_version)" || die 1 "the checker did not install into ${SHARE_DIR}/venv"
    "${BIN_DIR}/argcheck" --version >/dev/null </dev/null ||
      die 1 "${BIN_DIR}/argcheck --version failed after the install"
  fi
  install_skills "${version}"
  EXTRAS_NOTE=""
  if [ "${WITH_MCP}" = 1 ]; then install_mcp; fi
  if [ "${ALLOW_SKILLS}" = 1 ]; then
    allow_skills
    EXTRAS_NOTE="${EXTRAS_NOTE}, skills allowed in $(settings_file)"
  fi
  if [ "${WITH_HOOKS}" = 1 ] && has_agent claude; then
    install_hooks
    EXTRAS_NOTE="${EXTRAS_NOTE}, hooks in $(hooks_settings_file)"
  fi
  if [ "${WITH_HOOKS}" = 1 ] && has_agent codex; then
    install_agent_hooks codex
    EXTRAS_NOTE="${EXTRAS_NOTE}, Codex CLI hooks in $(agent_hooks_file codex)"
  fi
  if [ "${WITH_HOOKS}" = 1 ] && has_agent gemini; then
    install_agent_hooks gemini
    install_gemini_policy
    EXTRAS_NOTE="${EXTRAS_NOTE}, Gemini CLI hooks in $(agent_hooks_file gemini), Gemini CLI policy in $(gemini_policy_file)"
  fi
  if [ "${DRY_RUN}" = 1 ]; then
    printf 'argcheck %s dry run, nothing changed: would install %s%s%s\n' \
      "${version}" "${BIN_DIR}/argcheck" "${SKILLS_PHRASE}" "${EXTRAS_NOTE}"
  else
    printf 'argcheck %s installed: %s%s%s\n' "${version}" "${BIN_DIR}/argcheck" "${SKILLS_PHRASE}" "${EXTRAS_NOTE}"
  fi
  if has_agent codex; then codex_hint; fi
  if has_agent gemini && [ "${DRY_RUN}" = 0 ]; then gemini_hint; fi
  if [ "${DEMO}" = 1 ]; then play_demo; fi
  path_hint
}

# Asks each chosen agent's consent to its hooks (and Gemini CLI's to its policy), before anything is installed.
consent_to_all_hooks() {
  local agent
  for agent in "${AGENTS[@]}"; do
    if [ "${agent}" = claude ]; then consent_to_hooks; else consent_to_agent_hooks "${agent}"; fi
  done
}

# Plays `argcheck demo` with the installed argcheck, by its full path: PREFIX/bin need not be on PATH yet.
play_demo() {
  printf '\n'
  act "${BIN_DIR}/argcheck" demo </dev/null || die 1 "${BIN_DIR}/argcheck demo failed"
  printf '\n'
}

main() {
  local here
  here="$(dirname "${BASH_SOURCE[0]}")"
  # shellcheck source=installer/agents.bash
  source "${here}/installer/agents.bash"
  # shellcheck source=installer/claude.bash
  source "${here}/installer/claude.bash"
  # shellcheck source=installer/hooks.bash
  source "${here}/installer/hooks.bash"
  # shellcheck source=installer/uninstall.bash
  source "${here}/installer/uninstall.bash"
  parse_args "$@"
  resolve_paths
  if [ "${MODE}" = uninstall ]; then uninstall; else install; fi
}

main "$@"
exit
}
