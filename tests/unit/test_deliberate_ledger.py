"""The ledger, provenance, artifacts and the evidence gate: DLB140–DLB150."""

from __future__ import annotations

from dlb import (
    NOW, Run, classify, defend, executed, judge, ledger, point, reject, reply, skeptical, verified, verify,
)

from argcheck.core.env import Env, file_reader
from argcheck.protocols.deliberate import queries


def after_reply(**options) -> Run:
    run = Run(**options)
    run.ok(reply())
    return run


# --- DLB140 -------------------------------------------------------------------------------------

def test_dlb140_refuses_verified_without_artifact_or_execution():
    run = after_reply()
    assert run.codes(ledger("L1", "verified")) == {"DLB140"}
    run.ok(ledger("L2"))
    assert run.codes(verify("L2", quote="x")) == {"DLB140"}


def test_dlb140_accepts_verified_with_execution_or_artifact():
    run = after_reply()
    run.ok(verified("L1"), ledger("L2", "verified", artifact="src/cache.py:3", quote="TTL_SECONDS = 300"))
    assert run.state.ledger["L1"].evidence_type == "execution"
    assert run.state.ledger["L2"].evidence_type == "textual"


# --- DLB141 / DLB142 ----------------------------------------------------------------------------

def test_dlb141_refuses_a_missing_file_or_a_line_past_the_end():
    run = after_reply()
    assert run.codes(ledger("L1", "verified", artifact="src/nope.py:1")) == {"DLB141"}
    assert run.codes(ledger("L1", "verified", artifact="src/cache.py:7")) == {"DLB141"}
    run.ok(ledger("L1"))
    assert run.codes(verify("L1", artifact="src/cache.py:99")) == {"DLB141"}


def test_dlb141_accepts_an_existing_line_inside_the_workspace():
    run = after_reply()
    run.ok(ledger("L1", "verified", artifact="src/cache.py:6"))


UNCONFIRMABLE = ("/etc/hosts:1", "../../etc/passwd:1", "/nonexistent-dir/cache.py:3",
                 "../../nonexistent-dir/cache.py:3")


def test_dlb141_refuses_verification_by_an_artifact_outside_the_workspace():
    for artifact in UNCONFIRMABLE:
        run = after_reply()
        assert run.codes(ledger("L1", "verified", artifact=artifact, quote="anything")) == {"DLB141"}
        run.ok(ledger("L2"))
        assert run.codes(verify("L2", artifact=artifact)) == {"DLB141"}
        assert run.state.ledger["L2"].provenance == "orchestrator-unverified"


def test_an_unconfirmed_verified_entry_never_carries_an_empirical_point_to_agreed():
    run = after_reply()
    run.ok(point("P1", kind="empirical"), classify("P1", "AGREE"))
    run.codes(ledger("L1", "verified", artifact="../../etc/passwd:1", supports=["P1"]))
    assert run.state.points["P1"].bucket is None


def test_an_unverified_entry_may_point_outside_the_workspace_and_confirms_nothing():
    run = after_reply()
    run.ok(ledger("L1", artifact="/etc/hosts:1"))
    assert run.state.ledger["L1"].provenance == "orchestrator-unverified"


def test_artifacts_are_confirmed_against_real_files_with_symlinks_resolved(tmp_path):
    workspace, outside = tmp_path / "ws", tmp_path / "secret.txt"
    (workspace / "src").mkdir(parents=True)
    (workspace / "src" / "cache.py").write_text("import redis\nTTL = 300\n")
    outside.write_text("password\n")
    (workspace / "link.txt").symlink_to(outside)
    (workspace / "inside-link.py").symlink_to(workspace / "src" / "cache.py")
    env = Env(now=NOW, read_lines=file_reader(str(workspace)))
    run = Run(env=env, workspace=str(workspace)).ok(reply())
    run.ok(ledger("L1", "verified", artifact="src/cache.py:2", quote="TTL = 300"),
           ledger("L2", "verified", artifact="inside-link.py:1"))
    for artifact in ("link.txt:1", "../secret.txt:1", f"{outside}:1", "src/../../secret.txt:1",
                     "src/nul\x00byte.py:1", "src/cache.py\x00:1"):
        assert run.codes(ledger("L3", "verified", artifact=artifact)) == {"DLB141"}, artifact


def test_dlb142_refuses_a_quote_that_is_not_near_the_line():
    run = after_reply()
    assert run.codes(ledger("L1", "verified", artifact="src/cache.py:3", quote="TTL_SECONDS = 60")) == {"DLB142"}
    assert run.codes(ledger("L1", "verified", artifact="src/cache.py:6", quote="import redis")) == {"DLB142"}


def test_dlb142_accepts_a_quote_within_two_lines_whitespace_normalised():
    run = after_reply()
    run.ok(ledger("L1", "verified", artifact="src/cache.py:1", quote="TTL_SECONDS   =  300"))
    run.ok(ledger("L2", "verified", artifact="src/cache.py:4", quote="return redis.Redis(host='localhost',"))


# --- DLB143 / DLB144 / DLB145 / DLB146 --------------------------------------------------------------

def test_dlb143_refuses_superseding_or_revising_a_user_entry():
    run = after_reply()
    run.ok(ledger("U1", "user", "user", claim_type="constraint", text="Budget is 100 USD a month"))
    assert run.codes(verified("L1", supersedes="U1")) == {"DLB143"}
    assert run.codes(ledger("L1", "revision", revises="U1", justification="cheaper now")) == {"DLB143"}


