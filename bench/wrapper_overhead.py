"""How much time does codex-wrapper.sh add on top of a raw `codex exec --json` call?

    python3 bench/wrapper_overhead.py [--runs N] [--warmup N]

Both run the real Codex CLI (tests/setup/install-real-clis.sh) against the same local mock
Responses API (tests/stubs/mock_llm_server.py), interleaved (raw, wrapper, raw, wrapper, ...)
so that drift in machine load hits both alike. Prints the medians, the overhead in ms and as a
ratio, and whether it meets the target: under 5% of the raw median or 30 ms, whichever is larger.
Exit status 0 when it does, 1 when it does not, 2 when the CLI is missing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "stubs"))

from mock_llm_server import CODEX_CONFIG, MockLLMServer  # noqa: E402

PROMPT = b"Should the service use a queue between the producers and the consumers?\n"
RAW_ARGS = ["exec", "--json", "--skip-git-repo-check", "--sandbox", "read-only", "-"]


def codex_path() -> str:
    proc = subprocess.run(["bash", str(REPO / "tests/setup/install-real-clis.sh"), "--check"],
                          capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        if line.startswith("codex "):
            return line.split(" ", 2)[2]
    sys.exit(f"codex is not installed: run tests/setup/install-real-clis.sh\n{proc.stderr}")


def timed(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    proc = subprocess.run(argv, input=PROMPT, capture_output=True, env=env, cwd=cwd)
    elapsed = (time.perf_counter() - started) * 1000
    if proc.returncode != 0:
        raise SystemExit(f"{argv[0]} failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
    return elapsed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--stub", action="store_true", help="a recorded answer instead of codex")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="argcheck-bench.") as root, MockLLMServer() as server:
        root_dir = Path(root)
        for sub in ("home", "codex-home", "tmp", "work", "bin"):
            (root_dir / sub).mkdir()
        if args.stub:
            codex = str(root_dir / "bin" / "codex")
            recorded = REPO / "tests" / "stubs" / "recorded" / "codex" / "new.stdout"
            Path(codex).write_text(f"#!/bin/sh\ncat >/dev/null\ncat '{recorded}'\n")
            os.chmod(codex, 0o755)
        else:
            codex = codex_path()
        (root_dir / "codex-home" / "config.toml").write_text(CODEX_CONFIG.format(base_url=server.base_url))
        env = {
            "PATH": f"{Path(codex).parent}{os.pathsep}{os.environ['PATH']}",
            "HOME": str(root_dir / "home"),
            "CODEX_HOME": str(root_dir / "codex-home"),
            "TMPDIR": str(root_dir / "tmp"),
            "MOCK_API_KEY": "dummy",
            "LANG": "C.UTF-8",
        }
        raw_cmd = [codex, *RAW_ARGS]
        wrapper_cmd = [str(REPO / "wrappers" / "codex-wrapper.sh"), "new"]
        work = root_dir / "work"
        for _ in range(args.warmup):
            timed(raw_cmd, env, work)
            timed(wrapper_cmd, env, work)
        raw, wrapped = [], []
        for _ in range(args.runs):
            raw.append(timed(raw_cmd, env, work))
            wrapped.append(timed(wrapper_cmd, env, work))
    raw_median, wrapped_median = statistics.median(raw), statistics.median(wrapped)
    overhead = wrapped_median - raw_median
    budget = max(0.05 * raw_median, 30.0)
    paired = statistics.median(w - r for r, w in zip(raw, wrapped))
    label = "stub codex (recorded)" if args.stub else "raw codex exec --json"
    print(f"runs: {args.runs} each, interleaved, after {args.warmup} warm-up pairs")
    print(f"{label:25} median {raw_median:7.1f} ms  (min {min(raw):.1f}, max {max(raw):.1f})")
    spread = f"(min {min(wrapped):.1f}, max {max(wrapped):.1f})"
    print(f"codex-wrapper.sh new      median {wrapped_median:7.1f} ms  {spread}")
    print(f"overhead                  {overhead:+7.1f} ms  ratio {wrapped_median / raw_median:.3f}"
          f"  (median of paired differences {paired:+.1f} ms)")
    verdict = "meets" if overhead <= budget else "MISSES"
    print(f"target: under {budget:.1f} ms (max of 5% and 30 ms): {verdict}")
    return 0 if overhead <= budget else 1


if __name__ == "__main__":
    raise SystemExit(main())
