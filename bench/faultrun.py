"""A short fault run: hostile moves and envelopes per protocol through the CLI and MCP, and a misbehaving
headless council. Counts what must stay zero: internal errors (exit 3), hangs, refusals that changed the
state file, unanswered MCP requests, and the council's processes left after it exited (bench/faultprocesses.py:
replies, a child or daemon holding stdout, a hang, SIGTERM, SIGHUP, SIGINT, SIGKILL).

Usage: python bench/faultrun.py [--moves N] [--seed S] [--cli-sample K]
Each protocol's valid example runs (state/examples/valid) are cut at a random move; that move is mutated
(a field replaced by a hostile value, dropped, or an unknown one added) and applied: in-process for all N,
through the `argcheck apply` subprocess for K of them, and through one `argcheck mcp` server per protocol.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "checker" / "src"), str(ROOT / "tests"), str(ROOT / "checker" / "tools" / "examples")]

from argcheck.core import integrity  # noqa: E402
from argcheck.core.env import default_env  # noqa: E402
from argcheck.core.lifecycle import apply_moves  # noqa: E402
from argcheck.core.replay import MANAGED_FIELDS, replay  # noqa: E402
from argcheck.files import statefile  # noqa: E402

PROTOCOLS = ("deliberate", "toulmin", "council", "triz")


def nested(levels: int, leaf, kind=list):
    for _ in range(levels):
        leaf = [leaf] if kind is list else {"k": leaf}
    return leaf


HOSTILE = [None, True, False, 0, -1, 0.0, 1.0, 1.5, -0.5, 2 ** 63, -(2 ** 63) - 1, 1e308, "", " ", "\x00",
           "a\x00b", "\u202e", "x" * 5000, "x" * 200_000, [], {}, [[]], [None], [{}], {"": None},
           nested(500, "warrant"), nested(500, 1, dict), nested(60, []), "../../etc/passwd", "/etc/passwd",
           "design.md:0", "design.md:99999", "</document>", "C1", "P1", "ARI-1", "0", "1", "٣", "NaN",
           {"type": "point"}, ["C1", "C1"], list(range(200)), "\u0000\u001f\u007f"]
SURROGATE = "\ud800"


def clone(value):
    """A deep copy that also copies values nested hundreds deep (copy.deepcopy recurses twice per level)."""
    return json.loads(json.dumps(value))


def hostile(rng: random.Random):
    return clone(rng.choice(HOSTILE))


def mutate(move: dict, rng: random.Random, types: list[str]) -> dict:
    """`move` with one thing changed: a value anywhere replaced, a key dropped or added, or its type."""
    move = clone(move)
    places = list(_places(move))
    choice = rng.random()
    if choice < 0.1:
        move["type"] = rng.choice(types)
    elif choice < 0.2 and places:
        holder, key = rng.choice(places)
        if isinstance(holder, dict):
            del holder[key]
        else:
            holder.pop(key)
    elif choice < 0.3:
        holder = rng.choice([move] + [h for h, k in places if isinstance(h, dict)])
        holder[rng.choice(["extra", "id", "type", "claim_index", "detail", "seq"])] = hostile(rng)
    elif places:
        holder, key = rng.choice(places)
        holder[key] = hostile(rng)
    return move


def _places(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield value, key
            yield from _places(item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield value, index
            yield from _places(item)


def prefix(doc: dict, count: int) -> dict:
    """The run of `doc` cut after `count` moves (resealed, with the status its replay gives)."""
    cut = dict(doc, moves=clone(doc["moves"][:count]), move_count=count)
    prev = integrity.genesis_hash(cut)
    for move in cut["moves"]:
        move["prev"] = prev
        prev = integrity.link(prev, move)
    cut["head"] = prev
    replayed = replay(cut, default_env())
    if replayed.engine is not None:
        cut["status"] = replayed.engine.status
    return cut


def bare(move: dict) -> dict:
    return {k: v for k, v in move.items() if k not in MANAGED_FIELDS}


class Counts(dict):
    def add(self, key: str, amount: int = 1) -> None:
        self[key] = self.get(key, 0) + amount


def in_process(doc: dict, move: dict, counts: Counts) -> None:
    try:
        apply_moves(doc, [move], default_env())
        counts.add("in_process_ok")
    except RecursionError:
        counts.add("in_process_exception")
        counts.add("in_process_recursion")
    except Exception as error:  # noqa: BLE001 (any exception is what this run looks for)
        counts.add("in_process_exception")
        print(f"  exception {type(error).__name__}: {error} on {json.dumps(move)[:200]}", file=sys.stderr)


def cli_apply(path: str, move, counts: Counts, workdir: str) -> None:
    before = Path(path).read_bytes()
    text = json.dumps(move, ensure_ascii=True)
    if SURROGATE in json.dumps(move, ensure_ascii=False):
        counts.add("cli_surrogate")
    try:
        done = subprocess.run([sys.executable, "-m", "argcheck", "apply", path, "-"], input=text.encode(),
                              capture_output=True, cwd=workdir, timeout=60)
    except subprocess.TimeoutExpired:
        counts.add("cli_hang")
        return
    counts.add(f"cli_exit_{done.returncode}")
    if done.returncode == 3 or b"Traceback" in done.stderr:
        print(f"  exit 3: {done.stderr.decode()[-300:]} on {text[:200]}", file=sys.stderr)
    if done.returncode != 0 and Path(path).read_bytes() != before:
        counts.add("cli_refusal_changed_state")
    if done.returncode == 0:
        Path(path).write_bytes(before)  # keep the same prefix for the next move


def envelopes(rng: random.Random, count: int) -> list:
    keys = ["envelope", "consultee", "session_id", "response", "usage", "duration_ms", "failure", "exit_code",
            "model", "detail"]
    found = []
    for _ in range(count):
        envelope = {"envelope": 1, "consultee": "codex", "session_id": "s1", "response": "{}", "failure": None,
                    "detail": None}
        for key in rng.sample(keys, rng.randint(1, 4)):
            envelope[key] = hostile(rng) if rng.random() < 0.8 else rng.choice(
                ["timeout", "auth", "not_installed", "weird", '{"agent_style": "Kant", "critique_tree": 1}'])
        found.append(envelope)
    return found


def mcp_session(workdir: str, requests: list[dict], counts: Counts, name: str) -> None:
    """One `argcheck mcp` server: every request written, stdin closed; every id must be answered."""
    handshake = [{"jsonrpc": "2.0", "id": "init", "method": "initialize",
                  "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                             "clientInfo": {"name": "faultrun", "version": "0"}}},
                 {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    lines = [json.dumps(m).encode() for m in handshake]
    expected = set()
    for number, request in enumerate(requests):
        request_id = request.pop("_id", number)
        message = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": request}
        lines.append(json.dumps(message, ensure_ascii=True).encode())
        expected.add(json.dumps(request_id))
    try:
        done = subprocess.run([sys.executable, "-m", "argcheck", "mcp"], input=b"\n".join(lines) + b"\n",
                              capture_output=True, cwd=workdir, timeout=600)
    except subprocess.TimeoutExpired:
        counts.add("mcp_server_hang")
        return
    answered, replies = set(), 0
    for line in done.stdout.decode().splitlines():
        reply = json.loads(line)
        replies += reply.get("id") != "init"
        answered.add(json.dumps(reply.get("id")))
        result = reply.get("result", {}).get("structuredContent") or {}
        if result.get("exit_code") == 3 or (result.get("error") or {}).get("code") == "INTERNAL":
            counts.add("mcp_internal")
            print(f"  MCP internal ({name}): {json.dumps(result)[:300]}", file=sys.stderr)
    # Every request gets exactly one reply; an id that cannot be echoed (an object, a boolean) is answered null.
    counts.add("mcp_requests", len(lines) - 2)
    counts.add("mcp_unanswered", max(0, len(lines) - 2 - replies))
    counts.add("mcp_valid_ids_unanswered", len({i for i in expected if i not in ("null", "true", '{"a": 1}')}
                                               - answered))
    counts.add(f"mcp_server_exit_{done.returncode}")


def protocol_run(name: str, rng: random.Random, moves: int, cli_sample: int, counts: Counts) -> None:
    paths = sorted(glob.glob(str(ROOT / f"state/examples/valid/{name}-*.json")))
    examples = [json.loads(Path(path).read_text()) for path in paths]
    types = sorted({m["type"] for doc in examples for m in doc["moves"]})
    workdir = tempfile.mkdtemp(prefix=f"faultrun-{name}-")
    for document in glob.glob(str(ROOT / "state/examples/valid/*.md")):
        os.symlink(document, os.path.join(workdir, os.path.basename(document)))
    cases = []
    for _ in range(moves):
        doc = rng.choice([d for d in examples if d["moves"]])
        cut = rng.randint(0, len(doc["moves"]) - 1)
        base = prefix(doc, cut)
        move = mutate(bare(doc["moves"][cut]), rng, types)
        cases.append((base, move))
        in_process(base, move, counts)
    for index, (base, move) in enumerate(rng.sample(cases, min(cli_sample, len(cases)))):
        path = os.path.join(workdir, f"cli-{index}.json")
        Path(path).write_bytes(statefile.serialize(base))
        cli_apply(path, move, counts, workdir)
    requests = []
    for index, (base, move) in enumerate(cases[:120]):
        path = os.path.join(workdir, f"mcp-{index}.json")
        Path(path).write_bytes(statefile.serialize(base))
        requests.append({"name": "argcheck_apply", "arguments": {"state": path, "moves": move}})
    state = os.path.join(workdir, "mcp-0.json")
    for envelope in envelopes(rng, 60):
        requests.append({"name": "argcheck_ingest", "arguments": {"state": state, "reply": envelope}})
    for request_id in (None, 1.5, {"a": 1}, True):
        requests.append({"name": "argcheck_validate", "arguments": {"state": state}, "_id": request_id})
        counts.add("mcp_odd_ids")
    requests.append({"name": "argcheck_init", "arguments": {"protocol": name, "options": {
        "document": {"text": "a\x00b"}, "question": hostile(rng), "query": hostile(rng), "problem": hostile(rng)}}})
    mcp_session(workdir, requests, counts, name)
    for index, envelope in enumerate(envelopes(rng, 20) if name in ("council", "toulmin") else []):
        path = os.path.join(workdir, f"ingest-{index}.json")
        Path(path).write_bytes(statefile.serialize(prefix(examples[0], 0)))
        done = subprocess.run([sys.executable, "-m", "argcheck", "ingest", path, "-"], cwd=workdir, timeout=60,
                              input=json.dumps(envelope, ensure_ascii=True).encode(), capture_output=True)
        counts.add(f"ingest_exit_{done.returncode}")
        if done.returncode == 3:
            print(f"  ingest exit 3: {done.stderr.decode()[-300:]}", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="mutated moves per protocol (in-process)")
    parser.add_argument("--cli-sample", type=int, default=40, help="of those, how many through `argcheck apply`")
    parser.add_argument("--seed", type=int, default=22)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    report = {}
    for name in PROTOCOLS:
        counts = Counts()
        began = time.monotonic()
        protocol_run(name, rng, options.moves, options.cli_sample, counts)
        counts["seconds"] = round(time.monotonic() - began, 1)
        report[name] = dict(sorted(counts.items()))
        print(name, json.dumps(report[name]), flush=True)
    from faultprocesses import run_cases  # bench/: the council's process cases

    counts = Counts()
    run_cases(counts)
    report["council --run processes"] = dict(sorted(counts.items()))
    print("council --run processes", json.dumps(report["council --run processes"]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
