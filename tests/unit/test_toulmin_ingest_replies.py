"""Both ingest paths accept the same reply shapes: a reply deliberate's ingest can read, toulmin's can read."""

from __future__ import annotations

import json

import pytest
from make_toulmin_examples import CHAIN, Chain

from argcheck.protocols.deliberate.reply_format import FormatProblem, extract_object
from argcheck.protocols.toulmin import ingest

BODY = json.dumps({"data": CHAIN["data"], "claim": CHAIN["claim"]})
REPLIES = [
    BODY,
    f"```json\n{BODY}\n```",
    f"```JSON\n{BODY}\n```",
    f"```\n{BODY}\n```",
    f"```json \r\n{BODY}\r\n```",
    f"Here is the grounding:\n```json\n{BODY}\n```\nTell me if {{anything}} is missing.",
    f"Here is the grounding for {{the query}}:\n```json\n{BODY}\n```",
    f"  \n```json\n{BODY}\n```\n\n```text\nnotes\n```",
]


@pytest.mark.parametrize("reply", REPLIES, ids=range(len(REPLIES)))
def test_a_reply_deliberate_reads_toulmin_reads_too(reply):
    assert extract_object(reply) == json.loads(BODY)
    assert ingest.parse_reply(reply) == json.loads(BODY)


@pytest.mark.parametrize("reply", REPLIES, ids=range(len(REPLIES)))
def test_a_fenced_reply_in_an_envelope_is_recorded(reply):
    envelope = {"envelope": 1, "consultee": "codex", "session_id": "s-1", "response": reply, "failure": None}
    chain = Chain()
    moves = ingest.moves_from_envelope(chain.state, envelope)
    assert [m["type"] for m in moves] == ["grounding"] and chain.codes(*moves) == set()


@pytest.mark.parametrize("reply", ["no json here", "[1, 2]", "```json\n[1]\n```", "{not json"])
def test_a_reply_without_one_object_is_refused_by_both(reply):
    with pytest.raises(FormatProblem):
        extract_object(reply)
    with pytest.raises(ingest.IngestProblem, match="not in the requested format"):
        ingest.parse_reply(reply)
