"""Toulmin test helpers, and the generator of state/examples/{valid/toulmin-*,invalid/TLM*}.json.

Each invalid example yields exactly the code in its file name; the valid ones have no error finding.

Usage: python checker/tools/examples/make_toulmin_examples.py   (from the repository root, with argcheck importable)
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

from runkit import Clock, ProtocolRun, reader, reseal

from argcheck.core import integrity
from argcheck.files import statefile
from argcheck.core.env import Env

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures" / "toulmin"
OUT = ROOT / "state" / "examples"
NOW = "2026-11-21T09:00:00Z"
CHAIN = json.loads((FIXTURES / "chain-sustained.json").read_text(encoding="utf-8"))
QUERY = CHAIN["query"]
WORKSPACE_FILES = {"src/types.py": ["from typing import Protocol", "", "class Store(Protocol):", "    ..."]}


def make_env(files=None, now: str = NOW) -> Env:
    return Env(now=now, read_lines=reader(WORKSPACE_FILES if files is None else files))


class Chain(ProtocolRun):
    """One toulmin run under test (the kit's ProtocolRun with a chain's defaults)."""

    def __init__(self, query: str = QUERY, state_id: str = "tlm-test", files=None, ticking: bool = False,
                 **options):
        super().__init__("toulmin", {"query": query, **options}, state_id=state_id,
                         files=WORKSPACE_FILES if files is None else files,
                         clock=Clock() if ticking else None, now=NOW)


# --- move builders (every component defaults to the sustained fixture chain) ----------------------


def component(name: str, **changes) -> dict:
    value = copy.deepcopy(CHAIN[name])
    value.update(changes)
    return value


def grounding(**claim_changes) -> dict:
    return {"type": "grounding", "data": component("data"), "claim": component("claim", **claim_changes)}


def logic_bridge(warrant: str = "strong", backing: str = "strong", council=None, citations=None) -> dict:
    bridge = {"type": "logic_bridge", "warrant": component("warrant", strength=warrant),
              "backing": component("backing", strength=backing)}
    if council is not None:
        bridge["backing"]["council"] = council
    if citations is not None:
        bridge["backing"]["citations"] = citations
    return bridge


def stress_test(rebuttal: str = "weak", confidence: int = 80, degree: str | None = None, council=None) -> dict:
    from argcheck.protocols.toulmin.state import degree_for

    test = {"type": "stress_test", "rebuttal": component("rebuttal", strength=rebuttal),
            "qualifier": component("qualifier", confidence_pct=confidence, degree=degree or degree_for(confidence))}
    if council is not None:
        test["rebuttal"]["council"] = council
    return test


VERDICT_TEXT = {
    "overruled": ("The strong rebuttal applies to the plugin and metaprogramming code where most of the incidents "
                  "happened, and the qualifier's confidence does not carry the claim across it.",
                  "Do not adopt type hints codebase-wide; type only the stable service boundaries."),
    "remanded": ("The backing is weak and the rebuttal strong; the confidence of 55 supports neither sustaining nor "
                 "overruling, so the chain goes back for better evidence on the incident causes.",
                 "Collect a quarter of classified incident causes before deciding on type hints."),
}


def judgment(status: str = "sustained") -> dict:
    reasoning, final = VERDICT_TEXT.get(status, (CHAIN["verdict"]["reasoning"], CHAIN["verdict"]["final_statement"]))
    return {"type": "judgment", "verdict": component("verdict", status=status, reasoning=reasoning,
                                                     final_statement=final)}


def report(summary: str = "## Summary\n\nAdopt type hints, service by service.") -> dict:
    return {"type": "report", "summary": summary}


def council_request(*perspectives: str, question: str | None = None) -> dict:
    move = {"type": "council_request", "perspectives": list(perspectives)}
    if question:
        move["question"] = question
    return move


def opinion(opinion_id: str, perspective: str, feeds: str = "backing", source: str = "consultee",
            consultee: str | None = "codex") -> dict:
    provenance = {"source": source}
    if consultee:
        provenance["consultee"] = consultee
    return {"type": "council_opinion", "id": opinion_id, "perspective": perspective, "feeds": feeds,
            "opinion": f"As a {perspective}: static checks catch the defect class the data shows.",
            "provenance": provenance}


def full_chain(status: str = "sustained", rebuttal: str = "weak", confidence: int = 80):
    return [grounding(), logic_bridge(), stress_test(rebuttal, confidence), judgment(status)]


# --- the examples ----------------------------------------------------------------------------------


def valid_examples() -> dict[str, dict]:
    sustained = Chain(state_id="20261121-5a5a01", ticking=True, workspace=None)
    for move in full_chain():
        sustained.ok(move)
    sustained.ok(report())
    terminated = Chain(state_id="20261121-5a5a02", ticking=True)
    terminated.ok(grounding())
    terminated.apply(logic_bridge(warrant="irrelevant"))
    relaxed = Chain(state_id="20261121-5a5a03", ticking=True, relax=["backing"])
    relaxed.ok(grounding())
    relaxed.apply(logic_bridge(backing="weak"))
    relaxed.ok(stress_test("strong", 55), judgment("remanded"))
    council = Chain(state_id="20261121-5a5a04", ticking=True, conversation_id="conv-7")
    council.ok(council_request("static-analysis researcher", "site reliability engineer",
                               question="Do type checkers prevent the incidents our data shows?"),
               opinion("O1", "static-analysis researcher", "backing"),
               opinion("O2", "site reliability engineer", "rebuttal", source="orchestrator", consultee=None),
               grounding(), logic_bridge(council=["O1"]), stress_test("strong", 65, council=["O2"]),
               judgment("overruled"))
    toulmini = Chain(state_id="20261121-5a5a05", ticking=True)
    toulmini.ok(*toulmini_shaped_moves())
    return {"toulmin-sustained-reported.json": sustained.doc, "toulmin-terminated-irrelevant-warrant.json":
            terminated.doc, "toulmin-relaxed-backing-remanded.json": relaxed.doc,
            "toulmin-council-overruled.json": council.doc, "toulmin-toulmini-shapes-judged.json": toulmini.doc}


TOULMINI_CITATIONS = [
    {"source": "Incident tracker export, Q1-Q2", "reference": "rows tagged type-error", "url": None},
    {"source": "Gao, Bird, Barr: To Type or Not to Type (ICSE 2017)", "reference": "Section 5, Table 3",
     "url": "https://example.org/to-type-or-not-to-type"},
]


def toulmini_shaped_moves() -> list[dict]:
    """A chain in Toulmini's shapes: {source, reference, url} citations and an `irrelevant` rebuttal."""
    ground, bridge = grounding(), logic_bridge(citations=[TOULMINI_CITATIONS[1]])
    ground["data"]["citations"] = [TOULMINI_CITATIONS[0]]
    return [ground, bridge, stress_test("irrelevant", 80), judgment("sustained")]


