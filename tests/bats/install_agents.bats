#!/usr/bin/env bats
# install.sh --agent codex|gemini|all: where each agent's skills go, Codex's MCP block, Gemini CLI's MCP entry
# and policy (with consent), the skills the open `skills` CLI left, and --uninstall --agent removing exactly
# what was added. One real install (claude, into a shared prefix) is made in setup_file; the tests run in
# file order, each in its own HOME unless it says otherwise.

bats_require_minimum_version 1.5.0

load install_helper

setup_file() {
  export BATS_NO_PARALLELIZE_WITHIN_FILE=true
  REPO_DIR="$(cd "${BATS_TEST_DIRNAME}/../.." && pwd)"
  PIP_CACHE_DIR="${PIP_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/pip}"
  SHARED="${BATS_FILE_TMPDIR}"
  PREFIX="${SHARED}/prefix"
  export REPO_DIR PIP_CACHE_DIR SHARED PREFIX
  mkdir -p "${SHARED}/home"
  local status=0
  HOME="${SHARED}/home" "${REPO_DIR}/install.sh" --prefix "${PREFIX}" \
    >"${SHARED}/install.out" 2>"${SHARED}/install.err" </dev/null || status=$?
  printf '%s\n' "${status}" >"${SHARED}/install.status"
}

setup() {
  unset ARGCHECK_PREFIX ARGCHECK_PYTHON ARGCHECK_DEBUG CODEX_HOME GEMINI_CLI_HOME
  INSTALL="${REPO_DIR}/install.sh"
  export HOME="${BATS_TEST_TMPDIR}/home"
  # pip asks `rustc --version`, and rustup's rustc then writes ~/.rustup: keep that out of the HOME compared.
  export RUSTUP_HOME="${BATS_TEST_TMPDIR}/rustup"
  PROJECT_DIR="${BATS_TEST_TMPDIR}/project"
  mkdir -p "${HOME}" "${PROJECT_DIR}"
}

# Type, mode, path and link target of everything under the trees, with each file's checksum.
tree_with_contents() {
  local line path
  find "$@" -not -path '*/__pycache__*' -printf '%y %m %p -> %l\n' | sort | while IFS= read -r line; do
    case "${line}" in
      "f "*)
        path="${line#f * }"
        printf '%s %s\n' "${line}" "$(md5sum <"${path% -> }" | cut -d' ' -f1)" ;;
      *) printf '%s\n' "${line}" ;;
    esac
  done
}

# Fails unless DIR holds every skill of the repo, each with the marker and the repo's files.
assert_marked_skills_in() {
  local dir="$1" name
  while IFS= read -r name; do
    [ -f "${dir}/${name}/.argcheck-installed" ] || { echo "no marker in ${dir}/${name}" >&2; return 1; }
    diff -r -x .argcheck-installed "${REPO_DIR}/skills/${name}" "${dir}/${name}"
  done < <(source_skills)
}

@test "--agent codex --project DIR puts the skills in DIR/.agents/skills and says how to run Codex" {
  assert_first_install_ok

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --project "${PROJECT_DIR}"

  [[ "${lines[0]}" == "argcheck "*" installed: ${PREFIX}/bin/argcheck, "*" skills → ${PROJECT_DIR}/.agents/skills ("* ]]
  assert_marked_skills_in "${PROJECT_DIR}/.agents/skills"
  [[ "${output}" == *"codex exec --sandbox workspace-write -c sandbox_workspace_write.network_access=true"* ]]
  [ ! -e "${PROJECT_DIR}/.claude" ]
  [ ! -e "${HOME}/.codex" ]
}

