"""The DLB rule family: every rule of the deliberate protocol (docs/protocols/deliberate.md §5).

The checks live in the engine's rule modules; this module only gives each code its identity,
message template (filled with the observed values) and documentation.
"""

from argcheck.core.findings import ERROR, WARNING
from argcheck.core.rules import define

P = "deliberate"

# --- iterations and phases -------------------------------------------------------------------
define("DLB101", "ITERATION_CAP_REACHED", ERROR,
       "structured reply {reply} exceeds the iteration cap of {cap} ({mode} mode)",
       "synthesize now with termination iteration_bound instead of consulting again",
       why="The Argumentation Protocol bounds deliberation at 8 rounds (quick mode 2) so that it always terminates.",
       example="a 9th consult move with outcome reply in standard mode",
       fix="Apply a synthesize move with termination iteration_bound.", protocol=P)
define("DLB102", "EXTENSION_NOT_ALLOWED", ERROR, "extend_constructive refused: {reason}",
       "extend only once, at n = 2, outside quick mode, with a trigger that holds now",
       why="Extended CONSTRUCTIVE borrows round 3 from DEVELOPMENT only when a dispute is unaddressed "
           "or the required stress test is still pending.",
       example='{"type": "extend_constructive", "trigger": "unaddressed_dispute"} at n = 1',
       fix="Wait for n = 2 and check the trigger with `argcheck next`, or carry on into DEVELOPMENT.",
       protocol=P)
define("DLB103", "PHASE_VIOLATION", WARNING,
       "{relation} point {point} raised in {phase} (round {round}): recorded as not evaluated and Dismissed",
       "in DEVELOPMENT only extend existing points; in CRYSTALLIZATION only answer open challenges",
       why="Phased scope restriction stops late scope expansion so that the deliberation converges.",
       example='a point with relation "new" in round 4 (DEVELOPMENT)',
       fix="Raise new ideas in CONSTRUCTIVE, or as an extension (extends: base id) in DEVELOPMENT.",
       protocol=P)
define("DLB104", "CHALLENGE_AFTER_DEVELOPMENT", ERROR,
       "{what} on {point} in CRYSTALLIZATION (round {round})",
       "in CRYSTALLIZATION only defenses, concessions, judgments and reconcile challenges are allowed; "
       "settle the point if it is blocked",
       why="CRYSTALLIZATION admits only defenses of open challenges; new attacks would reopen the debate.",
       example='{"type": "challenge", "kind": "skeptical", ...} in round 6',
       fix="Settle the point (missing_data, definitional, criteria_divergence) or let the open challenges run out.",
       protocol=P)
define("DLB105", "NOT_EVALUATED_POINT", ERROR,
       "{move_type} on point {point}, which was recorded as not evaluated (phase violation)",
       "a phase-violating point stays Dismissed; leave it alone",
       why="A point raised outside its phase is never evaluated, so it cannot be classified, defended or agreed.",
       example="a classify move on a point raised as new in DEVELOPMENT",
       fix="Drop the move; raise the idea properly in a later deliberation if it matters.", protocol=P)
define("DLB106", "BEFORE_FIRST_REPLY", ERROR, "consultee {move_type} before any structured reply",
       "record the consultee's reply with a consult move (outcome reply) first",
       why="Consultee content only exists once a structured reply has been received and recorded.",
       example='{"type": "point", "actor": "consultee", ...} as the first move',
       fix="Apply the consult move for the reply, then the moves parsed from it.", protocol=P)

define("DLB107", "EXTENDS_EXCLUDED_POINT", WARNING,
       "point {point} extends {target}, which is outside the admitted scope ({reason}): recorded as not "
       "evaluated and Dismissed",
       "extend only points inside the scope; a point that builds on an excluded one is excluded with it",
       why="Scope restriction must not be bypassed by derivation: nothing that builds on a point outside the "
           "admitted scope (a phase violation, or a point classified OUT_OF_SCOPE) may enter it.",
       example='a point with extends P3, where P3 was raised as new in DEVELOPMENT',
       fix="Raise the idea as its own point in CONSTRUCTIVE, or extend a point that is in scope.", protocol=P)
