"""The TLM rule family: the Toulmin chain's phases, circuit breakers, verdict consistency and council."""

from argcheck.core.findings import ERROR, INFO, WARNING
from argcheck.core.rules import define

P = "toulmin"

define("TLM101", "QUERY_TOO_SHORT", ERROR,
       "the query has {length} non-blank character(s); at least {minimum} are needed",
       "ask a real question, e.g. `Should we replace the ORM with raw SQL?`",
       why="A query that short cannot anchor an argument (Toulmini rejects it the same way).",
       example='argcheck init toulmin --query "why"',
       fix="Write the question the chain should argue about in full.", protocol=P)
define("TLM102", "QUERY_HASH_MISMATCH", ERROR, "query_hash {found} is not the hash of the query ({expected})",
       "the header's query was edited; restore it or start a new chain",
       why="The query is the chain's anchor; its hash makes an edited query visible.",
       example='"query" changed by hand after `argcheck init toulmin`',
       fix="Restore the original query, or start a new chain for the new one.", protocol=P)
define("TLM103", "MISSING_PHASE_1_OUTPUT", ERROR, "phase 1 (grounding) is incomplete; missing: {missing}",
       "record the grounding first: {{\"type\": \"grounding\", \"data\": {{...}}, \"claim\": {{...}}}}",
       why="A warrant bridges the data to the claim; without both of them there is nothing to bridge "
           "(Toulmini's MISSING_PHASE_1_OUTPUT).",
       example='{"type": "logic_bridge", ...} as the first move',
       fix="Apply the grounding move (data + claim), then the logic bridge.", protocol=P)
define("TLM104", "MISSING_COMPONENTS", ERROR, "the {phase} cannot be recorded without {missing}",
       "record the missing components first, in phase order",
       why="Each phase builds on all earlier components (Data → Claim → Warrant → Backing → Rebuttal → "
           "Qualifier → Verdict); a component without its predecessors has nothing to stand on.",
       example='{"type": "stress_test", ...} right after the grounding (no warrant, no backing)',
       fix="Apply the logic bridge (warrant + backing) before the stress test.", protocol=P)
define("TLM105", "INCOMPLETE_CHAIN", ERROR, "the {phase} needs the complete chain; missing: {missing}",
       "an incomplete chain cannot be judged or reported: record the missing components first",
       why="A verdict on a chain without its rebuttal and qualifier skips the stress test.",
       example='{"type": "judgment", ...} right after the logic bridge',
       fix="Apply the stress test (rebuttal + qualifier) before the judgment.", protocol=P)
define("TLM106", "COMPONENT_ALREADY_RECORDED", ERROR, "the {components} {verb} already recorded (move {seq})",
       "components are never rewritten; start a new chain to argue differently",
       why="The chain is an append-only record; a second warrant would silently replace the one that was "
           "stress-tested and judged.",
       example="two grounding moves in one chain",
       fix="Keep the first component, or start a new chain with `argcheck init toulmin`.", protocol=P)
define("TLM107", "CLAIM_IS_QUESTION", ERROR, "the claim is a question, not an assertion: {statement!r}",
       "state the answer you argue for, e.g. `Raw SQL is the better choice here.`",
       why="A claim asserts something that data and warrant can support; a question asserts nothing. "
           "The rule: after trailing spaces, quotes and closing brackets, the statement ends with a "
           "question mark (?, ？ or ؟), or it starts with ¿.",
       example='"statement": "Is raw SQL faster than the ORM?"',
       fix="Rewrite the claim as the assertion you want to argue.", protocol=P)
define("TLM108", "TERMINATION_SIGNAL", WARNING,
       "{label}: {component} strength is {strength!r}; the chain is terminated",
       "a weak or irrelevant {component} cannot carry the claim; start a new chain with a stronger one "
       "(or init with --relax {component} to switch this breaker off)",
       why="Circuit breaker: the logic bridge is only as strong as its weakest link, so a weak or irrelevant "
           "warrant or backing ends the chain. The move is kept as the recorded terminal state and "
           "`argcheck validate` exits 4.",
       example='"warrant": {"strength": "weak", ...}',
       fix="Find a stronger warrant or backing and start a new chain; or relax the breaker knowingly.",
       protocol=P)
define("TLM109", "CHAIN_TERMINATED", ERROR, "the chain was terminated by the circuit breaker at move {seq} ({label}); "
       "no {phase} can follow",
       "start a new chain with `argcheck init toulmin`",
       why="After a TERMINATION_SIGNAL the chain is closed: later phases would build on a rejected bridge.",
       example='a stress_test move after a logic bridge with "strength": "irrelevant"',
       fix="Start a new chain; the terminated one stays as the record of why.", protocol=P)
define("TLM110", "BREAKER_RELAXED", INFO, "{component} strength is {strength!r}; its circuit breaker is relaxed for "
       "this chain, so the chain continues",
       "the report shows the relaxation; remove --relax {component} for a strict chain",
       why="A relaxed breaker (like Toulmini's non-strict mode) lets a weak link through; it is recorded so the "
           "report never hides it.",
       example="argcheck init toulmin --relax warrant ... then a weak warrant",
       fix="Nothing to fix; strengthen the component for a strict result.", protocol=P)