@test "--agent all puts the skills where Claude Code, Codex CLI and Gemini CLI read them, user-wide" {
  assert_first_install_ok

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent all

  assert_marked_skills_in "${HOME}/.claude/skills"
  assert_marked_skills_in "${HOME}/.agents/skills"
  assert_marked_skills_in "${HOME}/.gemini/skills"
  [[ "${lines[0]}" == *"→ ${HOME}/.claude/skills ("*"→ ${HOME}/.agents/skills ("*"→ ${HOME}/.gemini/skills ("* ]]
  [[ "${output}" == *"Gemini CLI: skills in ${HOME}/.gemini/skills. Without a policy it may not run argcheck commands: ./install.sh --agent gemini --hooks"* ]]
}

@test "--agent codex --mcp adds one marked block to CODEX_HOME/config.toml and keeps the user's config" {
  assert_first_install_ok
  export CODEX_HOME="${BATS_TEST_TMPDIR}/codex-home"
  mkdir -p "${CODEX_HOME}"
  printf 'model = "o4"\n\n[mcp_servers.other]\ncommand = "other"' >"${CODEX_HOME}/config.toml"
  cp "${CODEX_HOME}/config.toml" "${BATS_TEST_TMPDIR}/users-own.toml"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --mcp
  [[ "${lines[0]}" == *", MCP server in ${CODEX_HOME}/config.toml" ]]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --mcp

  [ "$(grep -c '^\[mcp_servers.argcheck\]$' "${CODEX_HOME}/config.toml")" = 1 ]
  run -0 python3 -c 'import sys, tomllib; d = tomllib.load(open(sys.argv[1], "rb")); print(d["model"], d["mcp_servers"]["other"]["command"], d["mcp_servers"]["argcheck"]["command"], d["mcp_servers"]["argcheck"]["args"])' "${CODEX_HOME}/config.toml"
  [ "${output}" = "o4 other ${PREFIX}/bin/argcheck ['mcp']" ]

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --uninstall
  [[ "${output}" == *"the MCP entry in ${CODEX_HOME}/config.toml"* ]]
  cmp "${CODEX_HOME}/config.toml" "${BATS_TEST_TMPDIR}/users-own.toml"
  [ ! -e "${HOME}/.agents" ]
  [ -x "${PREFIX}/bin/argcheck" ]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --uninstall
  [ "${output}" = "argcheck has nothing installed for codex (in ${HOME}/.agents/skills or its install record): nothing to remove" ]
}

@test "--agent codex --mcp refuses a Codex MCP entry named argcheck that argcheck did not add, before installing" {
  assert_first_install_ok
  mkdir -p "${HOME}/.codex"
  printf '[mcp_servers.argcheck]\ncommand = "mine"\n' >"${HOME}/.codex/config.toml"
  local before
  before="$(tree_with_contents "${HOME}")"

  run -5 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --mcp

  [[ "${stderr}" == *"${HOME}/.codex/config.toml already has an [mcp_servers.argcheck] entry that argcheck did not add"* ]]
  [ "$(tree_with_contents "${HOME}")" = "${before}" ]
}

@test "--agent gemini --hooks without a terminal and without --yes refuses before changing anything" {
  assert_first_install_ok
  local before
  before="$(tree_with_contents "${HOME}" "${PROJECT_DIR}")"

  run -2 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --project "${PROJECT_DIR}" --hooks </dev/null

  [[ "${stderr}" == *"--hooks asks for your consent on a terminal"*"pass --yes"* ]]
  [ "$(tree_with_contents "${HOME}" "${PROJECT_DIR}")" = "${before}" ]
}