define("DLB108", "BLANK_TEXT", ERROR, "{move_type} {field} is blank or a placeholder: {found!r}",
       "write the actual {field}; the \"...\" of `argcheck next`'s skeletons are to be filled in",
       why="Every text a move carries is content the other party and the decision log rely on; whitespace "
           "or a placeholder says nothing.",
       example='{"type": "revise", "point": "P1", "to": "AGREE", "justification": "   "}',
       fix="Fill in the text (a reason, an argument, an answer) before applying the move.", protocol=P)

# --- references and roles ---------------------------------------------------------------------
define("DLB110", "DUPLICATE_ID", ERROR, "id {id} is already used by {kind} (move {seq})",
       "choose a fresh id: points, challenges and ledger entries share one id space",
       why="Challenges and defenses answer by id; a reused id would make those answers ambiguous.",
       example="two point moves with id P1",
       fix="Rename the new item, e.g. P5 for the fifth point.", protocol=P)
define("DLB111", "UNKNOWN_REFERENCE", ERROR, "{field} names {kind} {id}, which does not exist",
       "refer to an existing {kind}; `argcheck next` lists the open ones",
       why="A move about something that does not exist cannot change the deliberation.",
       example='{"type": "defend", "challenge": "C9"} when there is no challenge C9',
       fix="Correct the id, or record the missing point, challenge or entry first.", protocol=P)
define("DLB112", "EXTENSION_WITHOUT_BASE", ERROR, "point {point}: {detail}",
       "give relation extension together with extends (the base point's id), or neither",
       why="An extension builds on an existing point; DEVELOPMENT admits extensions but not new points.",
       example='{"type": "point", "relation": "extension"} without extends',
       fix="Add extends with the base point's id, or set relation to new.", protocol=P)
define("DLB113", "SELF_EVALUATION", ERROR, "{actor} {action} its own point {point}",
       "only the other party classifies, challenges and judges; the author defends or concedes",
       why="Anti-authoritarianism: no party grades its own claims, so every point is evaluated by the other side.",
       example="the orchestrator classifying a point it raised",
       fix="Leave the evaluation to the other party.", protocol=P)
define("DLB114", "WRONG_RESPONDENT", ERROR,
       "{actor} {action} challenge {challenge}, but the {role} is the {expected}",
       "the point's author defends or concedes; the challenger judges",
       why="The defense obligation binds the point's author; only the challenger can accept or reject a defense.",
       example="the orchestrator defending a challenge against the consultee's point",
       fix="Let the right party make the move.", protocol=P)
define("DLB115", "MISSING_CHALLENGE_ID", ERROR, "{verdict} on {point} without {missing}",
       "give challenge (a fresh id) and objection with SKEPTICAL and REJECT",
       why="A SKEPTICAL or REJECT verdict opens a challenge that must be answered by id.",
       example='{"type": "classify", "verdict": "SKEPTICAL", "reason": "..."} with no challenge',
       fix="Add challenge and objection (quick mode assigns the id).", protocol=P)
define("DLB116", "VERDICT_FIELDS_MISPLACED", ERROR, "{verdict} on {point} carries {fields}",
       "challenge and objection belong only to SKEPTICAL and REJECT; drop them or change the verdict",
       why="Only SKEPTICAL and REJECT open a challenge; stray fields hint at a confused verdict.",
       example='{"verdict": "AGREE", "challenge": "C1"}',
       fix="Remove challenge and objection, or use SKEPTICAL/REJECT.", protocol=P)
define("DLB117", "CHALLENGE_CLOSED", ERROR, "{action} on challenge {challenge}, which is {status}",
       "answer only open challenges; raise a new challenge or point if there is more to say",
       why="A closed challenge has a final outcome; reopening it would rewrite the record.",
       example="a defense of a challenge that was already conceded",
       fix="Drop the move, or issue a new challenge.", protocol=P)
define("DLB118", "DEFENSE_WITHOUT_CHALLENGE_ID", ERROR, "defense names no challenge ({mode} mode)",
       "name the challenge id you are answering (only quick mode accepts a point id)",
       why="Defense obligation: challenged points are defended by id or are procedurally dismissed.",
       example='{"type": "defend", "point": "P1", "argument": "..."} in standard mode',
       fix="Add the challenge id.", protocol=P)