def invalid_examples() -> dict[str, dict]:
    def base(**options) -> Chain:
        return Chain(state_id="20261121-bad001", ticking=True, **options)

    def header_edit(change) -> dict:
        doc = base().ok(grounding()).doc
        change(doc["header"])
        return reseal(doc)

    short = "Why?"
    return {
        "TLM101-query-too-short.json": header_edit(
            lambda h: h.update(query=short, query_hash=integrity.short_hash(short))),
        "TLM102-query-edited.json": header_edit(lambda h: h.update(query=QUERY + " (edited)")),
        "TLM103-logic-bridge-first.json": base().force(logic_bridge()).doc,
        "TLM104-stress-test-without-bridge.json": base().ok(grounding()).force(stress_test()).doc,
        "TLM105-judgment-without-stress-test.json": base().ok(grounding(), logic_bridge()).force(judgment()).doc,
        "TLM106-grounding-twice.json": base().ok(grounding()).force(grounding()).doc,
        "TLM107-claim-is-question.json": base().force(
            grounding(statement="Should our team adopt type hints across the codebase?")).doc,
        "TLM108-weak-warrant-terminates.json": _applied(base().ok(grounding()), logic_bridge(warrant="weak")).doc,
        "TLM109-stress-test-after-termination.json": _applied(base().ok(grounding()), logic_bridge(backing="weak"))
        .force(stress_test()).doc,
        "TLM110-relaxed-weak-warrant.json": _applied(base(relax=["warrant"]).ok(grounding()),
                                                     logic_bridge(warrant="weak")).doc,
        "TLM111-absolute-rebuttal-sustained.json": base().ok(grounding(), logic_bridge(),
                                                             stress_test("absolute", 20)).force(judgment()).doc,
        "TLM112-verdict-inconsistent.json": base().ok(grounding(), logic_bridge(), stress_test("weak", 80))
        .force(judgment("overruled")).doc,
        "TLM113-degree-out-of-band.json": _applied(base().ok(grounding(), logic_bridge()),
                                                   stress_test("weak", 40, degree="certainly")).doc,
        "TLM114-council-disabled.json": base(council=False).force(council_request("economist")).doc,
        "TLM115-no-perspectives.json": base().force(council_request()).doc,
        "TLM116-perspective-not-requested.json": base().ok(council_request("economist"))
        .force(opinion("O1", "physician")).doc,
        "TLM117-duplicate-opinion-id.json": base().ok(council_request("economist", "physician"),
                                                      opinion("O1", "economist")).force(opinion("O1", "physician")).doc,
        "TLM118-opinion-after-backing.json": base().ok(council_request("economist"), grounding(), logic_bridge())
        .force(opinion("O1", "economist", "backing")).doc,
        "TLM119-unknown-opinion.json": base().ok(grounding()).force(logic_bridge(council=["O9"])).doc,
        "TLM120-opinion-feeds-rebuttal.json": base().ok(council_request("economist"),
                                                        opinion("O1", "economist", "rebuttal"), grounding())
        .force(logic_bridge(council=["O1"])).doc,
        "TLM121-consultee-not-named.json": base().ok(council_request("economist"))
        .force(opinion("O1", "economist", consultee=None)).doc,
        "TLM122-citation-not-found.json": _with_missing_citation(),
        "TLM123-citation-without-locator.json": base().force(_unlocated_grounding()).doc,
        "TLM124-sustained-but-reasoning-says-fails.json": base().ok(grounding(), logic_bridge(), stress_test())
        .force(contradicting_judgment()).doc,
    }


