# Helpers for install.bats: stubs, listings and checks shared by its tests.

# Fails, showing the shared install's stderr, unless the install made in setup_file succeeded.
assert_first_install_ok() {
  local status
  status="$(cat "${SHARED}/install.status")"
  if [ "${status}" != 0 ]; then
    printf 'the install in setup_file exited %s; its stderr:\n' "${status}" >&2
    cat "${SHARED}/install.err" >&2
    return 1
  fi
}

# Prints the names of the repo's skills: folders of skills/ that hold a SKILL.md.
source_skills() {
  local dir
  for dir in "${REPO_DIR}"/skills/*/; do
    if [ -f "${dir}SKILL.md" ]; then basename "${dir}"; fi
  done
}

# Writes DIR/claude, a stub that appends "<cwd>: <args>" to DIR/claude.log.
make_claude_stub() {
  local dir="$1"
  cat >"${dir}/claude" <<'STUB'
#!/usr/bin/env bash
printf '%s: %s\n' "${PWD}" "$*" >>"$(dirname "$0")/claude.log"
STUB
  chmod +x "${dir}/claude"
}

# Writes DIR/python3, a stub that prints VERSION_LINE whatever it is asked.
make_fake_python() {
  local dir="$1" version_line="$2"
  mkdir -p "${dir}"
  printf '#!/bin/sh\necho "%s"\n' "${version_line}" >"${dir}/python3"
  chmod +x "${dir}/python3"
}

# Fails unless every file under SRC is executable exactly when its copy under DST is.
assert_same_modes() {
  local src="$1" dst="$2" rel
  while IFS= read -r rel; do
    if [ -x "${src}/${rel}" ] && [ ! -x "${dst}/${rel}" ]; then
      printf '%s is executable but its copy is not\n' "${rel}" >&2
      return 1
    fi
    if [ ! -x "${src}/${rel}" ] && [ -x "${dst}/${rel}" ]; then
      printf '%s is not executable but its copy is\n' "${rel}" >&2
      return 1
    fi
  done < <(cd "${src}" && find . -type f)
}

# Lists type, mode, path and link target of everything under the given trees (no bytecode caches).
tree_listing() {
  find "$@" -not -path '*/__pycache__*' -printf '%y %m %p -> %l\n' | sort
}

# Like tree_listing, with sizes and modification times, to show that nothing at all changed.
tree_listing_with_times() {
  find "$@" -printf '%y %m %s %T@ %p -> %l\n' | sort
}

# Prints the path of the installed copy of the argcheck module file NAME.
installed_module_file() {
  find "${PREFIX}/share/argcheck/venv" -path "*/site-packages/argcheck/$1" | head -n 1
}