define("DLB119", "NO_DEFENSE_TO_JUDGE", ERROR, "judgment on {challenge} with no defense since the last judgment",
       "wait for the author's defense; an unanswered challenge is handled by drop accounting",
       why="A judgment evaluates a defense; there is none to evaluate.",
       example="a judge move right after the challenge was issued",
       fix="Wait for a defend move, or let the challenge drop.", protocol=P)
define("DLB120", "REJECTION_WITHOUT_EVIDENCE", ERROR,
       "rejecting the defense of REJECT challenge {challenge} on empirical point {point} cites no verified "
       "entry (cited: {cited})",
       "cite a verified ledger entry (verify one first), or accept the defense",
       why="A REJECT rejection is terminal: dismissing an empirical claim needs verified evidence, not rhetoric.",
       example='{"type": "judge", "outcome": "rejected", "evidence": []} on a REJECT challenge',
       fix="Record and verify the evidence in the ledger, then cite it in the judgment.", protocol=P)
define("DLB121", "POINT_AWAITS_CLARIFICATION", ERROR,
       "{point} was classified ILL_FORMED and its author has not clarified it yet",
       "wait for the author's clarify move, then classify it again",
       why="An ill-formed point cannot be evaluated until it is restated.",
       example="classify P2 AGREE right after classify P2 ILL_FORMED",
       fix="Ask the author for a clarify move first.", protocol=P)

# --- position stability -----------------------------------------------------------------------
define("DLB130", "POSITION_DRIFT", ERROR,
       "{actor} takes the position {verdict} on {point} (a classify or a challenge); its recorded position is "
       "{previous}",
       "record a revise move ('Revising from {previous} to {verdict} because ...') instead",
       why="Silent position drift is prohibited: a change of position must be acknowledged with a justification.",
       example="classify P1 AGREE, later classify P1 REJECT or issue a reject challenge on P1",
       fix="Use a revise move with a justification.", protocol=P)
define("DLB131", "UNACKNOWLEDGED_CONTRADICTION", WARNING,
       "consultee now takes the position {verdict} on {point} after {previous} without a revise: recorded, "
       "the point needs a reconcile challenge",
       "issue a reconcile challenge citing both moves; the consultee must defend or revise",
       why="Anti-sycophancy guard: a consultee that contradicts itself is challenged to reconcile "
           "before the point settles.",
       example="the consultee says AGREE on P1 in round 1 and REJECT in round 3",
       fix="Apply a challenge with kind reconcile on the point and wait for the consultee's answer.",
       protocol=P)
define("DLB132", "RECONCILE_PENDING", ERROR, "{action} while point {point} has an unreconciled contradiction",
       "issue a reconcile challenge and wait for the consultee to defend or revise",
       why="A point whose evaluation contradicts itself cannot be settled or agreed until reconciled.",
       example="settle P1 right after a DLB131 warning on P1",
       fix="Apply a reconcile challenge; the consultee answers it with defend or revise.", protocol=P)
define("DLB133", "REVISION_WITHOUT_POSITION", ERROR, "{actor} revises {point} to {to}: {detail}",
       "revise only a verdict you recorded, to a different verdict",
       why="A revision acknowledges a change of one's own recorded position; without one there is nothing to revise.",
       example="revise P1 to AGREE by a party that never classified P1",
       fix="Classify the point instead, or revise to a different verdict.", protocol=P)

# --- ledger and provenance --------------------------------------------------------------------
define("DLB140", "VERIFIED_WITHOUT_ARTIFACT", ERROR,
       "{what} {entry} claims verification without an artifact or an execution record",
       "give artifact path:line (with a quote) or an execution record, or use an -unverified tag",
       why="A verified entry must be confirmed against an artifact: a file:line or a command's output.",
       example='{"type": "ledger", "provenance": "verified", "text": "..."} alone',
       fix="Add artifact and quote, or execution {command, exit_code, output}.", protocol=P)
define("DLB141", "ARTIFACT_NOT_FOUND", ERROR, "artifact {artifact}: {detail}",
       "cite an existing file and line inside the workspace (verified means confirmed by the checker)",
       why="A citation that cannot be found, or that lies outside the workspace, confirms nothing.",
       example='"artifact": "src/app.py:900" when the file has 120 lines',
       fix="Correct the path or the line number; for a file outside the workspace record an execution instead.",
       protocol=P)