@test "--agent gemini --hooks on a terminal prints the hooks' and the policy's five-line summaries, asks y/N once, and N changes nothing" {
  assert_first_install_ok
  local before
  before="$(tree_with_contents "${HOME}" "${PROJECT_DIR}")"

  run bash -c 'printf "n\n" | HOME="$2" script -qec "$1" /dev/null' _ \
    "${INSTALL} --prefix ${PREFIX} --agent gemini --project ${PROJECT_DIR} --hooks" "${HOME}"

  [[ "${output}" == *"argcheck hooks for Gemini CLI, in short: "*"They go into ${PROJECT_DIR}/.gemini/settings.json (the exact config: add --dry-run)"*"Gemini CLI runs a project's hooks only in a folder you trust."*"Gemini CLI policy, in short: "*"It goes to ${HOME}/.gemini/policies/argcheck.toml (the exact policy: add --dry-run)"*"Add them? [y/N]"* ]]
  [[ "${output}" != *"[[rule]]"* ]]  # the policy itself only with --dry-run
  [[ "${output}" != *'"BeforeTool"'* ]]  # the hooks too
  [[ "${output}" == *"no consent given: nothing installed"* ]]
  [ "$(tree_with_contents "${HOME}" "${PROJECT_DIR}")" = "${before}" ]
}

@test "--agent gemini --project DIR --hooks --yes writes exactly the policy it prints, allowing only argcheck's commands and skills, asking before writes outside .argcheck/" {
  assert_first_install_ok

  local policy="${HOME}/.gemini/policies/argcheck.toml"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --project "${PROJECT_DIR}" --hooks --dry-run </dev/null
  [[ "$(printf '%s\n' "${output}" | sed -n '/^Gemini CLI policy, in short: /,+4p' | sed -n 5p)" == "It goes to ${policy} "* ]]
  printf '%s\n' "${output}" | sed -n '/^# Installed by argcheck/,/^Gemini CLI policy: end of /p' | sed '$d' >"${BATS_TEST_TMPDIR}/printed.toml"
  [ ! -e "${policy}" ]

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --project "${PROJECT_DIR}" --hooks --yes </dev/null

  assert_marked_skills_in "${PROJECT_DIR}/.gemini/skills"
  [[ "${output}" == *", Gemini CLI policy in ${policy}"* ]]
  cmp "${BATS_TEST_TMPDIR}/printed.toml" "${policy}"
  run -0 python3 - "${policy}" "$(source_skills | paste -sd '|' -)" <<'PY'
import re, sys, tomllib
rules = tomllib.load(open(sys.argv[1], "rb"))["rule"]
allows = [r for r in rules if r["decision"] == "allow"]
asks = [r for r in rules if r["decision"] != "allow"]
shell = [r for r in allows if r["toolName"] == "run_shell_command"]
skill = [r for r in allows if r["toolName"] == "activate_skill"]
assert len(allows) == 2 and all(0 <= r["priority"] <= 999 for r in rules), rules
# what could write outside .argcheck/ asks first: a higher priority than the allow rules
assert len(asks) >= 5 and all(r["toolName"] == "run_shell_command" and r["decision"] == "ask_user"
                              and r["priority"] > shell[0]["priority"] and r["commandRegex"] for r in asks), asks
assert any(re.search('"command":"' + r["commandRegex"], '{"command":"argcheck render .argcheck/a.json -o /tmp/x.md"}')
           for r in asks)
assert shell[0]["commandPrefix"] == ["argcheck", "argcheck-consult"], shell
pattern = re.compile(skill[0]["argsPattern"])
for name in sys.argv[2].split("|"):  # Gemini CLI matches the pattern against its stable JSON of the arguments
    assert pattern.search('{\0"name":"%s"\0}' % name), name
assert not pattern.search('{\0"name":"%sx"\0}' % name)
PY
}

@test "--agent gemini --mcp sets mcpServers.argcheck in ~/.gemini/settings.json and keeps the user's settings" {
  assert_first_install_ok
  mkdir -p "${HOME}/.gemini"
  printf '{"theme": "dark", "mcpServers": {"other": {"command": "x"}}}\n' >"${HOME}/.gemini/settings.json"
  cp "${HOME}/.gemini/settings.json" "${BATS_TEST_TMPDIR}/users-own.json"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --mcp

  run -0 python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["theme"], sorted(d["mcpServers"]), d["mcpServers"]["argcheck"])' "${HOME}/.gemini/settings.json"
  [ "${output}" = "dark ['argcheck', 'other'] {'command': '${PREFIX}/bin/argcheck', 'args': ['mcp']}" ]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --uninstall
  run -0 python3 -c 'import json, sys; a, b = (json.load(open(p)) for p in sys.argv[1:]); sys.exit(a != b)' \
    "${HOME}/.gemini/settings.json" "${BATS_TEST_TMPDIR}/users-own.json"
}