def _unlocated_grounding() -> dict:
    move = grounding()
    move["data"]["citations"] = [{"source": "Incident tracker export, Q1-Q2"}]
    return move


def contradicting_judgment(status: str = "sustained") -> dict:
    """A judgment whose reasoning argues the opposite of its status (TLM124)."""
    says = {"sustained": "the claim fails: the counterexamples cover the plugin code where the incidents happened",
            "overruled": "the claim holds and the rebuttal only limits its scope to the dynamic parts"}[status]
    move = judgment(status)
    move["verdict"]["reasoning"] = f"Weighing the chain as recorded, {says}."
    return move


def _applied(chain: Chain, move: dict):
    chain.apply(move)
    return chain


def _with_missing_citation() -> dict:
    # The workspace "." is wherever `argcheck validate` runs; the cited file is never there.
    chain = Chain(state_id="20261121-bad001", ticking=True, workspace=".")
    chain.files = {}
    citations = [{"source": "a design note", "locator": "no-such-dir/design-note.md:12"}]
    chain.apply(grounding(), logic_bridge(citations=citations))
    return chain.doc


def chain_examples() -> dict[str, dict]:
    """Standalone chains (Toulmini's exchange format), each named after the one code it yields."""
    def chain(*names, **changes) -> dict:
        doc = {"query": QUERY, **{name: copy.deepcopy(CHAIN[name]) for name in names}}
        for name, fields in changes.items():
            doc[name] = component(name, **fields)
        return doc

    every = ("data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict")
    return {
        "TLM103-claim-without-data.json": chain("claim"),
        "TLM104-stress-test-without-bridge.json": chain("data", "claim", "rebuttal", "qualifier"),
        "TLM105-verdict-without-stress-test.json": chain("data", "claim", "warrant", "backing", "verdict"),
        "TLM107-claim-is-question.json": chain(*every, claim={"statement": "Should we adopt type hints now?"}),
        "TLM108-weak-warrant.json": chain("data", "claim", "warrant", "backing", warrant={"strength": "weak"}),
        "TLM111-absolute-rebuttal-remanded.json": chain(*every, rebuttal={"strength": "absolute"},
                                                        qualifier={"degree": "apparently", "confidence_pct": 10},
                                                        verdict={"status": "remanded"}),
        "TLM112-low-confidence-sustained.json": chain(*every, qualifier={"degree": "apparently",
                                                                          "confidence_pct": 20}),
        "TLM113-certainly-at-eighty.json": chain(*every, qualifier={"degree": "certainly"}),
        "TLM123-citation-without-locator.json": chain(*every, backing={"citations": [{"source": "Gao et al."}]}),
        "TLM124-overruled-but-reasoning-says-holds.json": chain(
            *every, rebuttal={"strength": "strong"}, qualifier={"degree": "probably", "confidence_pct": 65},
            verdict=contradicting_judgment("overruled")["verdict"]),
        "ARG013-principle-too-short.json": chain(*every, warrant={"principle": "Types help."}),
    }


