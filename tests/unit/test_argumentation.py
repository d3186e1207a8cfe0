"""Unit, fixture and differential tests for argcheck.protocols.deliberate.argumentation."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from argcheck.protocols.deliberate.argumentation import (
    LABELS,
    Conflict,
    from_iccma,
    grounded_labelling,
    is_admissible,
    is_conflict_free,
    labelling_conflicts,
    to_iccma,
)

try:  # the oracle must be present: a missing package fails the differential tests, it never skips them
    from argumentation.core.dung import ArgumentationFramework as OracleFramework
    from argumentation.core.dung import grounded_extension as oracle_grounded_extension

    ORACLE_IMPORT_ERROR: ImportError | None = None
except ImportError as exc:  # pragma: no cover - exercised only on a broken environment
    ORACLE_IMPORT_ERROR = exc

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "af"
FIXTURE_FILES = sorted(FIXTURES.glob("*.af"))
Attack = tuple[str, str]


# ---------------------------------------------------------------- helpers and oracles


def read_fixture(path: Path) -> tuple[list[str], list[Attack], dict[str, str]]:
    """Parse a fixture and its `# expect LABEL: i j ...` lines (1-based ICCMA numbers)."""
    text = path.read_text(encoding="utf-8")
    arguments, attacks = from_iccma(text)
    expected: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("# expect "):
            label, _, numbers = line[len("# expect ") :].partition(":")
            assert label in LABELS, f"{path.name}: bad expect line {line!r}"
            for number in numbers.split():
                argument = arguments[int(number) - 1]
                assert argument not in expected, f"{path.name}: {number} expected twice"
                expected[argument] = label
    return arguments, attacks, expected


def naive_grounded(arguments: Sequence[str], attacks: Sequence[Attack]) -> dict[str, str]:
    """Least fixed point of the characteristic function F(S) = {a | S defends a}, iterated from the empty set."""
    attackers = {a: {s for s, t in attacks if t == a} for a in arguments}
    extension: set[str] = set()
    while True:
        beaten = {t for s, t in attacks if s in extension}
        step = {a for a in arguments if attackers[a] <= beaten}
        if step == extension:
            break
        extension = step
    return {a: "in" if a in extension else "out" if a in beaten else "undec" for a in arguments}


def naive_illegal(arguments: Sequence[str], attacks: Sequence[Attack], labelling: Mapping[str, str]) -> set[str]:
    """Arguments whose label breaks the complete-labelling definition, straight from the definition."""
    bad = {key for key in labelling if key not in arguments}
    for a in arguments:
        label = labelling.get(a)
        attacker_labels = [labelling.get(s) for s, t in attacks if t == a]
        all_out = all(lab == "out" for lab in attacker_labels)
        some_in = any(lab == "in" for lab in attacker_labels)
        legal = (label == "in" and all_out) or (label == "out" and some_in)
        legal = legal or (label == "undec" and not all_out and not some_in)
        if not legal:
            bad.add(a)
    return bad


def naive_admissible(attacks: Sequence[Attack], members: set[str]) -> bool:
    """Conflict-free and defends every member, straight from Dung's definition."""
    conflict_free = not any(s in members and t in members for s, t in attacks)
    defended = all(any((d, s) in attacks for d in members) for s, t in attacks if t in members)
    return conflict_free and defended


def oracle_in_set(arguments: Sequence[str], attacks: Sequence[Attack]) -> set[str]:
    """Grounded extension according to the PyPI package formal-argumentation (import name `argumentation`)."""
    if ORACLE_IMPORT_ERROR is not None:
        pytest.fail(
            "formal-argumentation is required for the differential tests "
            f"(pip install formal-argumentation): {ORACLE_IMPORT_ERROR}"
        )
    framework = OracleFramework(arguments=frozenset(arguments), defeats=frozenset(attacks))
    return set(oracle_grounded_extension(framework))


def in_set(labelling: Mapping[str, str]) -> set[str]:
    return {a for a, label in labelling.items() if label == "in"}