@test "a Gemini CLI policy file argcheck did not write is refused (exit 5) and kept" {
  assert_first_install_ok
  mkdir -p "${HOME}/.gemini/policies"
  printf '[[rule]]\ntoolName = "x"\n' >"${HOME}/.gemini/policies/argcheck.toml"

  run -5 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --hooks --yes </dev/null

  [[ "${stderr}" == *"${HOME}/.gemini/policies/argcheck.toml exists and was not written by argcheck"* ]]
  [ "$(head -n 1 "${HOME}/.gemini/policies/argcheck.toml")" = "[[rule]]" ]
}

@test "--uninstall --agent codex --agent gemini removes exactly what they added: the tree is as before" {
  assert_first_install_ok
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent claude --project "${PROJECT_DIR}"
  mkdir -p "${HOME}/.codex" "${HOME}/.gemini"
  printf 'model = "o4"\n' >"${HOME}/.codex/config.toml"
  printf '{"theme": "dark"}\n' >"${HOME}/.gemini/settings.json"
  local before
  before="$(tree_with_contents "${HOME}" "${PROJECT_DIR}")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --agent gemini --project "${PROJECT_DIR}" \
    --mcp --hooks --yes </dev/null
  assert_marked_skills_in "${PROJECT_DIR}/.agents/skills"
  [ -f "${HOME}/.gemini/policies/argcheck.toml" ]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall --agent codex --agent gemini --project "${PROJECT_DIR}"

  [[ "${output}" == "argcheck "*" uninstalled for codex, gemini (the argcheck CLI stays in ${PREFIX}), "* ]]
  # The settings file was rewritten as JSON: the same object, and the same bytes for this one-line file's content.
  python3 -c 'import json, sys; assert json.load(open(sys.argv[1])) == {"theme": "dark"}' "${HOME}/.gemini/settings.json"
  printf '{"theme": "dark"}\n' >"${HOME}/.gemini/settings.json"
  [ "$(tree_with_contents "${HOME}" "${PROJECT_DIR}")" = "${before}" ]
  assert_marked_skills_in "${PROJECT_DIR}/.claude/skills"
  [ -x "${PREFIX}/bin/argcheck" ]
}

@test "skills the skills CLI installed from this clone (a copy, and links to it) are left as they are, and stay after uninstall" {
  assert_first_install_ok
  local name
  mkdir -p "${HOME}/.agents/skills" "${HOME}/.claude/skills"
  while IFS= read -r name; do
    cp -R "${REPO_DIR}/skills/${name}" "${HOME}/.agents/skills/${name}"
    ln -s "../../.agents/skills/${name}" "${HOME}/.claude/skills/${name}"
  done < <(source_skills)
  local before
  before="$(tree_with_contents "${HOME}")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent claude --agent codex

  [[ "${stderr}" == *"in ${HOME}/.claude/skills, left as they are (not argcheck's copies"* ]]
  [[ "${lines[0]}" == *"skills already in ${HOME}/.claude/skills ("*"skills already in ${HOME}/.agents/skills ("* ]]
  [ "$(tree_with_contents "${HOME}")" = "${before}" ]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall --agent claude --agent codex
  [ "$(tree_with_contents "${HOME}")" = "${before}" ]
}

