"""What a Toulmini client sees over stdio: the toulmin://model resource, the toulmin-help prompt, a refusal as
Toulmini answers it (a plain text result holding its error JSON), and the TOULMINI_* environment as the
server's defaults."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
CHAIN = json.loads((ROOT / "tests" / "fixtures" / "toulmin" / "chain-sustained.json").read_text())
NOW = "2026-11-21T09:00:00Z"

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def server(cwd: Path, **environment: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "argcheck", "mcp"], cwd=str(cwd),
                                 env={"ARGCHECK_NOW": NOW, **environment})


def texts(result) -> list[str]:
    return [block.text for block in result.content if block.type == "text"]


async def test_the_model_resource_and_the_help_prompt(tmp_path):
    async with Client(server(tmp_path)) as client:
        resources = {str(r.uri): r for r in (await client.list_resources()).resources}
        assert resources["toulmin://model"].mime_type == "text/markdown"
        model = (await client.read_resource("toulmin://model")).contents[0].text
        prompts = {p.name for p in (await client.list_prompts()).prompts}
        assert "toulmin-help" in prompts
        help_text = (await client.get_prompt("toulmin-help")).messages[0].content.text
    assert model.startswith("# The Toulmin model") and "`reference` (optional)" in model
    assert "absolute | strong | weak | negligible | irrelevant" in model
    order = [help_text.index(name) for name in ("initiate_toulmin_sequence", "inject_logic_bridge",
                                               "stress_test_argument", "render_verdict", "format_analysis_report")]
    assert order == sorted(order)


async def test_a_refusal_is_toulminis_error_json_in_a_plain_text_result(tmp_path):
    async with Client(server(tmp_path)) as client:
        result = await client.call_tool("stress_test_argument", {
            "query": "Some query", "data_json": "{}", "claim_json": "{}", "warrant_json": "", "backing_json": ""})
    assert not result.is_error and len(texts(result)) == 2
    assert texts(result)[0] == '{"error": "MISSING_COMPONENTS", "missing": ["warrant", "backing"]}'
    assert json.loads(texts(result)[1]) == {
        "code": "TLM104", "name": "MISSING_COMPONENTS", "missing": ["warrant", "backing"],
        "reason": "the stress test (phase 3) cannot be recorded without warrant, backing"}
    assert result.structured_content["ok"] is False and result.structured_content["error"]["code"] == "TLM104"
    assert list(tmp_path.iterdir()) == []


async def test_a_success_has_no_error_json_first(tmp_path):
    async with Client(server(tmp_path)) as client:
        result = await client.call_tool("initiate_toulmin_sequence", {"query": CHAIN["query"]})
    assert not result.is_error and texts(result)[0].startswith("# Toulmin chain, phase 1 of 4")


async def test_the_environment_disables_the_council(tmp_path):
    async with Client(server(tmp_path, TOULMINI_ENABLE_COUNCIL="false")) as client:
        result = await client.call_tool("consult_field_experts", {"query": "Query", "perspectives": ["Expert"]})
    assert not result.is_error and json.loads(texts(result)[0])["error"] == "COUNCIL_DISABLED"
    assert not (tmp_path / ".argcheck").exists()


async def test_the_environment_relaxes_the_breakers(tmp_path):
    arguments = {"query": CHAIN["query"], **{f"{name}_json": json.dumps(CHAIN[name]) for name in ("data", "claim")},
                 "warrant_json": json.dumps(dict(CHAIN["warrant"], strength="weak")),
                 "backing_json": json.dumps(CHAIN["backing"])}
    async with Client(server(tmp_path, TOULMINI_STRICT_MODE="false")) as client:
        relaxed = await client.call_tool("stress_test_argument", arguments)
    async with Client(server(tmp_path)) as client:
        strict = await client.call_tool("stress_test_argument", arguments)
    assert not relaxed.is_error and "phase 3 of 4" in texts(relaxed)[0]
    assert not strict.is_error and json.loads(texts(strict)[0])["error"] == "TERMINATION_SIGNAL"
    assert strict.structured_content["ok"] is False and list(tmp_path.iterdir()) == []