def random_framework(rng: random.Random, n: int, m: int) -> tuple[list[str], list[Attack]]:
    arguments = [f"a{i}" for i in range(n)]
    attacks = [(rng.choice(arguments), rng.choice(arguments)) for _ in range(m)] if n else []
    return arguments, attacks


@st.composite
def frameworks(draw: st.DrawFn, max_arguments: int = 9) -> tuple[list[str], list[Attack]]:
    """Small random AFs; self-attacks and duplicate attacks occur naturally."""
    n = draw(st.integers(min_value=0, max_value=max_arguments))
    arguments = [f"a{i}" for i in range(n)]
    if not arguments:
        return arguments, []
    attack = st.tuples(st.sampled_from(arguments), st.sampled_from(arguments))
    return arguments, draw(st.lists(attack, max_size=3 * n))


# ---------------------------------------------------------------- committed fixtures


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_expectations_cover_every_argument(path: Path) -> None:
    arguments, _, expected = read_fixture(path)
    assert set(expected) == set(arguments)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_grounded_labels_match_hand_checked_expectations(path: Path) -> None:
    arguments, attacks, expected = read_fixture(path)
    assert grounded_labelling(arguments, attacks) == expected


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_grounded_labelling_is_a_legal_complete_labelling(path: Path) -> None:
    arguments, attacks, _ = read_fixture(path)
    assert labelling_conflicts(arguments, attacks, grounded_labelling(arguments, attacks)) == []


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_iccma_round_trip(path: Path) -> None:
    arguments, attacks, _ = read_fixture(path)
    again = from_iccma(to_iccma(arguments, attacks))
    assert again[0] == arguments and set(again[1]) == set(attacks)


def test_fixture_set_contains_the_classic_frameworks() -> None:
    names = {p.stem for p in FIXTURE_FILES}
    wanted = {"chain3", "two_cycle", "odd_cycle3", "self_attack", "floating_reinstatement", "long_chain_10000"}
    assert wanted <= names


# ---------------------------------------------------------------- grounded labelling


def test_grounded_labels_unattacked_argument_in() -> None:
    assert grounded_labelling(["a"], []) == {"a": "in"}


def test_grounded_labels_empty_framework_is_empty() -> None:
    assert grounded_labelling([], []) == {}


def test_grounded_labels_self_attacker_undec_and_its_target_undec() -> None:
    assert grounded_labelling(["a", "b"], [("a", "a"), ("a", "b")]) == {"a": "undec", "b": "undec"}


def test_grounded_labels_self_attacker_out_when_attacked_by_in() -> None:
    assert grounded_labelling(["a", "b"], [("b", "a"), ("a", "a")]) == {"a": "out", "b": "in"}


def test_grounded_labels_preserve_argument_order() -> None:
    assert list(grounded_labelling(["z", "b", "a"], [("a", "b")])) == ["z", "b", "a"]


def test_grounded_labels_duplicate_attacks_change_nothing() -> None:
    once = grounded_labelling(["a", "b", "c"], [("c", "b"), ("b", "a")])
    thrice = grounded_labelling(["a", "b", "c"], [("c", "b"), ("b", "a"), ("b", "a"), ("c", "b"), ("b", "a")])
    assert once == thrice == {"a": "in", "b": "out", "c": "in"}


def test_grounded_accepts_a_one_shot_iterator_of_attacks() -> None:
    assert grounded_labelling(["a", "b"], iter([("a", "b")])) == {"a": "in", "b": "out"}


@pytest.mark.parametrize("attack, unknown", [(("x", "a"), "'x'"), (("a", "y"), "'y'")])
def test_grounded_rejects_attack_naming_unknown_argument(attack: Attack, unknown: str) -> None:
    with pytest.raises(ValueError, match=f"unknown argument {unknown}"):
        grounded_labelling(["a"], [attack])


def test_grounded_rejects_duplicate_argument() -> None:
    with pytest.raises(ValueError, match="duplicate argument 'a'"):
        grounded_labelling(["a", "b", "a"], [])