@test "an older copy the skills CLI's lock traces to this clone is left with a hint; one traced elsewhere is refused" {
  assert_first_install_ok
  local name
  name="$(source_skills | head -n 1)"
  mkdir -p "${HOME}/.agents/skills/${name}"
  printf 'an older SKILL.md\n' >"${HOME}/.agents/skills/${name}/SKILL.md"
  printf '{"version": 3, "skills": {"%s": {"source": "%s", "sourceType": "local"}}}\n' "${name}" "${REPO_DIR}" \
    >"${HOME}/.agents/.skill-lock.json"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex
  [[ "${stderr}" == *"older than this clone's skills: ${name}; \`npx skills update\`"* ]]
  [ "$(cat "${HOME}/.agents/skills/${name}/SKILL.md")" = "an older SKILL.md" ]

  printf '{"version": 3, "skills": {"%s": {"source": "/elsewhere", "sourceType": "local"}}}\n' "${name}" \
    >"${HOME}/.agents/.skill-lock.json"
  run -5 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex
  [[ "${stderr}" == *"${HOME}/.agents/skills/${name} exists and was not installed by argcheck"* ]]
}

@test "--uninstall --agent claude takes Claude Code's skills and allow rules (and the settings file it made), and keeps Codex's" {
  assert_first_install_ok
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent claude --agent codex --allow-skills
  [ -f "${HOME}/.claude/settings.json" ]

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall --agent claude

  [[ "${output}" == "argcheck "*" uninstalled for claude (the argcheck CLI stays in ${PREFIX}), "*" from ${HOME}/.claude/skills ("* ]]
  [ ! -e "${HOME}/.claude" ]
  assert_marked_skills_in "${HOME}/.agents/skills"
  grep -q "^agent codex skills-dir ${HOME}/.agents/skills$" "${PREFIX}/share/argcheck/install-record"
  ! grep -q "^allow ${HOME}/" "${PREFIX}/share/argcheck/install-record"
}

@test "--dry-run --agent codex --agent gemini --mcp --hooks prints every action and changes nothing" {
  assert_first_install_ok
  local before
  before="$(tree_with_contents "${HOME}" "${PROJECT_DIR}" "${PREFIX}/bin")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --agent gemini --mcp --hooks --dry-run </dev/null

  [[ "${output}" == *"[dry-run] add [mcp_servers.argcheck] (command ${PREFIX}/bin/argcheck, args [\"mcp\"]) to ${HOME}/.codex/config.toml"* ]]
  [[ "${output}" == *"[dry-run] write ${HOME}/.gemini/policies/argcheck.toml (the policy above)"* ]]
  [[ "${output}" == *"dry run, nothing changed"* ]]
  [ "$(tree_with_contents "${HOME}" "${PROJECT_DIR}" "${PREFIX}/bin")" = "${before}" ]
}

# The value of each EVENT's command in Codex's config.toml, and whether its trust is there with the hash Codex
# computes (argcheck.files.codexhooks.trust_hash, checked against the pinned Codex in tests/realcli/test_agent_install_real.py).
codex_hooks_report() {
  python3 - "$1" "$2" "${REPO_DIR}/checker/src" <<'PY'
import sys, tomllib
sys.path.insert(0, sys.argv[3])
from argcheck.files.codexhooks import event_label, trust_hash
hooks_file, trust_file = sys.argv[1:3]
hooks = tomllib.load(open(hooks_file, "rb"))["hooks"]
states = tomllib.load(open(trust_file, "rb"))["hooks"]["state"]
for event in ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop"):
    index = len(hooks[event]) - 1
    command = hooks[event][index]["hooks"][0]["command"]
    trusted = states.get(f"{hooks_file}:{event_label(event)}:{index}:0", {}).get("trusted_hash") == trust_hash(event, None, command, 10)
    print(event, command, "trusted" if trusted else "UNTRUSTED")
PY
}

