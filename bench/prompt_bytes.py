#!/usr/bin/env python3
"""How many bytes go to the consultee per round, and in all, over a whole deliberation?

For every `consult` move of a run (each is one call to the consultee), the prompt it was answering is
rendered from the state just before that move, three ways:

  before     the whole state every round (what `argcheck prompt` sent before; now `--full`);
  after      what `argcheck prompt` sends now: the whole state to a new session, and to a resumed one
             only what changed since its last reply (with the question, its duties and the format);
  codex-ask  codex-ask's way, modelled on its SKILL.md "Subsequent Call Format" (question, iteration,
             the whole ledger, every open challenge, the evaluation of the last reply); beside it, the
             state file its orchestrator model writes out in full after every iteration (its schema:
             challenges, ledger, buckets; indented JSON, as a model writes it): output the model
             generates each round, on top of what it sends.

A resumed session holds the whole thread, so what it is sent in round n is read again as input by
every later call: "re-read" sums, over the calls, the prompt bytes the thread holds at each call
(replies and caching aside): it grows with the square of the rounds when every prompt is whole.

Usage: python3 bench/prompt_bytes.py [STATE ...]   (default: the demo and generated runs)
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "checker" / "src"))

from argcheck.files import operations  # noqa: E402
from argcheck.cli.commands.demo import play  # noqa: E402
from argcheck.protocols.deliberate import demo  # noqa: E402
from argcheck.protocols.deliberate import prompting, queries  # noqa: E402
from argcheck.protocols.deliberate.engine import Engine  # noqa: E402
from argcheck.protocols.deliberate.standing import natural_key, reply_phase  # noqa: E402


def rounds(doc: dict) -> list[dict]:
    """Per consultation: the bytes of the prompt it answered, rendered each way."""
    env = operations.env_for(doc)
    engine = Engine(doc["header"], env)
    found = []
    for index, move in enumerate(doc["moves"]):
        if move["type"] == "consult" and engine.state.status == "in_progress":
            state = engine.state
            prefix = dict(doc, moves=doc["moves"][:index])
            found.append({"before": size(prompting.render_prompt(state)),
                          "after": size(prompting.render_turn(prefix, state, env)),
                          "codex-ask": size(codex_ask_prompt(state)), "rewrite": size(codex_ask_state(state)),
                          "outcome": move["outcome"]})
        engine.step(index, move)
    return found


def size(text: str) -> int:
    return len(text.encode("utf-8"))


def codex_ask_prompt(state) -> str:
    """codex-ask's subsequent call: question, iteration, whole ledger, all open challenges, evaluation."""
    ledger = [f"{e.id} [{e.provenance}{': ' + e.artifact if e.artifact else ''}]: {e.text}"
              for e in (state.ledger[i] for i in sorted(state.ledger, key=natural_key)) if not e.superseded_by]
    challenges = [f"- {c.id}: {state.points[c.point].text} — {c.objection} (iter {c.issued_round})"
                  for c in state.challenges.values() if c.is_open]
    verdicts = {}
    for point in state.points.values():
        verdict = point.classifications.get("orchestrator")
        if point.author == "consultee" and verdict and point.round == state.iteration:
            verdicts.setdefault(verdict, []).append(point.id)
    evaluation = ", ".join(f"{v} [{', '.join(ids)}]" for v, ids in verdicts.items()) or "none"
    return (f"<user_question>\n{state.question}\n</user_question>\n\nIteration {state.iteration + 1}/8. "
            f"Phase: {reply_phase(state)}\n\nLedger: {'; '.join(ledger) or 'none yet'}\n\n"
            f"Open challenges (defend by ID, or concede):\n{chr(10).join(challenges) or 'None'}\n\n"
            f"Evaluation: {evaluation}\n\nRevise or defend. Reference challenge IDs when defending.\n")


def codex_ask_state(state) -> str:
    """The state file codex-ask's orchestrator model writes out after each iteration (its schema)."""
    grouped = queries.buckets(state)
    document = {
        "version": 1, "session_id": state.consultee_session, "question_excerpt": state.question[:100],
        "iteration": state.iteration, "phase": state.phase,
        "challenges": {c.id: {"point": state.points[c.point].text, "objection": c.objection,
                              "raised_iter": c.issued_round, "status": c.status} for c in state.challenges.values()},
        "ledger": [f"{e.id} [{e.provenance}]: {e.text}" for e in state.ledger.values()],
        "disputed": [c.id for c in state.challenges.values() if c.is_open],
        "buckets": {name: [{"point": p.text, "reason": p.bucket_reason} for p in grouped.get(name, [])]
                    for name in ("agreed", "dismissed", "unresolved")},
    }
    return json.dumps(document, indent=2, ensure_ascii=False)


KINDS = ("before", "after", "codex-ask")


def report(name: str, found: list[dict]) -> dict:
    print(f"\n{name}: {len(found)} consultations")
    print(f"  {'call':>5} {'outcome':<15} {'before':>9} {'after':>9} {'codex-ask':>10} {'+ rewrite':>10}")
    for number, row in enumerate(found, 1):
        print(f"  {number:>5} {row['outcome']:<15} {row['before']:>9,} {row['after']:>9,} {row['codex-ask']:>10,}"
              f" {row['rewrite']:>10,}")
    totals = {kind: sum(row[kind] for row in found) for kind in (*KINDS, "rewrite")}
    reread = {kind: sum(sum(row[kind] for row in found[:n + 1]) for n in range(len(found))) for kind in KINDS}
    print(f"  {'sent':>5} {'':<15} {totals['before']:>9,} {totals['after']:>9,} {totals['codex-ask']:>10,}"
          f" {totals['rewrite']:>10,}")
    print(f"  {'re-read':>7} {'':<13} {reread['before']:>9,} {reread['after']:>9,} {reread['codex-ask']:>10,}")
    print(f"  after / before: sent {totals['after'] / totals['before']:.2f}, re-read "
          f"{reread['after'] / reread['before']:.2f}; codex-ask / after: sent "
          f"{totals['codex-ask'] / totals['after']:.1f}x, re-read {reread['codex-ask'] / reread['after']:.1f}x")
    return {"sent": totals, "reread": reread, "calls": found}


def default_states() -> dict[str, Path]:
    folder = Path(tempfile.mkdtemp(prefix="argcheck-prompt-bytes-"))
    play("deliberate", io.StringIO(), keep_dir=str(folder))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import make_states

    states = {"demo (argcheck demo)": folder / demo.STATE_NAME}
    for label, size in (("synthetic, 198 moves", 200), ("synthetic, 998 moves", 1000)):
        path = folder / f"open-{size}.json"
        make_states.write(make_states.open_run(size), path)
        states[label] = path
    return states


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("states", nargs="*", type=Path)
    options = parser.parse_args(argv)
    states = {str(p): p for p in options.states} or default_states()
    print("bytes sent to the consultee per call (UTF-8); + rewrite: the state codex-ask's model writes out again")
    return {name: report(name, rounds(json.loads(path.read_text()))) for name, path in states.items()}


if __name__ == "__main__":
    main()