# Every TLM code has an isolated example; TLM109 (a move after termination) needs its TLM108 on record.
NO_ISOLATED_EXAMPLE: dict[str, str] = {}
INHERENT = {"TLM109": {"TLM108"}}
ALLOWED_IN_VALID = {"TLM108", "TLM110"}
GOLDEN = FIXTURES / "golden"
CHAINS = FIXTURES / "chains"
GOLDEN_FORMATS = {"md": "md", "mermaid": "mmd", "dot": "dot", "json": "json"}


def goldens() -> dict[str, str]:
    """The rendered report, diagrams and JSON of every valid example and of the fixture chain."""
    from argcheck.files import operations
    from argcheck.core import discovery

    rendering = discovery.spec("toulmin").part("render")
    sources = {Path(name).stem: doc for name, doc in valid_examples().items()}
    sources["chain-sustained"] = copy.deepcopy(CHAIN)
    files = {}
    for stem, doc in sources.items():
        outcome = operations.replay_doc(doc, make_env({}))
        for fmt, suffix in GOLDEN_FORMATS.items():
            files[f"{stem}.{suffix}"] = rendering.render(outcome.replay.engine.state, fmt, outcome.findings)
    return files


def generated_files() -> dict[str, bytes]:
    """Repository-relative path -> bytes (examples, standalone chains, render goldens), for generate.py."""
    files = {}
    for folder, docs in (("valid", valid_examples()), ("invalid", invalid_examples())):
        files.update({f"state/examples/{folder}/{name}": statefile.serialize(doc) for name, doc in docs.items()})
    chains = CHAINS.relative_to(ROOT).as_posix()
    for name, doc in chain_examples().items():
        files[f"{chains}/{name}"] = (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    golden = GOLDEN.relative_to(ROOT).as_posix()
    files.update({f"{golden}/{name}": text.encode("utf-8") for name, text in goldens().items()})
    return files


def main(out: Path | None = None, golden: Path | None = None) -> int:
    out, golden = out or OUT, golden or GOLDEN
    for folder, docs in (("valid", valid_examples()), ("invalid", invalid_examples())):
        (out / folder).mkdir(parents=True, exist_ok=True)
        for name, doc in docs.items():
            (out / folder / name).write_bytes(statefile.serialize(doc))
            print(f"wrote {folder}/{name}")
    chains = golden.parent / "chains"
    chains.mkdir(parents=True, exist_ok=True)
    for name, doc in chain_examples().items():
        (chains / name).write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote chains/{name}")
    golden.mkdir(parents=True, exist_ok=True)
    for name, text in goldens().items():
        (golden / name).write_text(text, encoding="utf-8")
        print(f"wrote {golden.relative_to(ROOT) if golden.is_relative_to(ROOT) else golden}/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