define("DLB142", "QUOTE_MISMATCH", ERROR, "quote {quote!r} does not appear within 2 lines of {artifact}",
       "copy the quote verbatim from the cited lines, or fix the line number",
       why="Textual evidence is a verbatim citation; a paraphrase or a wrong line is not evidence.",
       example='"quote": "retries = 5" when line 40 says "retries = 3"',
       fix="Quote the file exactly (whitespace differences are ignored).", protocol=P)
define("DLB143", "USER_ENTRY_SUPERSEDED", ERROR, "entry {entry} {relation} user entry {target}",
       "user constraints are authoritative; ask the user to change them",
       why="A user entry is authoritative and cannot be superseded by either agent.",
       example='{"type": "ledger", "supersedes": "U1"} where U1 has provenance user',
       fix="Record the new entry without supersedes, and raise the conflict with the user.", protocol=P)
define("DLB144", "UNVERIFIED_SUPERSEDES_STRONGER", ERROR,
       "unverified entry {entry} supersedes {provenance} entry {target}",
       "verify the new claim first, or record it without superseding",
       why="An unverified claim is a hypothesis; it cannot replace verified or user facts.",
       example='{"provenance": "codex-unverified", "supersedes": "L2"} where L2 is verified',
       fix="Verify the claim, then record it with provenance verified.", protocol=P)
define("DLB145", "REVISION_WITHOUT_JUSTIFICATION", ERROR, "revision entry {entry} lacks {missing}",
       "give revises (the entry revised) and a justification",
       why="A revision is a position change, and position changes require an explicit justification.",
       example='{"provenance": "revision", "text": "..."} alone',
       fix="Add revises and justification.", protocol=P)
define("DLB146", "PROVENANCE_UPGRADE_WITHOUT_VERIFICATION", ERROR,
       "entry {entry} re-records unverified entry {target} under provenance {provenance}",
       "use a verify move on {target} with an artifact or an execution record",
       why="Provenance integrity: tags are upgraded only by verification, never by restating the claim.",
       example="L2 verified with the same text as L1 codex-unverified and supersedes L1",
       fix="Apply a verify move on the unverified entry.", protocol=P)
define("DLB147", "UNKNOWN_CONSULTEE_TAG", ERROR,
       "provenance {provenance} names neither the consultee {consultee!r} nor orchestrator",
       "use {consultee}-unverified or orchestrator-unverified",
       why="Unverified tags record who asserted the claim; an unknown name hides the source.",
       example='"provenance": "gemini-unverified" in a deliberation with codex',
       fix="Use the header's consultee name or orchestrator.", protocol=P)
define("DLB148", "PROVENANCE_ACTOR_MISMATCH", ERROR, "{actor} records an entry tagged {provenance}",
       "tag an entry with its real source: user for the user, <consultee>-unverified for the consultee, "
       "orchestrator-unverified for the orchestrator",
       why="The provenance tag carries the entry's epistemic weight; an agent cannot speak for the user, "
           "and the consultee cannot verify (only the orchestrator's verify can).",
       example='{"actor": "orchestrator", "provenance": "user", ...}',
       fix="Use the actor's own tag; record user constraints as user moves.", protocol=P)
define("DLB149", "VERIFY_NOT_NEEDED", ERROR, "entry {entry} is already {provenance}",
       "verify only unverified or revision entries",
       why="Verification upgrades an unverified entry; user and verified entries are already strong.",
       example="verify on an entry with provenance verified",
       fix="Drop the move.", protocol=P)
define("DLB150", "EVIDENCE_NOT_VERIFIED", WARNING, "{action} on {challenge} cites only unverified entries ({cited})",
       "verify the cited entries: unverified evidence cannot justify Agreed",
       why="Epistemic gate: an unverified assertion is a hypothesis and cannot carry an empirical claim.",
       example='a defense citing only L3 (codex-unverified)',
       fix="Verify the cited entries with artifacts or execution records.", protocol=P)