def test_grounded_long_chain_needs_no_recursion() -> None:
    n = 100_000
    arguments = [str(i) for i in range(n)]
    attacks = [(arguments[i + 1], arguments[i]) for i in range(n - 1)]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100 + len(__import__("inspect").stack()))
    try:
        labels = grounded_labelling(arguments, attacks)
    finally:
        sys.setrecursionlimit(limit)
    assert all(labels[str(i)] == ("in" if i % 2 == (n - 1) % 2 else "out") for i in range(n))


def test_grounded_handles_100k_arguments_300k_attacks_quickly() -> None:
    arguments, attacks = random_framework(random.Random(7), 100_000, 300_000)
    start = time.perf_counter()
    labels = grounded_labelling(arguments, attacks)
    elapsed = time.perf_counter() - start
    assert len(labels) == 100_000
    assert elapsed < 10.0, f"grounded_labelling took {elapsed:.2f}s on 1e5/3e5 (expected well under 1s)"


# ---------------------------------------------------------------- differential tests


def test_formal_argumentation_oracle_is_importable() -> None:
    assert ORACLE_IMPORT_ERROR is None, f"pip install formal-argumentation: {ORACLE_IMPORT_ERROR}"


@settings(max_examples=400, deadline=None)
@given(frameworks())
def test_grounded_matches_naive_characteristic_fixpoint(af: tuple[list[str], list[Attack]]) -> None:
    arguments, attacks = af
    assert grounded_labelling(arguments, attacks) == naive_grounded(arguments, attacks)


@settings(max_examples=400, deadline=None)
@given(frameworks())
def test_grounded_in_set_matches_formal_argumentation(af: tuple[list[str], list[Attack]]) -> None:
    arguments, attacks = af
    assert in_set(grounded_labelling(arguments, attacks)) == oracle_in_set(arguments, attacks)


@pytest.mark.parametrize("seed, n, m", [(1, 300, 300), (2, 300, 900), (3, 500, 600), (4, 200, 1000)])
def test_grounded_matches_both_oracles_on_medium_random_frameworks(seed: int, n: int, m: int) -> None:
    arguments, attacks = random_framework(random.Random(seed), n, m)
    labels = grounded_labelling(arguments, attacks)
    assert labels == naive_grounded(arguments, attacks)
    assert in_set(labels) == oracle_in_set(arguments, attacks)


def test_grounded_matches_formal_argumentation_on_10k_framework() -> None:
    arguments, attacks = random_framework(random.Random(10), 10_000, 30_000)
    assert in_set(grounded_labelling(arguments, attacks)) == oracle_in_set(arguments, attacks)


@settings(max_examples=300, deadline=None)
@given(frameworks())
def test_grounded_labelling_is_always_legal_and_its_in_set_admissible(af: tuple[list[str], list[Attack]]) -> None:
    arguments, attacks = af
    labels = grounded_labelling(arguments, attacks)
    assert labelling_conflicts(arguments, attacks, labels) == []
    assert is_conflict_free(arguments, attacks, in_set(labels))
    assert is_admissible(arguments, attacks, in_set(labels))


@settings(max_examples=400, deadline=None)
@given(frameworks(max_arguments=7), st.data())
def test_labelling_conflicts_match_the_definition_on_random_labellings(
    af: tuple[list[str], list[Attack]], data: st.DataObject
) -> None:
    arguments, attacks = af
    labelling = {a: data.draw(st.sampled_from(LABELS)) for a in arguments}
    found = labelling_conflicts(arguments, attacks, labelling)
    assert {c.argument for c in found} == naive_illegal(arguments, attacks, labelling)
    assert len(found) == len({c.argument for c in found})


@settings(max_examples=400, deadline=None)
@given(frameworks(max_arguments=7), st.data())
def test_admissibility_and_conflict_freeness_match_the_definition(
    af: tuple[list[str], list[Attack]], data: st.DataObject
) -> None:
    arguments, attacks = af
    members = set(data.draw(st.lists(st.sampled_from(arguments)))) if arguments else set()
    assert is_admissible(arguments, attacks, members) == naive_admissible(attacks, members)
    assert is_conflict_free(arguments, attacks, members) == (not any(s in members and t in members for s, t in attacks))