@test "--agent codex --hooks on a terminal prints the plain summary first, asks y/N, and N changes nothing" {
  assert_first_install_ok
  local before
  before="$(tree_with_contents "${HOME}")"

  run bash -c 'printf "n\n" | HOME="$2" script -qec "$1" /dev/null' _ "${INSTALL} --prefix ${PREFIX} --agent codex --hooks" "${HOME}"

  [[ "${output}" == *"argcheck hooks for Codex CLI, in short: "*"Add them? [y/N]"* ]]  # the summary first
  local said
  for said in "Stop" ".argcheck/ state" "Every tool call" "search Codex runs in its own tool is not seen" "your prompts" "shell command" "64 KB" \
      ".argcheck/witness.jsonl" "0600" "git-ignored" "argcheck witness --purge" \
      "They go into ${HOME}/.codex/config.toml (the exact config: add --dry-run)" "the trust Codex asks for" "Add them? [y/N]" \
      "no consent given: nothing installed"; do
    [[ "${output}" == *"${said}"* ]] || { echo "it does not say: ${said}"; false; }
  done
  [[ "${output}" != *"[[hooks."* ]]  # the block itself only with --dry-run
  [ "$(tree_with_contents "${HOME}")" = "${before}" ]
}

@test "--agent codex --hooks --yes writes exactly the block --dry-run prints, trusted as Codex computes it, keeping the user's own hooks; --uninstall restores the file byte for byte" {
  assert_first_install_ok
  mkdir -p "${HOME}/.codex"
  printf 'model = "o4"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "my-stop"\n' >"${HOME}/.codex/config.toml"
  local before config="${HOME}/.codex/config.toml"
  before="$(tree_with_contents "${HOME}")"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --hooks --dry-run </dev/null
  printf '%s\n' "${output}" | sed -n '/^# BEGIN argcheck hooks/,/^# END argcheck hooks/p' >"${BATS_TEST_TMPDIR}/printed.toml"
  [ "$(tree_with_contents "${HOME}")" = "${before}" ]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --hooks --yes </dev/null
  [[ "${output}" == *"argcheck hooks for Codex CLI, in short: "*"installed: "*", Codex CLI hooks in ${config}"$'\n'* ]]

  sed -n '/^# BEGIN argcheck hooks/,/^# END argcheck hooks/p' "${config}" | cmp - "${BATS_TEST_TMPDIR}/printed.toml"
  run -0 codex_hooks_report "${config}" "${config}"
  [ "$(printf '%s\n' "${output}" | grep -c " ${PREFIX}/share/argcheck/argcheck-hook --agent codex [A-Za-z]* trusted$")" = 6 ]
  python3 -c 'import sys, tomllib; d = tomllib.load(open(sys.argv[1], "rb")); assert d["model"] == "o4" and d["hooks"]["Stop"][0]["hooks"][0]["command"] == "my-stop"' "${config}"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --hooks --yes </dev/null
  [[ "${output}" == *"argcheck hooks for Codex CLI: already in ${config}, nothing to add"* ]]
  [ "$(grep -c '^# BEGIN argcheck hooks' "${config}")" = 1 ]

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --uninstall
  [[ "${output}" == *"the Codex CLI hooks in ${config}"* ]]
  [ "$(tree_with_contents "${HOME}")" = "${before}" ]
}

@test "--agent codex --project DIR --hooks puts the hooks in DIR/.codex/config.toml and their trust in the user's config" {
  assert_first_install_ok
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --project "${PROJECT_DIR}" --hooks --yes </dev/null
  run -0 codex_hooks_report "${PROJECT_DIR}/.codex/config.toml" "${HOME}/.codex/config.toml"
  [ "$(printf '%s\n' "${output}" | grep -c ' trusted$')" = 6 ]
  run ! grep -q 'hooks.state' "${PROJECT_DIR}/.codex/config.toml"
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --project "${PROJECT_DIR}" --uninstall
  [ ! -e "${PROJECT_DIR}/.codex" ] && [ ! -e "${HOME}/.codex" ]
}

