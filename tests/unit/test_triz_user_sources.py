"""When the agent's web search is refused, the user's sources are recorded as research (`web_search` with
`"actor": "user"`): the research rules accept them, the research log says whose they are."""

from __future__ import annotations

from triz_kit import Session, search, source, state_of_art

from argcheck.protocols.triz.document_sections import research_log


def user_sources(purpose: str, *names: str, **fields) -> dict:
    return {**search(purpose, *names, **fields), "actor": "user",
            "query": "sources on winter range loss (the search tool was refused; asked the user)"}


def test_the_users_sources_count_as_the_state_of_the_art_research():
    session = Session().ok(user_sources("state_of_art", "soa"))
    assert session.codes(state_of_art("soa")) == set()


def test_a_url_the_user_gave_can_be_cited_as_evidence():
    session = Session().ok(user_sources("state_of_art", "user-paper"))
    move = {"type": "map_state_of_art", "summary": "The user's fleet study is the state of the art.",
            "sources": [source("user-paper")]}
    assert session.codes(move) == set()


def test_without_any_research_the_state_of_the_art_is_still_refused():
    assert "TRZ112" in Session().codes(state_of_art("soa"))


def test_only_the_agent_or_the_user_may_record_research():
    assert Session().codes({**search("state_of_art", "soa"), "actor": "arbiter"}) != set()


def test_the_research_log_marks_the_users_sources():
    session = Session().ok(user_sources("state_of_art", "soa"), search("general", "other"))
    rows = research_log(session.state).splitlines()
    assert sum("(sources from the user)" in row for row in rows) == 1
    assert "(sources from the user)" in next(row for row in rows if "state_of_art" in row)
