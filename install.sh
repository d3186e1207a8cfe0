#!/usr/bin/env bash
# Summary: Install argcheck: the checker CLI in its own venv, the consult wrappers, the Claude Code skills
#
# Usage: ./install.sh [--prefix DIR] [--project DIR] [--uninstall] [--dry-run] [--mcp] [--allow-skills]
#                     [--hooks [--yes]] [--help]
#
#   --prefix DIR    install under DIR (default: $ARGCHECK_PREFIX, else /usr/local as root, else ~/.local)
#   --project DIR   copy the skills into DIR/.claude/skills instead of ~/.claude/skills
#   --uninstall     remove what the installs into this prefix made (venv, links, every copied skill,
#                   the MCP registration), and nothing else
#   --dry-run       print every action and change nothing
#   --mcp           also register the MCP server `argcheck mcp` with Claude Code (claude mcp add)
#   --allow-skills  also add a `Skill(<name>)` allow rule per skill to Claude Code's settings
#                   (~/.claude/settings.json, or DIR/.claude/settings.json with --project), so the model
#                   may start a skill without asking you first; --uninstall removes only the rules it added
#   --hooks         also add argcheck's Claude Code hooks (`argcheck hook EVENT`, see docs/hooks.md) and a
#                   Skill(<name>) allow rule per skill to ~/.claude/settings.json (DIR/.claude/settings.local.json
#                   with --project): the argcheck commands the skills teach then run without a prompt in every
#                   turn of a run, and only those that write nothing or write only into the project's .argcheck/.
#                   Prints exactly what it adds and asks y/N first; --uninstall removes exactly what it added
#   --yes           with --hooks: consent without asking (for scripts; without a terminal --hooks needs it)
#   --help          print this help
#
# Makes PREFIX/share/argcheck/venv (the checker from ./checker), PREFIX/share/argcheck/wrappers and the
# symlinks PREFIX/bin/argcheck and PREFIX/bin/argcheck-consult, and copies each skills/<name>/ that has
# a SKILL.md into the skills directory with a .argcheck-installed marker. A same-named skill without
# that marker is the user's own: it is never touched. Running the script again upgrades in place.
#
# Environment: ARGCHECK_PREFIX (default prefix), ARGCHECK_PYTHON (interpreter, default python3),
#   ARGCHECK_DEBUG=1 (trace every command).
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
WITH_HOOKS=0
ASSUME_YES=0
PREFIX=""
PROJECT=""
SOURCE_DIR=""
BIN_DIR=""
SHARE_DIR=""
SKILLS_DIR=""
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
      --uninstall) MODE=uninstall; shift ;;
      --dry-run) DRY_RUN=1; shift ;;
      --mcp) WITH_MCP=1; shift ;;
      --allow-skills) ALLOW_SKILLS=1; shift ;;
      --hooks) WITH_HOOKS=1; shift ;;
      --yes) ASSUME_YES=1; shift ;;
      -h | --help) usage; exit 0 ;;
      *) die 2 "unknown argument: $1 (see --help)" ;;
    esac
  done
  if [ "${ASSUME_YES}" = 1 ] && [ "${WITH_HOOKS}" = 0 ]; then die 2 "--yes only goes with --hooks"; fi
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
  if [ -n "${PROJECT}" ]; then
    [ -d "${PROJECT}" ] || die 2 "--project ${PROJECT}: no such directory"
    SKILLS_DIR="$(absolute_path "${PROJECT}")/.claude/skills"
  else
    SKILLS_DIR="${HOME:?HOME is not set}/.claude/skills"
  fi
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