# ---------------------------------------------------------------- labelling legality by hand

CHAIN = (["a", "b", "c"], [("c", "b"), ("b", "a")])  # a <- b <- c


@pytest.mark.parametrize(
    "labelling, argument, reason",
    [
        ({"a": "in", "b": "in", "c": "in"}, "a", "labelled in but attacker 'b' is not out"),
        ({"a": "in", "b": "out", "c": "out"}, "b", "labelled out but no attacker is in"),
        ({"a": "undec", "b": "out", "c": "in"}, "a", "labelled undec but every attacker is out (must be in)"),
        ({"a": "in", "b": "undec", "c": "in"}, "b", "labelled undec but attacker 'c' is in (must be out)"),
        ({"a": "in", "b": "out"}, "c", "has no label"),
        ({"a": "in", "b": "out", "c": "IN"}, "c", "invalid label 'IN' (expected 'in', 'out' or 'undec')"),
        ({"a": "in", "b": "out", "c": "in", "d": "out"}, "d", "labelled but not an argument of the framework"),
    ],
)
def test_labelling_conflicts_catch_hand_made_illegal_labellings(
    labelling: dict[str, str], argument: str, reason: str
) -> None:
    assert Conflict(argument, reason) in labelling_conflicts(*CHAIN, labelling)


def test_labelling_conflicts_accept_the_grounded_labelling_of_the_chain() -> None:
    assert labelling_conflicts(*CHAIN, {"a": "in", "b": "out", "c": "in"}) == []


def test_labelling_conflicts_accept_a_non_grounded_complete_labelling() -> None:
    two_cycle = (["a", "b"], [("a", "b"), ("b", "a")])
    assert labelling_conflicts(*two_cycle, {"a": "in", "b": "out"}) == []
    assert labelling_conflicts(*two_cycle, {"a": "undec", "b": "undec"}) == []


def test_labelling_conflicts_flag_self_attacker_labelled_in() -> None:
    assert labelling_conflicts(["a"], [("a", "a")], {"a": "in"}) == [
        Conflict("a", "labelled in but attacker 'a' is not out")
    ]


def test_labelling_conflicts_reject_unknown_attack_argument() -> None:
    with pytest.raises(ValueError, match="unknown argument 'z'"):
        labelling_conflicts(["a"], [("z", "a")], {"a": "in"})


@pytest.mark.parametrize(
    "members, admissible",
    [(set(), True), ({"c"}, True), ({"a", "c"}, True), ({"a"}, False), ({"b"}, False), ({"b", "c"}, False)],
)
def test_is_admissible_on_the_chain(members: set[str], admissible: bool) -> None:
    assert is_admissible(*CHAIN, members) is admissible


def test_is_conflict_free_rejects_self_attacker_and_accepts_mutual_attacker_alone() -> None:
    assert not is_conflict_free(["a"], [("a", "a")], {"a"})
    assert is_conflict_free(["a", "b"], [("a", "b"), ("b", "a")], {"a"})
    assert is_admissible(["a", "b"], [("a", "b"), ("b", "a")], {"a"})


def test_set_checks_reject_members_outside_the_framework() -> None:
    with pytest.raises(ValueError, match="set member 'q'"):
        is_admissible(*CHAIN, {"q"})
    with pytest.raises(ValueError, match="set member 'q'"):
        is_conflict_free(*CHAIN, {"q"})


# ---------------------------------------------------------------- ICCMA 2023 .af


def test_to_iccma_writes_header_id_comments_and_sorted_unique_attacks() -> None:
    text = to_iccma(["a", "b", "c"], [("c", "b"), ("b", "a"), ("c", "b")])
    assert text == "p af 3\n# 1 a\n# 2 b\n# 3 c\n2 1\n3 2\n"