# --- the anchor -----------------------------------------------------------------------------
define("DLB160", "QUESTION_CHANGED_WITHOUT_CONSENT", ERROR, "reframe by {actor} with consent {consent}",
       "only the user may reframe the question, with consent: true",
       why="Anchor preservation: the original question stays primary until the user consents to reframe it.",
       example='{"type": "reframe", "actor": "orchestrator", ...}',
       fix="Ask the user; record their reframe as a user move with consent true.", protocol=P)
define("DLB161", "QUESTION_HASH_MISMATCH", ERROR,
       "question_hash {found} is not the hash of the question ({expected})",
       "do not edit the question in the header; the user changes it with a reframe move",
       why="The hash pins the original question, so an edited anchor is detected.",
       example="a header whose question was edited by hand",
       fix="Restore the original question; record changes as a reframe move.", protocol=P)

# --- deadlock and settlement ------------------------------------------------------------------
define("DLB170", "DEADLOCK_UNCLASSIFIED", ERROR, "{action} while {points} disputed for 3+ rounds and not settled",
       "settle each: missing_data with a question, definitional after a clarify, or criteria_divergence "
       "with the tradeoff",
       why="A point disputed for three rounds will not converge by more rounds; its blockage must be classified.",
       example="a fourth consult reply while P2's challenge stayed open for three rounds",
       fix="Apply a settle move for each deadlocked point.", protocol=P)
define("DLB171", "SETTLE_MISSING_QUESTION", ERROR, "missing_data settlement of {point} has no question",
       "add question: what the user must supply to resolve the point",
       why="Missing empirical data is routed to the user as a question.",
       example='{"type": "settle", "reason": "missing_data"} without question',
       fix="Add the question for the user.", protocol=P)
define("DLB172", "SETTLE_MISSING_TRADEOFF", ERROR, "criteria_divergence settlement of {point} has no tradeoff",
       "add tradeoff: what each criterion favours, so the user can choose",
       why="Criteria divergence is surfaced as a tradeoff for the user to decide.",
       example='{"type": "settle", "reason": "criteria_divergence"} without tradeoff',
       fix="Add the tradeoff.", protocol=P)
define("DLB173", "DEFINITIONAL_WITHOUT_RETRY", ERROR, "definitional settlement of {point}: {detail}",
       "clarify the term first, run one more round, then settle",
       why="A definitional mismatch is clarified and retried once before it is declared unresolved.",
       example="settle P3 definitional with no clarify of P3",
       fix="Apply a clarify move, consult once more, then settle if it still blocks.", protocol=P)
define("DLB174", "POINT_ALREADY_SETTLED", ERROR, "point {point} is already {bucket} ({reason})",
       "settle only points that have no bucket yet",
       why="Each point ends in exactly one bucket.",
       example="settle a point that was conceded",
       fix="Drop the move.", protocol=P)

# --- synthesis, arbitration, presentation ----------------------------------------------------
define("DLB180", "COVERAGE_INCOMPLETE", ERROR, "{count} point(s) have no bucket: {points}",
       "classify, judge or settle every point before synthesizing",
       why="Synthesis verifies bucket coverage: every raised point ends Agreed, Dismissed or Unresolved.",
       example="synthesize while P4 was never classified",
       fix="Finish the evaluation of the listed points, or settle them.", protocol=P)
define("DLB181", "OPEN_CHALLENGES_AT_SYNTHESIS", ERROR, "{count} challenge(s) still open: {challenges}",
       "settle their points, or have them conceded or judged first",
       why="Convergence requires no open challenges; an open attack has no outcome yet.",
       example="synthesize while C2 awaits a defense",
       fix="Wait for the answers, judge the defenses, or settle the points.", protocol=P)
define("DLB182", "TERMINATION_NOT_MET", ERROR, "termination {termination} does not hold: {detail}",
       "claim a termination that holds now (`argcheck next` lists them) or keep deliberating",
       why="The protocol stops only on convergence, the iteration bound, a trivial question or a quality exit.",
       example="termination convergence right after new points were raised",
       fix="Pick the termination that holds, or run another round.", protocol=P)