# Exits 5 if installing would overwrite a skill or a command that argcheck did not install.
refuse_clobbering() {
  local name dest link
  while IFS= read -r name; do
    dest="${SKILLS_DIR}/${name}"
    if { [ -e "${dest}" ] || [ -L "${dest}" ]; } && [ ! -f "${dest}/${MARKER}" ]; then
      die 5 "${dest} exists and was not installed by argcheck (no ${MARKER} in it); move it away or use --project DIR"
    fi
  done < <(source_skills)
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

install_checker() {
  local venv="${SHARE_DIR}/venv" work wheel
  local pip=("${venv}/bin/python" -m pip --quiet --disable-pip-version-check --no-input)
  if [ -x "${venv}/bin/python" ] &&
    "${venv}/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1 </dev/null; then
    note "upgrading the checker in ${venv}"
  else
    note "creating ${venv}"
    if [ -e "${venv}" ]; then act rm -rf "${venv}"; fi
    act "${PYTHON}" -m venv "${venv}"
  fi
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
  act "${pip[@]}" wheel --no-deps --wheel-dir "${work}/dist" "${work}/checker" ||
    die 1 "could not build the checker from ${SOURCE_DIR}/checker (see pip's messages above)"
  if [ "${DRY_RUN}" = 1 ]; then
    wheel="${work}/dist/argcheck-$(checker_version_from_source)-py3-none-any.whl"
  else
    wheel="$(find "${work}/dist" -name 'argcheck-*.whl' | head -n 1)"
  fi
  if ! act "${pip[@]}" install --force-reinstall --no-deps "${wheel}" ||
    ! act "${pip[@]}" install "${wheel}[fast]"; then
    die 1 "pip could not install the checker into ${venv} (see pip's messages above)"
  fi
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
  else
    note "wrappers/consult not found; ${BIN_DIR}/argcheck-consult not linked"
    if is_our_link "${BIN_DIR}/argcheck-consult"; then act rm -f "${BIN_DIR}/argcheck-consult"; fi
  fi
}

install_skills() {
  local version="$1" name dest
  while IFS= read -r name; do
    dest="${SKILLS_DIR}/${name}"
    if [ -e "${dest}" ]; then act rm -rf "${dest:?}"; fi
    act cp -R "${SOURCE_DIR}/skills/${name}" "${dest}"
    write_file "${dest}/${MARKER}" "Installed by argcheck ${version} from ${SOURCE_DIR}; ./install.sh --uninstall removes it.
"
  done < <(source_skills)
}

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

# The hooks' launcher: `argcheck hook EVENT` on the venv's python, without the console script's `import re`
# (a hook runs on every tool call: this keeps one at about 1.3x a bare interpreter start).
hook_launcher() {
  printf '%s/argcheck-hook\n' "${SHARE_DIR}"
}

write_hook_launcher() {
  write_file "$(hook_launcher)" "#!${SHARE_DIR}/venv/bin/python
# Installed by argcheck's install.sh --hooks: runs \`argcheck hook EVENT\` for Claude Code's hooks.
import sys
from argcheck.cli import main
sys.exit(main([\"hook\", *sys.argv[1:]]))
"
  act chmod 755 "$(hook_launcher)"
}

# Runs checker/tools/claude_hooks.py VERB on the hooks' settings file for the installed argcheck and skills.
claude_hooks() {
  local verb="$1" names=()
  while IFS= read -r name; do names+=("${name}"); done < <(source_skills)
  "${PYTHON}" "${SOURCE_DIR}/checker/tools/claude_hooks.py" "${verb}" "$(hooks_settings_file)" \
    "$(hook_launcher)" "${names[@]}"
}

# Prints exactly what --hooks will add and asks for consent (unless --yes or --dry-run); exits 1 on "no".
consent_to_hooks() {
  local plan answer file
  file="$(hooks_settings_file)"
  plan="$(claude_hooks plan)" || die 1 "cannot read ${file}: fix or move it, then run again"
  if [ "${plan}" = "{}" ]; then
    printf 'argcheck hooks: already in %s, nothing to add\n' "${file}"
    return 0
  fi
  printf 'argcheck hooks: this JSON will be added to %s\n%s\n' "${file}" "${plan}"
  printf 'With it, the argcheck commands the skills teach run without a permission prompt, but only those\n'
  printf 'that write nothing or write only into the project'"'"'s .argcheck/ directory; ./install.sh --uninstall removes it.\n'
  if [ "${DRY_RUN}" = 1 ] || [ "${ASSUME_YES}" = 1 ]; then return 0; fi
  printf 'Add it? [y/N] '
  read -r answer || answer=""
  case "${answer}" in
    y | Y | yes | YES | Yes) ;;
    *) die 1 "no consent given: nothing installed (run without --hooks to install without them)" ;;
  esac
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

path_hint() {
  case ":${PATH}:" in
    *":${BIN_DIR}:"*) return 0 ;;
  esac
  # The $PATH in the hint is for the user's shell to expand, not this one.
  # shellcheck disable=SC2016
  printf '%s is not on PATH; add it with: export PATH="%s:$PATH" (e.g. in ~/.profile)\n' "${BIN_DIR}" "${BIN_DIR}"
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

install() {
  local version created skills mcp_note="" scope=user
  find_python
  check_writable "${BIN_DIR}" "${SHARE_DIR}" "${SKILLS_DIR}"
  [ -f "${SOURCE_DIR}/checker/pyproject.toml" ] ||
    die 1 "no checker/pyproject.toml next to install.sh: run it from an argcheck checkout"
  refuse_clobbering
  if [ "${WITH_HOOKS}" = 1 ]; then consent_to_hooks; fi
  created="$(missing_dirs "${BIN_DIR}" "${SHARE_DIR}" "${SKILLS_DIR}" | sed 's/^/created-dir /')"
  trap '[ -z "${BUILD_DIR}" ] || rm -rf "${BUILD_DIR}"' EXIT
  act mkdir -p "${BIN_DIR}" "${SHARE_DIR}" "${SKILLS_DIR}"
  add_to_record "${created}"$'\n'"skills-dir ${SKILLS_DIR}"
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
  if [ "${WITH_MCP}" = 1 ]; then
    if [ -n "${PROJECT}" ]; then scope=project; fi
    if run_mcp add "${scope}" "${PROJECT:-${HOME}}"; then
      add_to_record "mcp ${scope} ${PROJECT:-${HOME}}"
      mcp_note=", MCP server registered (${scope} scope)"
    else
      mcp_note=", MCP server not registered (claude not on PATH)"
    fi
  fi
  if [ "${ALLOW_SKILLS}" = 1 ]; then
    allow_skills
    mcp_note="${mcp_note}, skills allowed in $(settings_file)"
  fi
  if [ "${WITH_HOOKS}" = 1 ]; then
    install_hooks
    mcp_note="${mcp_note}, hooks in $(hooks_settings_file)"
  fi
  skills="$(skills_phrase "$(source_skills)" → "${SKILLS_DIR}")"
  if [ "${DRY_RUN}" = 1 ]; then
    printf 'argcheck %s dry run, nothing changed: would install %s, %s%s\n' \
      "${version}" "${BIN_DIR}/argcheck" "${skills}" "${mcp_note}"
  else
    printf 'argcheck %s installed: %s, %s%s\n' "${version}" "${BIN_DIR}/argcheck" "${skills}" "${mcp_note}"
  fi
  path_hint
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

uninstall() {
  local version dir skill link line record summary="" names skills_dirs="${SKILLS_DIR}" created="" found=0
  local created_files="" file
  check_writable "${BIN_DIR}" "${SHARE_DIR}" "${SKILLS_DIR}"
  version="$(installed_version)" || version=""
  record="$(record_path)"
  if [ -f "${record}" ]; then
    while IFS= read -r line; do
      case "${line}" in
        "created-dir "*) created="${created}${line#created-dir }"$'\n' ;;
        "skills-dir "*) skills_dirs="${skills_dirs}"$'\n'"${line#skills-dir }" ;;
        "mcp user "*) run_mcp remove user "${line#mcp user }" || true ;;
        "mcp project "*) run_mcp remove project "${line#mcp project }" || true ;;
        "allow "*) disallow "${line#allow }" ;;
        "hook "*) unhook "${line#hook }" ;;
        "created-file "*) created_files="${created_files}${line#created-file }"$'\n' ;;
      esac
    done <"${record}"
  fi
  # A settings file the install created goes too, once nothing but empty objects and lists is left in it.
  while IFS= read -r file; do
    if [ -z "${file}" ] || [ "${DRY_RUN}" = 1 ]; then continue; fi
    "${ARGCHECK_PYTHON:-python3}" "${SOURCE_DIR}/checker/tools/claude_hooks.py" drop-if-empty "${file}" || true
  done <<<"${created_files}"
  while IFS= read -r dir; do
    names=""
    for skill in "${dir}"/*/; do
      [ -f "${skill}${MARKER}" ] || continue
      act rm -rf "${skill%/}"
      names="${names}$(basename "${skill}")"$'\n'
    done
    if [ -n "${names}" ]; then
      found=1
      summary="${summary}, $(skills_phrase "${names}" from "${dir}")"
    fi
  done < <(printf '%s\n' "${skills_dirs}" | awk '!seen[$0]++')
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
  # The directories the install created go too, deepest first, and only while empty.
  while IFS= read -r dir; do
    if [ -z "${dir}" ] || [ ! -d "${dir}" ]; then continue; fi
    if [ "${DRY_RUN}" = 1 ]; then
      printf '[dry-run] rmdir %q (if empty)\n' "${dir}"
    else
      rmdir "${dir}" 2>/dev/null || true
    fi
  done < <(printf '%s' "${created}" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)
  if [ "${found}" = 0 ]; then
    printf 'argcheck is not installed in %s or %s: nothing to remove\n' "${PREFIX}" "${SKILLS_DIR}"
  elif [ "${DRY_RUN}" = 1 ]; then
    printf 'argcheck%s dry run, nothing changed: would uninstall from %s%s\n' \
      "${version:+ ${version}}" "${PREFIX}" "${summary:-, no skills}"
  else
    printf 'argcheck%s uninstalled from %s%s\n' "${version:+ ${version}}" "${PREFIX}" "${summary:-, no skills}"
  fi
}

main() {
  parse_args "$@"
  resolve_paths
  if [ "${MODE}" = uninstall ]; then uninstall; else install; fi
}

main "$@"
exit
}
