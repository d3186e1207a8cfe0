"""Does a verdict's reasoning say the opposite of its status? (seed 000: "Status must match the reasoning").

A pure reading of the reasoning, clause by clause (TLM124 VERDICT_REASONING_CONTRADICTS):

- an *outcome word* says the argument failed (fails, rejected, overruled, refuted, defeated, collapses, …)
  or succeeded (succeeds, sustained, upheld, holds, prevails, survives, validated, …);
- a negation in the three words before it flips it ("does not fail", "cannot be sustained");
- so does an opposing subject, when the nearest subject before it is the rebuttal's side ("the
  objection fails" speaks for the claim); a hit whose nearest subject is another component (the
  warrant, the backing, the data) says nothing about the verdict and is not counted;
- hypothetical and conceded clauses are skipped: those opening with if, unless, although, though,
  while, whereas, even, despite, granted, admittedly, whether, and outcome words after would, could,
  might or may.

A `sustained` verdict contradicts a clause that says the argument failed; an `overruled` one a clause
that says it succeeded. `remanded` sends the chain back without deciding, so it is not read.
"""

from __future__ import annotations

import re

FAILURE = frozenset({"fail", "fails", "failed", "rejected", "overruled", "refuted", "defeated", "collapses",
                     "collapsed", "untenable", "disproved", "disproven", "invalidated"})
SUCCESS = frozenset({"succeed", "succeeds", "succeeded", "sustained", "upheld", "holds", "prevails", "prevailed",
                     "survives", "survived", "validated", "vindicated"})
NEGATIONS = frozenset({"not", "no", "never", "cannot", "neither", "nor", "hardly", "barely", "without"})
MODALS = frozenset({"would", "could", "might", "may"})
OPENERS = frozenset({"if", "unless", "although", "though", "while", "whereas", "even", "despite", "granted",
                     "admittedly", "whether"})
CLAIM_SIDE = frozenset({"argument", "claim", "chain", "conclusion", "case", "position", "thesis", "proposition",
                        "assertion", "it"})
OPPOSING = frozenset({"rebuttal", "rebuttals", "objection", "objections", "exception", "exceptions",
                      "counterexample", "counterexamples", "counterargument", "counterarguments", "critique",
                      "criticism", "criticisms", "challenge", "challenges", "alternative", "alternatives",
                      "doubt", "doubts", "hypothesis", "counterclaim"})
OTHER_COMPONENT = frozenset({"warrant", "backing", "data", "evidence", "qualifier", "premise", "principle",
                             "authority", "citation", "citations", "facts", "fact"})
CLAUSE_BREAK = re.compile(r"[.;:!?,()\[\]\u2014\u2013]+|\s-\s|\b(?:but|however|yet|whereas|although|though|while)\b",
                          re.IGNORECASE)
WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
WINDOW = 3
CONTRADICTING = {"sustained": "failed", "overruled": "succeeded"}


def contradiction(status: str, reasoning: str) -> str | None:
    """The first clause of `reasoning` that says the argument had the opposite outcome of `status`, or None."""
    opposite = CONTRADICTING.get(status)
    if opposite is None:
        return None
    for clause, marker in _clauses(reasoning):
        if marker in OPENERS:
            continue
        if opposite in _outcomes(WORD.findall(clause.lower())):
            return clause.strip()
    return None


def _clauses(text: str):
    """(clause, the word that opened it) pairs, split at punctuation and contrastive conjunctions."""
    start, opener = 0, ""
    for match in CLAUSE_BREAK.finditer(text):
        yield text[start:match.start()], opener or _first_word(text[start:match.start()])
        start, opener = match.end(), match.group(0).strip().lower()
        opener = opener if opener.isalpha() else ""
    yield text[start:], opener or _first_word(text[start:])


def _first_word(clause: str) -> str:
    words = WORD.findall(clause.lower())
    return words[0] if words else ""


def _outcomes(words: list[str]) -> set[str]:
    """The outcomes ("failed", "succeeded") that the clause's outcome words assert about the argument."""
    said = set()
    for index, word in enumerate(words):
        if word not in FAILURE and word not in SUCCESS:
            continue
        before = words[max(0, index - WINDOW):index]
        if MODALS & set(before):
            continue
        subject = _nearest_subject(words[:index])
        if subject in OTHER_COMPONENT:
            continue
        success = word in SUCCESS
        if any(w in NEGATIONS or w.endswith("n't") for w in before):
            success = not success
        if subject in OPPOSING:
            success = not success
        said.add("succeeded" if success else "failed")
    return said


def _nearest_subject(words: list[str]) -> str | None:
    return next((w for w in reversed(words) if w in CLAIM_SIDE or w in OPPOSING or w in OTHER_COMPONENT), None)
