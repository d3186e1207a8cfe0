#!/usr/bin/env bats
# install.sh: installs into a temporary prefix and HOME. One real install (a venv and pip, the slow
# part) is made in setup_file and shared; the tests run in file order, and the last one uninstalls it.

bats_require_minimum_version 1.5.0

load install_helper

setup_file() {
  export BATS_NO_PARALLELIZE_WITHIN_FILE=true
  REPO_DIR="$(cd "${BATS_TEST_DIRNAME}/../.." && pwd)"
  VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' "${REPO_DIR}/checker/pyproject.toml" | head -n 1)"
  # pip keeps its cache under HOME, which the tests replace: keep using the real one.
  PIP_CACHE_DIR="${PIP_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/pip}"
  SHARED="${BATS_FILE_TMPDIR}"
  PREFIX="${SHARED}/prefix"
  TEST_HOME="${SHARED}/home"
  PROJECT_DIR="${SHARED}/project"
  STUBS="${SHARED}/stubs"
  export REPO_DIR VERSION PIP_CACHE_DIR SHARED PREFIX TEST_HOME PROJECT_DIR STUBS
  mkdir -p "${TEST_HOME}" "${PROJECT_DIR}" "${STUBS}"
  make_claude_stub "${STUBS}"
  local status=0
  HOME="${TEST_HOME}" "${REPO_DIR}/install.sh" --prefix "${PREFIX}" \
    >"${SHARED}/install.out" 2>"${SHARED}/install.err" </dev/null || status=$?
  printf '%s\n' "${status}" >"${SHARED}/install.status"
}

setup() {
  export HOME="${TEST_HOME}"
  unset ARGCHECK_PREFIX ARGCHECK_PYTHON ARGCHECK_DEBUG
  INSTALL="${REPO_DIR}/install.sh"
}

@test "install succeeds and ends with one result line, how to put the prefix on PATH, and the next command" {
  assert_first_install_ok
  local skills_dir="${TEST_HOME}/.claude/skills"
  mapfile -t out <"${SHARED}/install.out"
  [ "${#out[@]}" -eq 3 ]
  [[ "${out[0]}" == "argcheck ${VERSION} installed: ${PREFIX}/bin/argcheck, "*" skill"*" → ${skills_dir} ("*")" ]]
  [[ "${out[1]}" == "${PREFIX}/bin is not on PATH; add it with: export PATH=\"${PREFIX}/bin:"* ]]
  [ "${out[2]}" = "Next: ${PREFIX}/bin/argcheck demo" ]
}

@test "install says on stderr one line per stage, with sizes, and keeps pip's output in install.log" {
  assert_first_install_ok
  local share="${PREFIX}/share/argcheck" count
  mapfile -t err <"${SHARED}/install.err"
  [ "${#err[@]}" -eq 4 ]
  [[ "${err[0]}" == "install.sh: venv:     created ${share}/venv (Python "*")" ]]
  [[ "${err[1]}" == "install.sh: checker:  building and installing it with pip "*"${share}/install.log) ... done, the venv is "[0-9]*" MB" ]]
  [[ "${err[2]}" == "install.sh: links:    ${PREFIX}/bin/argcheck, ${PREFIX}/bin/argcheck-consult "* ]]
  count="$(source_skills | grep -c .)"
  [[ "${err[3]}" == "install.sh: skills:   ${count} skills copied to ${TEST_HOME}/.claude/skills ("*"), "[0-9]*" KB" ]]
  grep -q '^\$ pip install --force-reinstall --no-deps ' "${share}/install.log"
  grep -q 'Successfully installed argcheck' "${share}/install.log"
}

@test "a failed pip step says where pip's output is, with its last lines" {
  local copy="${BATS_TEST_TMPDIR}/checkout" prefix="${BATS_TEST_TMPDIR}/broken-prefix"
  mkdir -p "${copy}"
  cp -R "${REPO_DIR}/install.sh" "${REPO_DIR}/installer" "${REPO_DIR}/checker" "${REPO_DIR}/skills" "${copy}/"
  rm -rf "${copy}/checker/build" "${copy}/checker/dist"
  printf '[project\nname = "argcheck"\n' >"${copy}/checker/pyproject.toml"  # not TOML: the build fails at once

  run -1 --separate-stderr "${copy}/install.sh" --prefix "${prefix}"

  [[ "${stderr}" == *"could not build the checker from ${copy}/checker; pip's whole output is in ${prefix}/share/argcheck/install.log"* ]]
  [[ "${stderr}" == *"  pip: "* ]]
  [ -s "${prefix}/share/argcheck/install.log" ]
}