def test_dlb143_accepts_a_user_entry_superseding_an_orchestrator_entry():
    run = after_reply()
    run.ok(ledger("L1"), ledger("U1", "user", "user", text="Budget is 50 USD", supersedes="L1"))
    assert run.state.ledger["L1"].superseded_by == "U1"


def test_dlb144_refuses_an_unverified_entry_superseding_a_verified_one():
    run = after_reply()
    run.ok(verified("L1"))
    assert run.codes(ledger("L2", "codex-unverified", "consultee", supersedes="L1")) == {"DLB144"}


def test_dlb144_accepts_a_verified_entry_superseding_a_verified_one():
    run = after_reply()
    run.ok(verified("L1"), verified("L2", supersedes="L1", text="newer benchmark"))


def test_dlb145_refuses_a_revision_without_revises_and_justification():
    run = after_reply()
    run.ok(ledger("L1"))
    assert run.codes(ledger("L2", "revision")) == {"DLB145"}
    assert run.codes(ledger("L2", "revision", revises="L1")) == {"DLB145"}


def test_dlb145_accepts_a_justified_revision():
    run = after_reply()
    run.ok(ledger("L1"), ledger("L2", "revision", revises="L1", justification="Revising because the load doubled"))


def test_dlb146_refuses_restating_an_unverified_entry_under_a_stronger_tag():
    run = after_reply()
    run.ok(ledger("L1", "codex-unverified", "consultee", text="Redis does 100k ops/s"))
    move = verified("L2", text="redis does  100k ops/s", supersedes="L1")
    assert run.codes(move) == {"DLB146"}


def test_dlb146_accepts_verifying_the_unverified_entry():
    run = after_reply()
    run.ok(ledger("L1", "codex-unverified", "consultee", text="Redis does 100k ops/s"), verify("L1"))
    assert run.state.ledger["L1"].provenance == "verified"


# --- DLB147 / DLB148 / DLB149 -------------------------------------------------------------------

def test_dlb147_refuses_an_unverified_tag_naming_another_consultee():
    run = after_reply()
    assert run.codes(ledger("L1", "gemini-unverified", "consultee")) == {"DLB147"}


def test_dlb147_accepts_the_header_consultee_and_orchestrator_tags():
    run = after_reply(consultee="gemini")
    run.ok(ledger("L1", "gemini-unverified", "consultee"), ledger("L2", "orchestrator-unverified"))


def test_dlb148_refuses_a_provenance_that_does_not_match_the_actor():
    run = after_reply()
    assert run.codes(ledger("L1", "user", "orchestrator")) == {"DLB148"}
    assert run.codes(ledger("L1", "codex-unverified", "orchestrator")) == {"DLB148"}
    assert run.codes(ledger("L1", "orchestrator-unverified", "consultee")) == {"DLB148"}
    assert run.codes(ledger("L1", "verified", "consultee", execution=executed())) == {"DLB148"}


def test_dlb148_accepts_matching_provenance():
    run = after_reply()
    run.ok(ledger("L1", "user", "user"), ledger("L2", "codex-unverified", "consultee"))


def test_dlb149_refuses_verifying_a_verified_or_user_entry():
    run = after_reply()
    run.ok(verified("L1"), ledger("U1", "user", "user"))
    assert run.codes(verify("L1")) == {"DLB149"}
    assert run.codes(verify("U1")) == {"DLB149"}


def test_dlb149_accepts_verifying_a_revision_entry():
    run = after_reply()
    run.ok(ledger("L1"), ledger("L2", "revision", revises="L1", justification="new data"), verify("L2"))


# --- DLB150 and the evidence gate ------------------------------------------------------------------

def test_dlb150_warns_when_a_defense_cites_only_unverified_entries():
    run = after_reply()
    run.ok(point("P1", kind="empirical"), skeptical("P1", "C1"), ledger("L1", "codex-unverified", "consultee"))
    assert run.codes(defend("C1", evidence=["L1"])) == {"DLB150"}
    assert run.state.challenges["C1"].status == "defended"
    assert run.codes(judge("C1", evidence=["L1"])) == {"DLB150"}
    p1 = run.state.points["P1"]
    assert p1.bucket is None and p1.awaiting_evidence


def test_dlb150_accepts_a_defense_citing_verified_evidence_which_passes_the_gate():
    run = after_reply()
    run.ok(point("P1", kind="empirical"), skeptical("P1", "C1"), verified("L1"))
    run.ok(defend("C1", evidence=["L1"]), judge("C1"))
    assert (run.state.points["P1"].bucket, run.state.points["P1"].bucket_reason) == ("agreed", "defense_accepted")


def test_evidence_gate_opens_when_a_supporting_entry_is_verified_and_closes_when_superseded():
    run = after_reply()
    run.ok(point("P1", kind="empirical"), classify("P1", "AGREE"),
           ledger("L1", "codex-unverified", "consultee", supports=["P1"]))
    assert run.state.points["P1"].awaiting_evidence
    assert any("awaiting verified evidence" in item for item in queries.due_items(run.state))
    run.ok(verify("L1"))
    assert run.state.points["P1"].bucket == "agreed"
    run.ok(ledger("L2", "revision", revises="L1", supersedes="L1", justification="benchmark was wrong"))
    assert run.state.points["P1"].bucket is None


def test_rejecting_with_evidence_the_rebuttal_of_a_reject_challenge_dismisses_the_point():
    run = after_reply()
    run.ok(point("P1", kind="empirical"), reject("P1", "C1"), defend("C1"),
           ledger("L1", "verified", artifact="src/cache.py:3", quote="TTL_SECONDS = 300"),
           judge("C1", "rejected", evidence=["L1"]))
    assert run.state.points["P1"].bucket_reason == "rejected_with_evidence"