define("DLB183", "STRESS_TEST_REQUIRED", ERROR, "{termination} synthesis in standard mode without a stress test",
       "record a stress_test move on the agreed points first",
       why="Standard mode requires a stress test before a convergence or iteration-bound synthesis.",
       example="synthesize convergence with no stress_test move in the log",
       fix="Stress-test the conclusions and record the outcome.", protocol=P)
define("DLB184", "MODE_FORBIDS_MOVE", ERROR, "{move_type} is not available in {mode} mode",
       "arbitration and stress tests exist only in standard mode",
       why="Minimal and quick modes disable arbitration and stress testing.",
       example="an arbitrate move in a minimal-mode deliberation",
       fix="Drop the move, or run the deliberation in standard mode.", protocol=P)
define("DLB185", "ARBITRATION_DUE", ERROR, "present while arbitration is due ({triggers}) and not recorded",
       "record the arbiter's arbitrate move before presenting",
       why="Arbitration is the secondary verification the triggers call for before output.",
       example="present with 2 Unresolved points and no arbitrate move",
       fix="Run the arbiter and apply its arbitrate move.", protocol=P)
define("DLB186", "ARBITRATION_CONSTRAINT_UNVERIFIED", ERROR, "arbitration constraint {entry} is {provenance}",
       "constraints must be user or verified ledger entries that are not superseded",
       why="Unverified claims cannot serve as arbitration constraints.",
       example='"constraints": ["L3"] where L3 is codex-unverified',
       fix="Verify the entry first, or leave it out of the constraints.", protocol=P)
define("DLB187", "HEAVY_FLAGGING", WARNING, "{flagged} of {total} points flagged by arbitration ({percent}%)",
       "present with acknowledge_warning: true, or re-examine the flagged points",
       why="Flags only lower confidence; at 50% or more the decision log must carry a warning.",
       example="an arbitrate move flagging 3 of 5 points",
       fix="Acknowledge the warning when presenting, or start a new deliberation on the flagged points.",
       protocol=P)
define("DLB192", "HEAVY_FLAGGING_NOT_ACKNOWLEDGED", ERROR,
       "present with {percent}% of the points flagged by arbitration, without acknowledge_warning",
       "present with \"acknowledge_warning\": true so the decision log carries the warning, or re-examine the "
       "flagged points in a new deliberation",
       why="When arbitration flags half the points or more, the result may only be presented with its warning.",
       example='{"type": "present", "actor": "orchestrator"} after an arbitrate move flagging 3 of 5 points',
       fix="Add \"acknowledge_warning\": true to the present move and show the warning to the user.",
       protocol=P)
define("DLB188", "WRONG_STATUS", ERROR, "{move_type} needs status {needed}; the status is {status}",
       "follow in_progress -> synthesize -> (arbitrate) -> present",
       why="Moves belong to a stage: deliberation moves before synthesis, arbitration and presentation after it.",
       example="present before synthesize, or a second synthesize",
       fix="Apply the move the current status expects (`argcheck next`).", protocol=P)
define("DLB189", "EMPIRICAL_AGREED_WITHOUT_EVIDENCE", ERROR,
       "empirical point {point} is Agreed without verified execution or textual evidence",
       "cite a verified ledger entry supporting it, or settle it",
       why="Epistemic gate: empirical claims cannot reach Agreed via unverified assertions.",
       example="an empirical point agreed on a consultee's word alone",
       fix="Verify evidence for the point (ledger supports + verify) before synthesizing.", protocol=P)
define("DLB190", "BUCKETS_CONTRADICT_GROUNDED", WARNING,
       "point {point} is {bucket} ({reason}) but the grounded labelling of the attack graph says {label}",
       "check the point's challenges and defenses; the decision log should explain the difference",
       why="The buckets should agree with Dung's grounded semantics over the points, challenges and defenses.",
       example="a point settled as Unresolved although nothing attacks it",
       fix="Challenge the point before settling it, or record the judgment that decides it.", protocol=P)
define("DLB191", "DEGRADED_RESULT", WARNING, "the result is degraded: {reasons}",
       "say so when presenting the result; consider re-running the deliberation",
       why="Consultee failures, format failures, a quality exit or hitting the iteration cap weaken the result.",
       example="a deliberation synthesized with a quality exit",
       fix="Present with the degradation stated, or retry with a working consultee.", protocol=P)