def test_to_iccma_without_comment_ids_writes_numbers_only() -> None:
    assert to_iccma(["a", "b"], {("a", "b")}, comment_ids=False) == "p af 2\n1 2\n"


def test_to_iccma_is_deterministic_for_any_attack_order() -> None:
    arguments, attacks = random_framework(random.Random(3), 50, 150)
    shuffled = attacks[:]
    random.Random(4).shuffle(shuffled)
    assert to_iccma(arguments, attacks) == to_iccma(arguments, shuffled) == to_iccma(arguments, set(attacks))


def test_to_iccma_of_empty_framework() -> None:
    assert to_iccma([], []) == "p af 0\n"
    assert from_iccma("p af 0\n") == ([], [])


@pytest.mark.parametrize("name", ["", " a", "a ", "a\nb", "a\rb"])
def test_to_iccma_rejects_ids_that_cannot_be_comments(name: str) -> None:
    with pytest.raises(ValueError, match="cannot be written as an ICCMA comment"):
        to_iccma([name], [])
    assert to_iccma([name], [], comment_ids=False) == "p af 1\n"


def test_to_iccma_rejects_unknown_argument() -> None:
    with pytest.raises(ValueError, match="unknown argument 'x'"):
        to_iccma(["a"], [("a", "x")])


def test_from_iccma_without_names_numbers_the_arguments() -> None:
    text = "p af 3\n# a attacks b, b attacks c\n1 2\n2 3\n"
    assert from_iccma(text) == (["1", "2", "3"], [("1", "2"), ("2", "3")])


def test_from_iccma_ignores_an_incomplete_set_of_numeric_comments() -> None:
    assert from_iccma("p af 2\n# 1 attacks 2\n1 2\n") == (["1", "2"], [("1", "2")])


def test_from_iccma_tolerates_crlf_blank_lines_and_leading_comments() -> None:
    text = "# made by hand\r\n\r\np af 2\r\n# 1 left\r\n# 2 right\r\n\r\n2 1\r\n2 1\r\n"
    assert from_iccma(text) == (["left", "right"], [("right", "left")])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(min_size=1, max_size=8).filter(lambda s: s == s.strip() and "\n" not in s and "\r" not in s),
             unique=True, max_size=8),
    st.data(),
)
def test_iccma_round_trip_with_arbitrary_names(names: list[str], data: st.DataObject) -> None:
    attacks = data.draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)))) if names else []
    arguments, parsed = from_iccma(to_iccma(names, attacks))
    assert arguments == names and set(parsed) == set(attacks) and len(parsed) == len(set(attacks))
    numbered, _ = from_iccma(to_iccma(names, attacks, comment_ids=False))
    assert numbered == [str(i) for i in range(1, len(names) + 1)]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", r"line 1: input ended before the 'p af <n>' header"),
        ("# only a comment\n", r"line 2: input ended before"),
        ("1 2\n", r"line 1: expected header 'p af <n>'"),
        ("# c\np aba 3\n", r"line 2: expected header 'p af <n>'"),
        ("p af x\n", r"line 1: expected header"),
        ("p af -1\n", r"line 1: expected header"),
        ("p af 3 4\n", r"line 1: expected header"),
        ("p af 3\n1 2\n1 4\n", r"line 3: argument id 4 is outside 1..3"),
        ("p af 3\n0 1\n", r"line 2: argument id 0 is outside 1..3"),
        ("p af 3\n1 -2\n", r"line 2: argument id '-2' is not a positive integer"),
        ("p af 3\n1 b\n", r"line 2: argument id 'b' is not a positive integer"),
        ("p af 3\n1 2 3\n", r"line 2: expected an attack 'i j'"),
        ("p af 3\n\n2\n", r"line 3: expected an attack 'i j'"),
        ("p af 3\np af 3\n", r"line 2: expected an attack 'i j'"),
        ("p af 0\n1 1\n", r"line 2: argument id 1 is outside 1..0"),
    ],
)
def test_from_iccma_bad_input_raises_value_error_with_line_number(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        from_iccma(text)