@test "a hand-edited Codex hooks block is left in place on --uninstall, and said; an install over it is refused" {
  assert_first_install_ok
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --hooks --yes </dev/null
  sed -i 's/^timeout = 10$/timeout = 20/' "${HOME}/.codex/config.toml"
  cp "${HOME}/.codex/config.toml" "${BATS_TEST_TMPDIR}/edited.toml"

  run -5 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --hooks --yes </dev/null
  [[ "${stderr}" == *"edited by hand"* ]]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent codex --uninstall

  [[ "${output}" == *"left in place: argcheck's hooks block in ${HOME}/.codex/config.toml, edited by hand since the install"* ]]
  [[ "${output}" != *"the Codex CLI hooks in"* ]]  # not said to be removed
  cmp "${HOME}/.codex/config.toml" "${BATS_TEST_TMPDIR}/edited.toml"
}

@test "--agent gemini --hooks --yes adds the hooks to ~/.gemini/settings.json beside the user's own; --uninstall leaves the user's settings as they were" {
  assert_first_install_ok
  mkdir -p "${HOME}/.gemini"
  printf '{"theme": "dark", "hooks": {"BeforeTool": [{"matcher": "x", "hooks": [{"type": "command", "command": "mine"}]}]}}\n' \
    >"${HOME}/.gemini/settings.json"
  cp "${HOME}/.gemini/settings.json" "${BATS_TEST_TMPDIR}/users-own.json"

  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --hooks --yes </dev/null

  [[ "${output}" == *"installed: "*", Gemini CLI hooks in ${HOME}/.gemini/settings.json, Gemini CLI policy in ${HOME}/.gemini/policies/argcheck.toml"$'\n'* ]]
  run -0 python3 - "${HOME}/.gemini/settings.json" "${PREFIX}/share/argcheck/argcheck-hook" <<'PY'
import json, sys
hooks = json.load(open(sys.argv[1]))["hooks"]
assert sorted(hooks) == ["AfterAgent", "AfterTool", "BeforeAgent", "BeforeTool", "SessionStart"], hooks
assert hooks["BeforeTool"][0]["hooks"][0]["command"] == "mine"
for event, groups in hooks.items():
    assert groups[-1]["hooks"][0]["command"] == f"{sys.argv[2]} --agent gemini {event}", groups
print(hooks["BeforeTool"][-1]["matcher"])
PY
  [[ "${output}" == *"run_shell_command"*"write_file"*"replace"* ]]
  run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent gemini --uninstall
  [[ "${output}" == *"the Gemini CLI hooks in ${HOME}/.gemini/settings.json"* ]]
  python3 -c 'import json, sys; a, b = (json.load(open(p)) for p in sys.argv[1:]); sys.exit(a != b)' \
    "${HOME}/.gemini/settings.json" "${BATS_TEST_TMPDIR}/users-own.json"
  [ ! -e "${HOME}/.gemini/policies" ]
}

@test "last: a full --uninstall after --agent all --mcp --hooks leaves a fresh HOME and project as they were" {
  assert_first_install_ok
  local before stubs="${BATS_TEST_TMPDIR}/stubs"
  mkdir -p "${stubs}"
  make_claude_stub "${stubs}"  # `claude mcp add|remove` are logged, not run
  before="$(tree_with_contents "${HOME}" "${PROJECT_DIR}")"

  PATH="${stubs}:${PATH}" run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --agent all --project "${PROJECT_DIR}" \
    --mcp --hooks --yes </dev/null
  assert_marked_skills_in "${PROJECT_DIR}/.gemini/skills"
  PATH="${stubs}:${PATH}" run -0 --separate-stderr "${INSTALL}" --prefix "${PREFIX}" --uninstall --project "${PROJECT_DIR}"

  [ "$(tree_with_contents "${HOME}" "${PROJECT_DIR}")" = "${before}" ]
  [ ! -e "${PREFIX}/share/argcheck" ]
  grep -qxF "${PROJECT_DIR}: mcp remove --scope project argcheck" "${stubs}/claude.log"
}
