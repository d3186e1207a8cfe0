"""argcheck.protocols.deliberate.records: dataclass-like records that are cheap to define."""

import pytest

from argcheck.protocols.deliberate.records import field, fields, is_record, record


@record
class Move:
    """A test record."""

    kind: str
    seq: int = 0
    tags: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.kind}#{self.seq}"


@record(slots=False)
class Loose:
    name: str
    notes: dict = field(default_factory=dict)


def test_init_takes_positional_and_keyword_arguments_with_defaults():
    assert (Move("point").kind, Move("point").seq, Move("point").tags) == ("point", 0, [])
    move = Move("ledger", seq=3, tags=["a"])
    assert (move.kind, move.seq, move.tags, move.label) == ("ledger", 3, ["a"], "ledger#3")
    assert Move("x", 1, ["t"]) == Move(kind="x", seq=1, tags=["t"])


def test_each_instance_gets_its_own_mutable_default():
    first, second = Move("a"), Move("b")
    first.tags.append("x")
    assert second.tags == []


def test_slots_refuse_unknown_attributes_unless_slots_are_off():
    with pytest.raises(AttributeError):
        Move("a").unknown = 1
    loose = Loose("n")
    loose.extra = 1
    assert loose.notes == {} and loose.extra == 1


def test_equality_repr_and_hash_behave_like_a_dataclass():
    assert Move("a", 1) == Move("a", 1) and Move("a", 1) != Move("a", 2)
    assert Move("a") != Loose("a") and Move("a") != ("a", 0, [])
    assert repr(Move("a", 2)) == "Move(kind='a', seq=2, tags=[])"
    with pytest.raises(TypeError):
        hash(Move("a"))


def test_fields_are_listed_in_declaration_order():
    assert fields(Move("a")) == fields(Move) == ("kind", "seq", "tags")
    assert is_record(Move("a")) and not is_record(Move) and not is_record({"kind": "a"})


def test_a_field_without_default_after_one_with_default_is_refused():
    with pytest.raises(TypeError):
        @record
        class Bad:
            first: int = 0
            second: int