@test "install lays out the venv, the wrappers and the symlinks" {
  assert_first_install_ok
  local share="${PREFIX}/share/argcheck"
  [ -x "${share}/venv/bin/python" ]
  [ -x "${share}/venv/bin/argcheck" ]
  [ -L "${PREFIX}/bin/argcheck" ]
  [ "$(readlink "${PREFIX}/bin/argcheck")" = "${share}/venv/bin/argcheck" ]
  if [ -d "${REPO_DIR}/wrappers" ]; then
    diff -r "${REPO_DIR}/wrappers" "${share}/wrappers"
    assert_same_modes "${REPO_DIR}/wrappers" "${share}/wrappers"
  fi
  if [ -f "${REPO_DIR}/wrappers/consult" ]; then
    [ -L "${PREFIX}/bin/argcheck-consult" ]
    [ "$(readlink "${PREFIX}/bin/argcheck-consult")" = "${share}/wrappers/consult" ]
    [ -x "${PREFIX}/bin/argcheck-consult" ]
  fi
}

@test "the installed commands run: argcheck --version and argcheck-consult --list" {
  assert_first_install_ok
  run -0 "${PREFIX}/bin/argcheck" --version
  [[ "${output}" == *"${VERSION}"* ]]
  if [ -f "${REPO_DIR}/wrappers/consult" ]; then
    run -0 "${PREFIX}/bin/argcheck-consult" --list
    [[ "${output}" == *codex* ]]
  fi
}

@test "install copies every skill that has a SKILL.md and marks each copy as argcheck's" {
  assert_first_install_ok
  local name count=0
  while IFS= read -r name; do
    count=$((count + 1))
    diff -r -x .argcheck-installed "${REPO_DIR}/skills/${name}" "${TEST_HOME}/.claude/skills/${name}"
    assert_same_modes "${REPO_DIR}/skills/${name}" "${TEST_HOME}/.claude/skills/${name}"
    [ -f "${TEST_HOME}/.claude/skills/${name}/.argcheck-installed" ]
  done < <(source_skills)
  [ "${count}" -ge 1 ]
  [ "$(find "${TEST_HOME}/.claude/skills" -mindepth 1 -maxdepth 1 | wc -l)" -eq "${count}" ]
}

@test "reinstalling gives the same result and files, no duplicates, and replaces the installed code" {
  assert_first_install_ok
  local installed_cli before after
  installed_cli="$(installed_module_file cli/__init__.py)"
  printf '\n# stale code from an older install\n' >>"${installed_cli}"
  before="$(tree_listing "${PREFIX}" "${TEST_HOME}")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}"

  [ "${output}" = "$(cat "${SHARED}/install.out")" ]
  after="$(tree_listing "${PREFIX}" "${TEST_HOME}")"
  [ "${before}" = "${after}" ]
  run -1 grep -q 'stale code' "${installed_cli}"
  [ "$(find "${PREFIX}/share/argcheck/venv" -name 'argcheck-*.dist-info' | wc -l)" -eq 1 ]
  [ "$(grep -c . "${PREFIX}/share/argcheck/install-record")" -eq "$(sort -u "${PREFIX}/share/argcheck/install-record" | grep -c .)" ]
  run -0 "${PREFIX}/bin/argcheck" --version
}

@test "--dry-run on a fresh machine prints every action and creates nothing" {
  local prefix="${BATS_TEST_TMPDIR}/fresh-prefix" home="${BATS_TEST_TMPDIR}/fresh-home"
  mkdir -p "${home}"

  HOME="${home}" run -0 --separate-stderr "${INSTALL}" --prefix "${prefix}" --dry-run

  [ ! -e "${prefix}" ]
  [ -z "$(ls -A "${home}")" ]
  [[ "${output}" == *"-m venv ${prefix}/share/argcheck/venv"* ]]
  [[ "${output}" == *"ln -sfn ${prefix}/share/argcheck/venv/bin/argcheck ${prefix}/bin/argcheck"* ]]
  [[ "${output}" == *"cp -R ${REPO_DIR}/skills/"* ]]
  [[ "${output}" == *"argcheck ${VERSION} dry run, nothing changed: would install ${prefix}/bin/argcheck, "* ]]
}