define("TLM111", "ABSOLUTE_REBUTTAL_NOT_OVERRULED", ERROR, "the rebuttal is absolute but the verdict is {status!r}",
       "an absolute rebuttal defeats the claim: the status must be `overruled`",
       why="An absolute exception means the warrant does not hold in this case; sustaining or remanding the "
           "claim would contradict the chain's own stress test (Toulmini's REBUTTAL FATAL).",
       example='"rebuttal": {"strength": "absolute"}, "verdict": {"status": "sustained"}',
       fix="Set the status to overruled, or revisit the rebuttal in a new chain.", protocol=P)
define("TLM112", "VERDICT_INCONSISTENT", ERROR, "verdict {status!r} does not follow from the chain: {reason}; "
       "allowed: {allowed}",
       "use one of the allowed statuses (docs/protocols/toulmin.md §5 has the table)",
       why="The verdict must follow from the rebuttal's strength and the qualifier's confidence by a fixed "
           "table (its reasoning is read separately, TLM124): sustained needs a weak or negligible rebuttal with "
           "confidence ≥ 30, or a strong one with confidence ≥ 60; overruled needs an absolute rebuttal, "
           "a strong one with confidence < 70, or confidence < 30; remanded needs a rebuttal that is not "
           "absolute and confidence < 70 or a strong rebuttal; an irrelevant (relaxed) warrant or backing "
           "cannot be sustained. A rebuttal of strength irrelevant (Toulmini's word) counts as negligible.",
       example='"rebuttal": {"strength": "negligible"}, "qualifier": {"confidence_pct": 20}, '
               '"verdict": {"status": "sustained"}',
       fix="Choose an allowed status, or record the chain again with a qualifier that reflects your "
           "real confidence.", protocol=P)
define("TLM113", "QUALIFIER_DEGREE_MISMATCH", WARNING,
       "degree {degree!r} has the band {band}, got confidence {confidence}",
       "the band of {confidence}% is {expected!r}; the qualifier stays as recorded (TLM106): in your next "
       "chain, pick the degree from the confidence",
       why="The degree is the words for the confidence: certainly 90–100, presumably 70–89, probably 50–69, "
           "possibly 30–49, apparently 0–29. The bands come from Toulmini's documentation, which Toulmini "
           "itself never enforces and its own examples break (`probably` at 70, 80 and 85), so a mismatch is "
           "a warning: the qualifier is recorded and the verdict rule reads the confidence, not the degree.",
       example='"qualifier": {"degree": "certainly", "confidence_pct": 40}',
       fix="Nothing to undo: a recorded qualifier is never rewritten (TLM106) and the verdict reads the "
           "confidence. In the next chain, choose the degree whose band holds the confidence.", protocol=P)
define("TLM114", "COUNCIL_DISABLED", ERROR, "the field-experts council is disabled for this chain",
       "start the chain without --no-council to consult experts",
       why="The header says this chain runs without a council; opinions would enter unannounced.",
       example="argcheck init toulmin --no-council ... then a council_request",
       fix="Start a new chain with the council enabled, or argue without it.", protocol=P)
define("TLM115", "NO_PERSPECTIVES_PROVIDED", ERROR, "the council request names no perspectives",
       "list the experts to consult, e.g. [\"epidemiologist\", \"statistician\"]",
       why="A council without perspectives asks nobody.",
       example='{"type": "council_request", "perspectives": []}',
       fix="Name one to twelve perspectives.", protocol=P)
define("TLM116", "PERSPECTIVE_NOT_REQUESTED", ERROR, "no council request asked for the perspective {perspective!r}",
       "requested so far: {requested}",
       why="Opinions are answers to a recorded request; an unrequested voice has no provenance in the chain.",
       example='a council_opinion from "economist" when only "physician" was requested',
       fix="Add the perspective with a council_request first, or correct its name.", protocol=P)
define("TLM117", "DUPLICATE_OPINION_ID", ERROR, "the council opinion id {id!r} is already used (move {seq})",
       "use the next free id, e.g. {free}",
       why="Backing and rebuttal cite opinions by id; a reused id would be ambiguous.",
       example="two council_opinion moves with id O1",
       fix="Give each opinion its own id.", protocol=P)
define("TLM118", "COUNCIL_FEED_CLOSED", ERROR, "the {component} is already recorded (move {seq}); "
       "the council can no longer feed it",
       "consult the council before the phase that uses it",
       why="An opinion feeds the backing (phase 2) or the rebuttal (phase 3); once that component is recorded "
           "a later opinion cannot have shaped it.",
       example='a council_opinion with "feeds": "backing" after the logic bridge',
       fix="Record opinions before the phase they feed.", protocol=P)
define("TLM119", "COUNCIL_OPINION_UNKNOWN", ERROR,
       "the {component} cites council opinion {id!r}, which is not recorded",
       "recorded opinions: {known}",
       why="A citation of a council opinion must point at a recorded opinion with its provenance.",
       example='"backing": {"council": ["O9"], ...} with no opinion O9',
       fix="Record the opinion first, or remove the reference.", protocol=P)