define("DLB193", "ARBITRATION_NOT_FRESH", ERROR,
       "the arbitration comes from session {session}, which the consult of move {seq} already used",
       "run the arbiter in a new session (`argcheck consult` does after synthesis) and record its reply",
       why="The arbiter is a secondary verification with no attribution: a session that took part in the "
           "deliberation has seen the exchange it is asked to judge.",
       example='{"type": "arbitrate", ..., "session_id": "s-1"} where s-1 is the consultee\'s session',
       fix="Ask the arbiter in a fresh session.", protocol=P)
define("DLB194", "ARBITRATION_SESSION_UNRECORDED", WARNING,
       "the arbitration records no session_id: it cannot be shown to come from a fresh session",
       "record the arbiter's reply with `argcheck ingest` (it keeps the session id), or add its session_id",
       why="The arbiter must not be a session that took part in the deliberation; without its session id that "
           "cannot be checked.",
       example='{"type": "arbitrate", "actor": "arbiter", "flags": [], "summary": "..."}',
       fix="Add the arbiter's session_id.", protocol=P)

# What each {slot} in the DLB messages and hints stands for (`argcheck rules CODE` explains them).
PLACEHOLDERS = {
    "action": "what the move does (e.g. classifies, judges, synthesize)",
    "actor": "the party that made the move (orchestrator, consultee, user, arbiter)",
    "artifact": "the cited path:line artifact",
    "bucket": "the acceptance bucket (Agreed, Dismissed, Unresolved)",
    "cap": "the iteration cap of the run's mode",
    "challenge": "the challenge id",
    "challenges": "the open challenge ids",
    "cited": "the ledger entries the move cites",
    "consent": "the reframe's consent value",
    "consultee": "the consultee named in the header",
    "count": "how many there are",
    "detail": "what exactly is wrong",
    "entry": "the ledger entry id",
    "expected": "what the rule requires here",
    "field": "the move field concerned",
    "fields": "the fields that do not belong with this verdict",
    "flagged": "how many points the arbiter flagged",
    "found": "the value found (in the file or the move)",
    "id": "the id that was given",
    "kind": "what kind of item the id should name (point, challenge, ledger entry, move)",
    "label": "the grounded-semantics label of the point",
    "missing": "the fields or items that are missing",
    "mode": "the run's mode (standard, minimal, quick)",
    "move_type": "the move's type",
    "needed": "the status the move needs",
    "percent": "the share of points flagged, in percent",
    "phase": "the protocol phase (CONSTRUCTIVE, DEVELOPMENT, CRYSTALLIZATION)",
    "point": "the point id",
    "points": "the point ids concerned",
    "previous": "the verdict recorded before",
    "provenance": "the ledger provenance tag (user, verified, <consultee>-unverified, orchestrator-unverified, "
                  "revision)",
    "quote": "the quoted text the artifact should contain",
    "reason": "why the move was refused or the point settled",
    "reasons": "the reasons given",
    "relation": "how the point relates to earlier ones (new, extends, ...)",
    "reply": "the number of the structured reply",
    "role": "the role that answers (respondent or challenger)",
    "round": "the round (iteration) the move falls in",
    "seq": "the sequence number of the move that holds the id",
    "session": "a consultee or arbiter session id",
    "status": "the current status",
    "target": "the ledger entry or point the entry points at",
    "termination": "the termination the synthesis claims",
    "to": "the verdict the revise moves to",
    "total": "how many points there are",
    "triggers": "the arbitration triggers that hold",
    "verdict": "the verdict given (AGREE, SKEPTICAL, REJECT, ILL_FORMED, OUT_OF_SCOPE)",
    "what": "what was attempted",
}
define("DLB195", "EXECUTION_NOT_WITNESSED", ERROR, "the execution record {detail}",
       "run the command with the Bash tool, then record its exact command, exit code and a quote of its output",
       why="In a witnessed run the strongest evidence tier rests on a command the harness saw run, not on "
           "output the agent typed.",
       example='{"execution": {"command": "pytest -q", "exit_code": 0, "output": "3 passed"}} with no such Bash call',
       fix="Run the command, then copy the command, its exit code and a line of its output.",
       protocol=P)