@test "--dry-run of an install or an uninstall over an existing install changes nothing" {
  assert_first_install_ok
  local before
  before="$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --dry-run
  [[ "${output}" == *"[dry-run] "*"pip"*" install "* ]]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall --dry-run
  [[ "${output}" == *"[dry-run] rm -rf ${PREFIX}/share/argcheck"* ]]
  [[ "${lines[-1]}" == "argcheck ${VERSION} dry run, nothing changed: would uninstall from ${PREFIX}, "* ]]

  [ "${before}" = "$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}")" ]
}

@test "--demo with --dry-run says it would play the demo with the installed argcheck, by its full path" {
  assert_first_install_ok
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --demo --dry-run
  [[ "${output}" == *"[dry-run] ${PREFIX}/bin/argcheck demo"* ]]
}

@test "ARGCHECK_PREFIX sets the default prefix" {
  local prefix="${BATS_TEST_TMPDIR}/env-prefix"

  ARGCHECK_PREFIX="${prefix}" run -0 --separate-stderr "${INSTALL}" --dry-run

  [[ "${output}" == *"would install ${prefix}/bin/argcheck, "* ]]
  [ ! -e "${prefix}" ]
}

@test "--project DIR puts the skills in DIR/.claude/skills and leaves HOME's copies alone" {
  assert_first_install_ok
  local home_before name
  home_before="$(tree_listing_with_times "${TEST_HOME}")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --project "${PROJECT_DIR}"

  [[ "${lines[0]}" == "argcheck ${VERSION} installed: ${PREFIX}/bin/argcheck, "*" → ${PROJECT_DIR}/.claude/skills ("* ]]
  while IFS= read -r name; do
    diff -r -x .argcheck-installed "${REPO_DIR}/skills/${name}" "${PROJECT_DIR}/.claude/skills/${name}"
    [ -f "${PROJECT_DIR}/.claude/skills/${name}/.argcheck-installed" ]
  done < <(source_skills)
  [ "${home_before}" = "$(tree_listing_with_times "${TEST_HOME}")" ]
}

@test "--mcp registers the MCP server with claude mcp add when claude is on PATH" {
  assert_first_install_ok

  PATH="${STUBS}:${PATH}" run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --mcp

  [[ "${lines[0]}" == *", MCP server registered (user scope)" ]]
  grep -qxF "${TEST_HOME}: mcp add --scope user argcheck -- ${PREFIX}/bin/argcheck mcp" "${STUBS}/claude.log"
}

@test "--mcp without claude on PATH prints the exact command to run" {
  if command -v claude >/dev/null 2>&1; then
    skip "a claude command is on PATH here, so its absence cannot be shown"
  fi

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --mcp --dry-run

  [[ "${stderr}" == *"claude is not on PATH"*"run in ${TEST_HOME}: claude mcp add --scope user argcheck -- ${PREFIX}/bin/argcheck mcp"* ]]
  [[ "${lines[-3]}" == *", MCP server not registered (claude not on PATH)" ]]
}