define("TLM120", "COUNCIL_FEED_MISMATCH", ERROR,
       "the {component} cites council opinion {id!r}, which feeds the {feeds}",
       "cite it from the {feeds}, or record it again with \"feeds\": \"{component}\"",
       why="Each opinion is recorded for one purpose (backing or rebuttal), so the report can say what it fed.",
       example='"backing": {"council": ["O2"]} where O2 has "feeds": "rebuttal"',
       fix="Cite the opinion from the component it feeds.", protocol=P)
define("TLM121", "PROVENANCE_INCOMPLETE", ERROR, "a council opinion from a consultee does not name the consultee",
       "set provenance.consultee, e.g. \"codex\"",
       why="Provenance says who produced an opinion; \"a consultee\" without a name cannot be traced.",
       example='"provenance": {"source": "consultee"}',
       fix="Name the consultee (and its session id when known).", protocol=P)
define("TLM122", "CITATION_NOT_FOUND", ERROR, "citation {locator!r} points into the workspace, but {problem}",
       "fix the path or line, or cite the source differently",
       why="A path:line locator inside the workspace can be checked, so it is, and a citation of a file or "
           "line that does not exist is refused: Toulmini's citations are schema-only and may be hallucinated.",
       example='"locator": "src/db.py:999" when src/db.py has 40 lines',
       fix="Point the locator at an existing file and line.", protocol=P)
define("TLM123", "CITATION_UNLOCATED", ERROR,
       "the citation of {source!r} says where in the source by neither `locator` nor `reference`",
       "add \"locator\" (page, section, URL or path:line) or, in Toulmini's shape, \"reference\"",
       why="A citation is a source and a place in it. Both shapes are accepted: {source, locator, quote?} "
           "and Toulmini's {source, reference, url?}; one of locator and reference must be there.",
       example='"citations": [{"source": "Gao et al. 2017"}]',
       fix="Name the page, section, table or path:line the fact comes from.", protocol=P)
define("TLM124", "VERDICT_REASONING_CONTRADICTS", ERROR,
       "VERDICT INCONSISTENT: the verdict is {status!r} but its reasoning says the argument {outcome}: "
       "{clause!r}",
       "make the reasoning argue for {status}, or choose the status it argues for",
       why="The Toulmini specification: the status must match the reasoning provided. Each clause is read for an "
           "outcome word "
           "(fails, rejected, refuted, … / succeeds, sustained, holds, prevails, …); a negation just before it "
           "(\"does not fail\", \"cannot be sustained\") or an opposing subject (\"the objection fails\") "
           "turns it round, and conditional or conceded clauses (if, unless, although, while, would, …) are "
           "skipped. Toulmini's keyword check flags \"does not fail\" too; this one does not. A remanded "
           "verdict decides nothing and is not read.",
       example='"verdict": {"status": "sustained", "reasoning": "… so the claim fails under the counterexamples."}',
       fix="Rewrite the reasoning, or record the status it actually argues for.", protocol=P)

# What each {slot} of the messages and hints above stands for.
PLACEHOLDERS = {
    "allowed": "the verdict statuses the rule of §5.2 allows for this chain, comma-separated",
    "band": "the confidence band of the recorded degree, e.g. 90–100",
    "clause": "the clause of the verdict's reasoning that says the opposite outcome",
    "component": "a component's name: warrant, backing, rebuttal (or the one an opinion feeds)",
    "components": "the component names a phase records, joined with `and`",
    "confidence": "the qualifier's confidence_pct",
    "degree": "the qualifier's degree as recorded",
    "expected": "what the value should be: the query's hash (TLM102), or the degree whose band holds the "
                "recorded confidence (TLM113)",
    "feeds": "the component a council opinion was recorded for (backing or rebuttal)",
    "found": "the query_hash found in the header",
    "free": "the next unused council opinion id, e.g. O3",
    "id": "a council opinion id, e.g. O1",
    "known": "the council opinion ids recorded so far, or none",
    "label": "the circuit breaker's label: WARRANT REJECTED or BACKING REJECTED",
    "length": "the number of non-blank characters in the query",
    "locator": "a citation's locator (or reference) as written",
    "minimum": "the shortest query accepted, in non-blank characters",
    "missing": "the missing components, in chain order, comma-separated",
    "outcome": "what the reasoning says happened to the argument: failed or succeeded",
    "perspective": "a council perspective as named in the opinion",
    "phase": "the phase being recorded, e.g. stress test (phase 3)",
    "problem": "why a path:line locator cannot be found (no such file, too few lines)",
    "reason": "why the recorded status is excluded by the verdict rule",
    "requested": "the perspectives council requests asked for so far, or none",
    "seq": "the move number (seq) of the earlier move referred to",
    "source": "a citation's source as written",
    "statement": "the claim's statement (clipped)",
    "status": "the verdict's status as recorded",
    "strength": "a component's strength as recorded",
    "verb": "is or are, to agree with the components named",
}
