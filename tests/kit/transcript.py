"""A Claude Code transcript as the client writes it (`~/.claude/projects/<project>/<session>.jsonl`), for tests
that feed the hooks by hand: what the witness records, the client must have seen."""

from __future__ import annotations

import json
import uuid
from pathlib import Path


class FakeTranscript:
    """One conversation's transcript file, written line by line in the client's shapes."""

    def __init__(self, root: Path, session: str = "conv-1") -> None:
        self.session = session
        self.path = root / "claude" / "projects" / "-project" / f"{session}.jsonl"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.touch()

    def _line(self, kind: str, content) -> None:
        line = {"type": kind, "sessionId": self.session, "uuid": str(uuid.uuid4()),
                "message": {"role": kind, "content": content}}
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")

    def prompt(self, text: str) -> None:
        self._line("user", text)

    def tool(self, name: str, tool_input: dict, result: str = "", is_error: bool = False) -> None:
        call_id = "toolu_" + uuid.uuid4().hex[:20]
        self._line("assistant", [{"type": "tool_use", "id": call_id, "name": name, "input": tool_input}])
        self._line("user", [{"type": "tool_result", "tool_use_id": call_id, "content": result, "is_error": is_error}])

    def show(self, record: dict) -> None:
        """The lines the client writes for what `record` (a witness record) says happened."""
        kind = record["kind"]
        if kind == "prompt":
            self.prompt(record["text"])
        elif kind == "bash":
            self.tool("Bash", {"command": record["command"]}, record.get("output", ""), record.get("exit_code") != 0)
        elif kind == "web_search":
            self.tool("WebSearch", {"query": record["query"]}, " ".join(record.get("urls", [])))
        elif kind == "web_fetch":
            self.tool("WebFetch", {"url": record["url"]}, "fetched")