@test "--allow-skills adds a Skill rule per skill to the settings, keeps the rest, and uninstall takes only its own" {
  assert_first_install_ok
  local settings="${TEST_HOME}/.claude/settings.json"
  printf '%s\n' '{"model": "opus", "permissions": {"allow": ["Bash(ls:*)", "Skill(deliberate)"]}}' >"${settings}"
  run "${INSTALL}" --prefix "${PREFIX}" --allow-skills
  [ "${status}" -eq 0 ]
  [[ "${output}" == *"skills allowed in ${settings}"* ]]
  run python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["model"]); print(" ".join(d["permissions"]["allow"]))' "${settings}"
  [ "${lines[0]}" = opus ]
  [[ "${lines[1]}" == "Bash(ls:*) Skill(deliberate) "* ]]
  for skill in "${REPO_DIR}"/skills/*/SKILL.md; do
    name="$(basename "$(dirname "${skill}")")"
    [[ " ${lines[1]} " == *" Skill(${name}) "* ]]
  done
  grep -q "^allow ${settings} Skill(toulmin)$" "${PREFIX}/share/argcheck/install-record"
  ! grep -q "Skill(deliberate)" "${PREFIX}/share/argcheck/install-record"
}

@test "--hooks with no terminal and no --yes refuses before changing anything" {
  assert_first_install_ok
  local before
  before="$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}")"
  run -2 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --hooks </dev/null
  [[ "${stderr}" == *"--hooks asks for your consent on a terminal"*"pass --yes"* ]]
  [ "$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}")" = "${before}" ]
  run -2 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --yes
  [[ "${stderr}" == *"--yes only goes with --hooks"* ]]
}

@test "--hooks --dry-run prints exactly the settings JSON it would add and changes nothing" {
  assert_first_install_ok
  local project="${SHARED}/hooked-project" before
  mkdir -p "${project}"
  before="$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}" "${project}")"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --project "${project}" --hooks --dry-run </dev/null
  [[ "${output}" == *"argcheck hooks: this JSON will be added to ${project}/.claude/settings.local.json"* ]]
  printf '%s\n' "${output}" | sed -n '/^{$/,/^}$/p' >"${BATS_TEST_TMPDIR}/plan.json"
  run -0 python3 - "${BATS_TEST_TMPDIR}/plan.json" "${PREFIX}/share/argcheck/argcheck-hook" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
assert sorted(plan["hooks"]) == ["PostToolUse", "PostToolUseFailure", "PreToolUse", "SessionStart", "Stop",
                              "UserPromptSubmit"], plan
for event, groups in plan["hooks"].items():
    assert groups[0]["hooks"][0]["command"] == f"{sys.argv[2]} {event}", groups
print(" ".join(plan["permissions"]["allow"]))
PY
  [[ "${output}" == *"Skill(triz)"* ]]
  [ "$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}" "${project}")" = "${before}" ]
}

@test "--hooks runs the installed argcheck by its absolute path, never an argcheck first on PATH" {
  assert_first_install_ok
  local project="${SHARED}/path-project" impostor="${BATS_TEST_TMPDIR}/agent-bin"
  mkdir -p "${project}" "${impostor}"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --project "${project}" --hooks --yes </dev/null
  run -0 python3 - "${project}/.claude/settings.local.json" <<'PY'
import json, os, sys
for event, groups in json.load(open(sys.argv[1]))["hooks"].items():
    program = groups[0]["hooks"][0]["command"].split()[0]
    assert os.path.isabs(program) and program.endswith("/share/argcheck/argcheck-hook"), (event, program)
PY
  [ "$(head -1 "${PREFIX}/share/argcheck/argcheck-hook")" = "#!/bin/sh" ]
  grep -qxF "PYTHON='${PREFIX}/share/argcheck/venv/bin/python'" "${PREFIX}/share/argcheck/argcheck-hook"
  printf '#!/bin/sh\necho impostor\n' >"${impostor}/argcheck"
  cp "${impostor}/argcheck" "${impostor}/python"
  chmod 755 "${impostor}/argcheck" "${impostor}/python"
  run -0 env PATH="${impostor}:/usr/bin:/bin" XDG_CONFIG_HOME="${BATS_TEST_TMPDIR}/config" \
    "${PREFIX}/share/argcheck/argcheck-hook" PreToolUse \
    <<<'{"cwd": "/tmp", "tool_name": "Bash", "tool_input": {"command": "argcheck hook UserPromptSubmit"}}'
  [[ "${output}" == *'"permissionDecision": "deny"'* ]]
  [[ "${output}" != *impostor* ]]
}

@test "--hooks starts its consent with five plain lines: what the hooks approve, hold, deny, see and record, and where" {
  assert_first_install_ok
  run -0 --separate-stderr env -u XDG_CONFIG_HOME "${INSTALL}" --prefix "${PREFIX}" --hooks --dry-run </dev/null
  local summary
  summary="$(printf '%s\n' "${output}" | sed -n '/^argcheck hooks, in short: /,+4p')"
  [ "$(printf '%s\n' "${output}" | grep -n 'argcheck hooks, in short: ' | cut -d: -f1)" -lt \
    "$(printf '%s\n' "${output}" | grep -n 'this JSON will be added' | cut -d: -f1)" ]
  [ "$(printf '%s\n' "${summary}" | wc -l)" = 5 ]
  local said
  for said in ".argcheck/" "Stop" "deny edits" "Read, Grep, Glob, Edit, Write and Bash" "your prompts" \
      "Bash command with its output" "64 KB" ".argcheck/witness.jsonl" "0600" "git-ignored" \
      "${TEST_HOME}/.config/argcheck" "argcheck witness --purge"; do
    [[ "${summary}" == *"${said}"* ]] || { echo "the summary does not say: ${said}"; false; }
  done
}

@test "--hooks on a terminal asks y/N, and N changes nothing" {
  assert_first_install_ok
  local before
  before="$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}")"
  run bash -c 'printf "n\n" | script -qec "$1" /dev/null' _ "${INSTALL} --prefix ${PREFIX} --hooks"
  [[ "${output}" == *"argcheck hooks, in short: "*"They go into ${TEST_HOME}/.claude/settings.json (the exact JSON: add --dry-run)"*"Add it? [y/N]"* ]]
  [[ "${output}" != *'"hooks": {'* ]]  # the JSON itself only with --dry-run
  [[ "${output}" == *"no consent given: nothing installed"* ]]
  [ "$(tree_listing_with_times "${PREFIX}" "${TEST_HOME}")" = "${before}" ]
}

@test "--hooks --yes adds the hooks and Skill rules once, keeping the user's own hooks and settings" {
  assert_first_install_ok
  local project="${SHARED}/hooked-project" settings
  settings="${project}/.claude/settings.local.json"
  mkdir -p "${project}/.claude"
  printf '%s\n' '{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "my-stop"}]}]}}' >"${settings}"
  cp "${settings}" "${SHARED}/users-own-settings.json"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --project "${project}" --hooks --yes </dev/null
  [[ "${lines[-3]}" == *", hooks in ${settings}" ]]
  run -0 python3 - "${settings}" "${PREFIX}/share/argcheck/argcheck-hook" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["model"] == "opus"
assert d["hooks"]["Stop"][0]["hooks"][0]["command"] == "my-stop"
assert d["hooks"]["Stop"][1]["hooks"][0]["command"] == f"{sys.argv[2]} Stop"
assert all(len(groups) == 1 for event, groups in d["hooks"].items() if event != "Stop")
print(" ".join(d["permissions"]["allow"]))
PY
  [[ "${output}" == *"Skill(deliberate)"*"Skill(triz)"* ]]
  cp "${settings}" "${BATS_TEST_TMPDIR}/once.json"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --project "${project}" --hooks --yes </dev/null
  [[ "${output}" == *"argcheck hooks: already in ${settings}, nothing to add"* ]]
  cmp "${settings}" "${BATS_TEST_TMPDIR}/once.json"
  grep -q "^hook ${settings}"$'\t'"PreToolUse"$'\t' "${PREFIX}/share/argcheck/install-record"
  run -0 "${PREFIX}/share/argcheck/argcheck-hook" PreToolUse <<<"{\"cwd\": \"${project}\", \"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"argcheck next\"}}"
  [[ "${output}" == *'"permissionDecision": "allow"'* ]]
}

@test "refuses to overwrite the user's own skill of the same name and installs nothing" {
  local home="${BATS_TEST_TMPDIR}/user-home" prefix="${BATS_TEST_TMPDIR}/clobber-prefix" name
  name="$(source_skills | head -n 1)"
  mkdir -p "${home}/.claude/skills/${name}"
  printf 'my own skill\n' >"${home}/.claude/skills/${name}/SKILL.md"

  HOME="${home}" run -5 --separate-stderr "${INSTALL}" --prefix "${prefix}"

  [[ "${stderr}" == *"${home}/.claude/skills/${name} exists and was not installed by argcheck"* ]]
  [ "$(cat "${home}/.claude/skills/${name}/SKILL.md")" = "my own skill" ]
  [ ! -e "${prefix}" ]
}

@test "fails with exit 3 and names the version when python3 is older than 3.10" {
  local prefix="${BATS_TEST_TMPDIR}/old-python-prefix" bin="${BATS_TEST_TMPDIR}/old-python"
  make_fake_python "${bin}" "Python 3.8.18"

  PATH="${bin}:${PATH}" run -3 --separate-stderr "${INSTALL}" --prefix "${prefix}"

  [[ "${stderr}" == *"${bin}/python3 is Python 3.8.18; argcheck needs Python >= 3.10"* ]]
  [ ! -e "${prefix}" ]
}

@test "fails with exit 3 when there is no python3" {
  local prefix="${BATS_TEST_TMPDIR}/no-python-prefix"

  ARGCHECK_PYTHON=no-such-python3 run -3 --separate-stderr "${INSTALL}" --prefix "${prefix}"

  [[ "${stderr}" == *"no-such-python3 not found on PATH; argcheck needs Python >= 3.10"* ]]
  [ ! -e "${prefix}" ]
}

@test "fails with exit 4 when the prefix is not writable" {
  if [ "$(id -u)" = 0 ]; then
    skip "running as root, which may write to any directory, so no prefix is unwritable"
  fi
  local locked="${BATS_TEST_TMPDIR}/locked"
  mkdir -p "${locked}"
  chmod 555 "${locked}"

  run -4 --separate-stderr "${INSTALL}" --prefix "${locked}/prefix"

  chmod 755 "${locked}"
  [[ "${stderr}" == *"no write access to ${locked}"* ]]
  [ ! -e "${locked}/prefix" ]
}

@test "--help prints the usage header and an unknown option exits 2" {
  run -0 "${INSTALL}" --help
  [[ "${lines[0]}" == "Summary: "* ]]
  [[ "${output}" == *"Usage: ./install.sh [--agent NAME]... [--demo] [--prefix DIR] [--project DIR] [--uninstall] [--dry-run] [--mcp]"* ]]
  [[ "${output}" == *"[--allow-skills] [--hooks [--yes]] [--help]"* ]]
  [[ "${output}" == *"--agent NAME"*"codex   ~/.agents/skills / DIR/.agents/skills"* ]]

  run -2 --separate-stderr "${INSTALL}" --frobnicate
  [[ "${stderr}" == *"unknown argument: --frobnicate"* ]]
  run -2 --separate-stderr "${INSTALL}" --agent cursor
  [[ "${stderr}" == *"--agent cursor: unknown agent; use claude, codex, gemini or all"* ]]
  run -2 --separate-stderr "${INSTALL}" --agent codex --allow-skills
  [[ "${stderr}" == *"--allow-skills adds Claude Code permission rules: it goes with --agent claude"* ]]
}

@test "uninstall removes everything it made and leaves the user's own files alone" {
  assert_first_install_ok
  mkdir -p "${TEST_HOME}/.claude/skills/my-own-skill"
  printf 'mine\n' >"${TEST_HOME}/.claude/skills/my-own-skill/SKILL.md"
  printf '#!/bin/sh\n' >"${PREFIX}/bin/my-tool"

  : >"${STUBS}/claude.log"
  PATH="${STUBS}:${PATH}" run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall

  [[ "${output}" == "argcheck ${VERSION} uninstalled from ${PREFIX}, "*" from ${TEST_HOME}/.claude/skills ("*"), "*" from ${PROJECT_DIR}/.claude/skills ("* ]]
  # what the hooks leave in projects and the user's folders, and how to remove it
  [[ "${output}" == *"left in place: the witness log of each project"*".argcheck/witness.jsonl"*"rm .argcheck/witness.jsonl"*"your state files in .argcheck/"* ]]
  # the key's folder and the Stop counters are named only where they exist
  local dir
  for dir in "${XDG_CONFIG_HOME:-${TEST_HOME}/.config}/argcheck" "${XDG_STATE_HOME:-${TEST_HOME}/.local/state}/argcheck"; do
    if [ -e "${dir}" ]; then [[ "${output}" == *"rm -r"*" ${dir}"* ]]; else [[ "${output}" != *" ${dir}"* ]]; fi
  done
  [ ! -e "${PREFIX}/share" ]
  [ ! -e "${PREFIX}/bin/argcheck" ]
  [ ! -e "${PREFIX}/bin/argcheck-consult" ]
  [ -f "${PREFIX}/bin/my-tool" ]
  [ "$(ls -A "${TEST_HOME}/.claude/skills")" = my-own-skill ]
  [ ! -e "${PROJECT_DIR}/.claude" ]
  grep -qxF "${TEST_HOME}: mcp remove --scope user argcheck" "${STUBS}/claude.log"
  run -0 python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["model"], d["permissions"]["allow"])' \
    "${TEST_HOME}/.claude/settings.json"
  [ "${output}" = "opus ['Bash(ls:*)', 'Skill(deliberate)']" ]
  # --hooks took out exactly what it added: the user's own settings file is as it was before.
  run -0 python3 -c 'import json,sys; a,b=(json.load(open(p)) for p in sys.argv[1:]); sys.exit(a!=b)' \
    "${SHARED}/hooked-project/.claude/settings.local.json" "${SHARED}/users-own-settings.json"

  rm "${PREFIX}/bin/my-tool"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall
  [[ "${output}" == "argcheck is not installed in ${PREFIX} or "*": nothing to remove" ]]
}
