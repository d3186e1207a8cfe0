"""The CNL rule family: the document, the critique trees, the rounds, self-critique and the final assessment."""

from argcheck.core.findings import ERROR, INFO, WARNING
from argcheck.core.rules import define

P = "council"

PLACEHOLDERS = {
    "given": "the arbiter's overall score as recorded",
    "derived": "the score out of 100 derived from the recorded points (with the arbiter's adjustments)",
    "tolerance": "how far the arbiter's score may differ from the derived one",
    "bound": "the largest confidence change an arbiter adjustment may make",
    "found": "the value recorded in the header",
    "expected": "the value computed from the recorded document text",
    "field": "the header field that disagrees (sha256 or size)",
    "file": "the document's recorded path",
    "persona": "a persona's name (the agent_style of its moves)",
    "panel": "the names of the panel's personas",
    "seq": "the number of the earlier move",
    "where": "where the id was used first: a move, or earlier in the same tree",
    "what": "what was already recorded for the persona (a critique or a failure)",
    "round": "the round: critique (initial) or self_critique",
    "id": "a claim id",
    "depth": "a node's depth (the root of a tree is depth 0)",
    "max_depth": "the run's maximum depth (nodes live at depth 0 to max_depth - 1)",
    "confidence": "a node's confidence",
    "threshold": "the run's branch-termination threshold",
    "children": "how many sub-critiques the node has",
    "evidence": "the start of the evidence snippet",
    "words": "how many words the evidence has",
    "minimum": "the fewest words a decomposable passage has",
    "pending": "the personas whose record for the round is still missing",
    "owner": "the persona whose claim it is, or 'no persona' for an unknown id",
    "before": "the claim's confidence before the adjustment",
    "delta": "the confidence delta",
    "after": "the adjusted confidence",
    "index": "the adjustment's position in the list",
    "missing": "the ids of the High or Critical points the assessment does not address",
    "unknown": "the addressed ids that are not synthesized points",
    "points": "how many points the synthesis holds",
    "tone": "the words that break the objective tone",
    "responded": "how many personas took part in every round without a failure",
    "total": "how many personas the panel has",
    "failed": "the personas that failed, with their failure",
    "template": "the persona template the header names",
    "limit": "the most bytes of the document file a command reads",
    "templates": "the bundled persona templates",
    "stated": "the count of personas the text states",
    "why": "why the statement or the resolution is refused",
    "conflict": "a conflict id (conflict-1, conflict-2, ...)",
    "known": "the computed conflicts' ids",
    "length": "the evidence's length in characters (whitespace runs counted as one space)",
}

define("CNL101", "DOCUMENT_HASH_MISMATCH", ERROR, "the header's document {field} is {found}; the recorded text gives "
       "{expected}",
       "the header's document was edited; restore it, or start a new council with `argcheck init council`",
       why="Every evidence check runs against the document text kept in the header; its sha256 and size make an "
           "edited copy visible.",
       example='"text" of the header\'s document changed by hand',
       fix="Restore the original header, or start a new run on the new document.", protocol=P)
define("CNL102", "DOCUMENT_CHANGED", WARNING, "the document at {file} differs from the text this council "
       "critiqued (sha256 {expected})",
       "the critique stands for the recorded text; start a new council to critique the new version",
       why="A critique of an older version must not pass for a critique of the current file; the checks keep "
           "using the recorded text, so they give the same answer, and the change is reported.",
       example="the document file edited after `argcheck init council`",
       fix="Start a new council on the changed document, or restore the file.", protocol=P)
define("CNL103", "DOCUMENT_MOVED", INFO, "the document is no longer at {file}; the recorded text is used",
       "nothing to fix: the evidence checks use the text kept in the header",
       why="The run keeps the document's text, so validate gives the same answer after the file moved or went.",
       example="the document deleted after `argcheck init council`",
       fix="Nothing; restore the file to silence this.", protocol=P)
define("CNL104", "UNKNOWN_PERSONA", ERROR, "{persona!r} is not on this council's panel ({panel})",
       "use the agent_style of a panel member exactly as `argcheck next` lists it",
       why="Only the panel chosen at init critiques; an outside voice would change who the council is.",
       example='{"type": "critique", "agent_style": "Hegel", ...} on the philosophers panel',
       fix="Record the critique under a panel member's name, or start a council with a custom panel.", protocol=P)
define("CNL105", "CRITIQUE_ALREADY_RECORDED", ERROR, "{persona}'s {round} round is already recorded ({what}, "
       "move {seq})",
       "each persona speaks once per round; move on to the next persona or round",
       why="Council design §6.2: the orchestrator sends the content to each agent once; a second critique would "
           "let one "
           "persona outweigh the others.",
       example="two critique moves with agent_style Kant",
       fix="Keep the first record; a failed persona may be retried only while its round has no record.",
       protocol=P)
define("CNL106", "INITIAL_ROUND_CLOSED", ERROR, "the initial critique round is closed (self-critique began at move "
       "{seq}); {persona}'s initial critique comes too late",
       "record a persona_failure for a persona that could not critique in time",
       why="Council design §6.2: self-critique sees every initial critique; one added later was never seen by the "
           "others.",
       example="a critique move after the first self_critique move",
       fix="Start a new council to include the persona.", protocol=P)
define("CNL107", "DUPLICATE_CLAIM_ID", ERROR, "claim id {id!r} is already used ({where})",
       "ids are unique across the whole run: prefix them with the persona, e.g. ARI-1, ARI-1.1",
       why="Council design §7.1: `id` is a unique identifier; self-critique adjustments and the final assessment refer "
           "to claims by id.",
       example="two nodes with id C1",
       fix="Renumber the claims of the later critique.", protocol=P)
define("CNL108", "MAX_DEPTH_EXCEEDED", ERROR, "node {id} is at depth {depth}; this council's max depth is "
       "{max_depth} (depths 0 to {max_depth} - 1)",
       "stop decomposing at max depth: give the deepest node no sub_critiques",
       why="Council design §7.3: recursion terminates when the maximum depth is reached.",
       example="a four-level tree on a council with --max-depth 3",
       fix="Fold the deeper critique into its parent's claim.", protocol=P)
define("CNL109", "BRANCH_BELOW_THRESHOLD", ERROR, "node {id} has confidence {confidence} below the threshold "
       "{threshold} but {children} sub-critique(s)",
       "a low-confidence branch terminates: drop its sub_critiques or raise the confidence with reason",
       why="Council design §7.3: recursion for a branch terminates when its confidence falls below the threshold.",
       example='{"confidence": 0.2, "sub_critiques": [{...}]} with threshold 0.3',
       fix="Remove the children, or record the node with the confidence it really has.", protocol=P)
define("CNL110", "EVIDENCE_NOT_IN_DOCUMENT", ERROR, "node {id}'s evidence does not occur in the document: "
       "{evidence!r}",
       "quote a snippet of the document exactly (whitespace may differ); a critique cannot quote what the "
       "document does not say",
       why="Council design §7.1: evidence is a supporting text snippet from the input; checking it against the "
           "recorded "
           "text keeps the critique anchored to the document.",
       example='"evidence": "the system guarantees exactly-once delivery" (not in the document)',
       fix="Copy the passage from the document.", protocol=P)
define("CNL111", "SELF_CRITIQUE_TOO_EARLY", ERROR, "self-critique starts only when every initial critique is in; "
       "pending: {pending}",
       "record each pending persona's critique, or its persona_failure",
       why="Council design §6.2: each agent's self-critique sees its own critique and all the others'.",
       example="a self_critique move while Popper has no critique yet",
       fix="Finish the initial round first.", protocol=P)
define("CNL112", "SELF_CRITIQUE_REPEATED", ERROR, "{persona}'s self-critique round is already recorded ({what}, "
       "move {seq})",
       "one self-critique per persona: put every adjustment in that one move",
       why="A second self-critique would adjust the same claims twice.",
       example="two self_critique moves with agent_style Russell",
       fix="Keep the first; merge the adjustments into one move in a new run if needed.", protocol=P)
define("CNL113", "ADJUSTMENT_NOT_OWN_CLAIM", ERROR, "adjustment {index} targets {id}, a claim of {owner}, not of "
       "{persona}",
       "a self-critique adjusts only the persona's own claims; name one of its claim ids",
       why="Council design §6.2: self-critique reviews the agent's own critique; others' claims are theirs to adjust.",
       example='{"agent_style": "Kant", "adjustments": [{"target_claim_id": "POP-1", ...}]}',
       fix="Target the persona's own claim ids (`argcheck next` lists them).", protocol=P)
define("CNL114", "ADJUSTED_CONFIDENCE_OUT_OF_RANGE", ERROR, "adjustment {index} moves {id} from {before} by "
       "{delta} to {after}, outside 0.0–1.0",
       "keep the adjusted confidence within 0.0–1.0",
       why="Council design §7.1: confidence is 0.0–1.0, before and after self-critique.",
       example='"confidence_delta": -0.5 on a claim at 0.3',
       fix="Use a delta that keeps the confidence in range.", protocol=P)
define("CNL115", "BLANK_REASONING", ERROR, "adjustment {index} (target {id}) has no reasoning",
       "say why the confidence changes, in one or two sentences",
       why="Council design §5: each adjustment carries its reasoning; an unexplained change is not a critique.",
       example='{"target_claim_id": "KAN-1", "confidence_delta": -0.1, "reasoning": " "}',
       fix="Write the reasoning.", protocol=P)
define("CNL116", "ASSESSMENT_TOO_EARLY", ERROR, "the final assessment comes after the synthesis; pending "
       "self-critiques: {pending}",
       "record each pending persona's self_critique, or its persona_failure",
       why="Council design §6.2: synthesis collects every self-critique output before it summarizes.",
       example="a final_assessment move while Kant's self-critique is missing",
       fix="Finish the self-critique round first.", protocol=P)
define("CNL117", "HIGH_SEVERITY_NOT_ADDRESSED", ERROR, "the final assessment has no response to the High or "
       "Critical point(s) {missing}",
       "give each High and Critical point a `responses` entry: {{\"id\", \"point\": its critique quoted, "
       "\"response\": how the assessment deals with it}}; listing the id under `addressed` is not enough",
       why="The synthesis is computed; the written assessment may not drop its most severe findings, and a "
           "bare id in a list does not show that the assessment speaks to the point.",
       example='"responses": [] while point ARI-1 is High',
       fix="Add a response entry for each missing point (a point merged with others is answered once).",
       protocol=P)
define("CNL118", "UNKNOWN_POINT", ERROR, "the final assessment addresses or answers {unknown}, which are not "
       "synthesized points",
       "address only the ids of the computed points (`argcheck render S --format json`)",
       why="Only claims at or above the inclusion threshold are points; addressing a dropped or unknown claim "
           "misstates the synthesis.",
       example='"addressed": ["ZZZ-9"]',
       fix="Remove the unknown ids.", protocol=P)
define("CNL119", "NO_FINDINGS_MESSAGE_MISSING", ERROR, "personas were heard and the synthesis kept no point, "
       "and the final assessment does not say \"No significant findings\"",
       "start the final assessment with \"No significant findings.\"",
       why="Council design §3 and §4.5: with no findings the output is the \"no significant findings\" message.",
       example='"text": "The document is sound."',
       fix="State the no-findings message.", protocol=P)
define("CNL120", "FINDINGS_DENIED", ERROR, "the final assessment says \"no significant findings\" but {why}",
       "assess the computed points; a council that heard no persona reports that it produced no critique",
       why="The no-findings message is for the no-findings case only: personas were heard and no claim was "
           "kept. A council whose every persona failed found nothing because it heard no one.",
       example='"text": "No significant findings." with three points',
       fix="Write an assessment of the points, or say that no persona responded.", protocol=P)
define("CNL121", "PERSONA_HAS_NO_CRITIQUE", ERROR, "{persona} has no initial critique, so it has no "
       "self-critique round",
       "a persona that failed the initial round stays out of the self-critique round",
       why="Self-critique reviews the persona's own critique; without one there is nothing to review.",
       example="a self_critique move from a persona with a persona_failure in round critique",
       fix="Nothing to record for this persona.", protocol=P)
define("CNL122", "NON_OBJECTIVE_TONE", WARNING, "the final assessment uses {tone}",
       "write in an objective, impersonal tone: no first person, no praise, no hedging filler",
       why="Council design §4.5 and FR-MOD-10: the output is objective and robotic in tone.",
       example='"text": "I think the design is great."',
       fix="State the findings impersonally.", protocol=P)
define("CNL123", "PARTIAL_COUNCIL", INFO, "{responded} of {total} personas; failed: {failed}",
       "the synthesis and every output present the run as a partial council",
       why="A council that lost personas must never be presented as a full one.",
       example="a persona_failure for Kant with failure timeout",
       fix="Nothing to fix; start a new council to hear every persona.", protocol=P)
define("CNL124", "DUPLICATE_PERSONA", ERROR, "the panel names {persona!r} twice",
       "give every persona a distinct name",
       why="A persona's name identifies its moves (agent_style).",
       example='a custom panel with two personas named "Reviewer"',
       fix="Rename one of them.", protocol=P)
define("CNL125", "PARTIAL_COUNCIL_MISSTATED", ERROR, "the final assessment says \"{stated} personas\"; the "
       "council heard {responded} of {total} personas in every round",
       "drop the count (the partial-council notice is added by the output formatter) or state it as computed: "
       "\"{responded} of {total} personas\" (failed: {failed})",
       why="Council design §4.5 and §8: the output formatter presents the council, partial or not; the assessment need "
           "not repeat it, but a count it does state may not misstate the council.",
       example='"text": "Assessment based on 6 of 6 personas." after Kant timed out',
       fix="Correct or remove the count.", protocol=P)
define("CNL126", "ATOMIC_CONTENT_DECOMPOSED", ERROR, "node {id} quotes {words} word(s), an atomic passage, but has "
       "{children} sub-critique(s)",
       "a passage under {minimum} words is too small to decompose: drop the sub_critiques, or quote the larger "
       "passage they critique",
       why="Council design §7.3: recursion terminates when the content segment is too small or atomic for further "
           "critique "
           "(critique_council returns no subtree for too-short content).",
       example='{"evidence": "adequate", "sub_critiques": [{...}]}',
       fix="Make the node a leaf, or widen its evidence to the passage its children examine.", protocol=P)
define("CNL127", "UNKNOWN_TEMPLATE", ERROR, "persona {persona!r} names the template {template!r}, which is not "
       "bundled ({templates})",
       "name a bundled persona template, or give the persona its own directive instead of a template",
       why="A persona's directive is read from its template when its prompt is written: a template that does not "
           "exist leaves the persona without a prompt.",
       example='{"name": "Kant", "template": "kantt", ...} in the header\'s panel',
       fix="Correct the template's name, or drop `template` and give a `directive`.", protocol=P)
define("CNL128", "DOCUMENT_TOO_LARGE", WARNING, "the document at {file} is now larger than {limit} bytes: it was "
       "not read, so it cannot be the text this council critiqued (sha256 {expected})",
       "the critique stands for the recorded text; start a new council on a document of at most 1 MiB",
       why="Every command compares the file with the recorded text; a file that grew without bound must not "
           "make each command read it whole, so its size is checked first.",
       example="the document file replaced by a 200 MB log after `argcheck init council`",
       fix="Restore the original file, or start a new council on a smaller document.", protocol=P)
define("CNL129", "POINT_NOT_QUOTED", ERROR, "response {index} (point {id}) does not quote the point's critique",
       "quote at least {minimum} consecutive words of the point's critique (or all of a shorter one) in `point`",
       why="A response must visibly speak to its point: the quote ties the answer to what the persona said.",
       example='{"id": "ARI-1", "point": "the design", "response": "..."}',
       fix="Copy words of the point's critique from `argcheck render S --format json`.", protocol=P)
define("CNL130", "RESPONSE_TOO_THIN", ERROR, "response {index} (point {id}) has {words} word(s); it must say how "
       "the point is addressed",
       "write at least {minimum} words on how the assessment deals with the point (accepts, qualifies, or rejects "
       "it, and why), not the point again",
       why="Addressing a High or Critical point means saying what follows from it, not naming it.",
       example='{"id": "ARI-1", "point": "...", "response": "Noted."}',
       fix="Say what the assessment concludes about the point.", protocol=P)
define("CNL131", "CONFLICT_NOT_SETTLED", ERROR, "the final assessment does not resolve the conflict(s) {missing}",
       "add a `resolutions` entry for each: {{\"conflict\": \"conflict-1\", \"outcome\": \"resolved\" or "
       "\"open\", \"reason\": \"...\"}}",
       why="Council design §6.2 step 7: the synthesis resolves conflicts; each ends resolved with a reason, or is "
           "explicitly left open, never silently listed.",
       example='"resolutions": [] while the synthesis holds conflict-1',
       fix="Resolve each conflict, or leave it open with the reason.", protocol=P)
define("CNL132", "UNKNOWN_CONFLICT", ERROR, "resolution of {conflict!r}: {why} (computed conflicts: {known})",
       "resolve each computed conflict once, by the id `argcheck render S --format json` gives it",
       why="Only conflicts the synthesis computed can be resolved; a second resolution would contradict the first.",
       example='"resolutions": [{"conflict": "conflict-9", ...}]',
       fix="Use the computed conflict ids, one resolution each.", protocol=P)
define("CNL133", "EVIDENCE_TOO_SHORT", ERROR, "node {id}'s evidence is {length} character(s); a snippet shorter "
       "than {minimum} points at no passage",
       "quote the passage the claim is about: at least {minimum} characters",
       why="Council design §7.1: evidence is a supporting text snippet; a letter or a short word such as "
           "\"the\" occurs throughout any document and supports nothing.",
       example='"evidence": "e"',
       fix="Quote the words the claim is about.", protocol=P)
define("CNL134", "ARBITRATION_TOO_EARLY", ERROR, "the Expert Arbiter comes after self-critique; pending: {pending}",
       "record each pending persona's critique and self_critique (or its persona_failure) first",
       why="critique_council's Expert Arbiter evaluates the personas' critiques once they have criticised "
           "themselves: it adjusts the confidences self-critique left.",
       example='{"type": "arbitration", ...} while a self-critique is pending',
       fix="Finish the rounds, then arbitrate.", protocol=P)
define("CNL135", "ARBITRATION_REPEATED", ERROR, "the arbitration is already recorded (move {seq})",
       "arbitrate once, after self-critique and before the final assessment",
       why="One arbiter pass, and the final assessment is written on the points as the arbiter left them.",
       example="a second arbitration",
       fix="Keep the one arbitration; a new one needs a new council.", protocol=P)
define("CNL136", "ARBITER_ADJUSTMENT_UNBOUNDED", ERROR, "arbiter adjustment {index} moves {id} by {delta}; the bound "
       "is {bound} either way",
       "keep each arbiter adjustment within ±{bound}: the arbiter weighs the critiques, it does not replace them",
       why="The arbiter's adjustments are bounded, so the persona's own confidence (after its self-critique) "
           "still carries most of the weight.",
       example='{"target_claim_id": "KAN-1", "confidence_delta": -0.8, ...}',
       fix="Use a smaller delta, and say why in the comment.", protocol=P)
define("CNL137", "ARBITER_ADJUSTMENT_UNJUSTIFIED", ERROR, "arbiter adjustment {index} (target {id}) has a comment of "
       "{words} word(s)",
       "justify each adjustment in at least {minimum} words, from the subject matter",
       why="critique_council's arbiter gives an arbitration_comment per claim: an unjustified change of a "
           "persona's confidence is not an arbitration.",
       example='{"target_claim_id": "KAN-1", "arbitration_comment": "Agreed.", "confidence_delta": 0.1}',
       fix="Say why the claim is (in)valid from the subject matter.", protocol=P)
define("CNL138", "ARBITER_UNKNOWN_CLAIM", ERROR, "arbiter adjustment {index}: {id} {why}",
       "adjust recorded claims only, each once (ids from `argcheck render S --format json`)",
       why="The arbiter evaluates the critiques the council recorded; an id that names none adjusts nothing.",
       example='{"target_claim_id": "NOPE-1", ...}',
       fix="Use the recorded claim ids, one adjustment each.", protocol=P)
define("CNL139", "ARBITER_SCORE_UNSUPPORTED", ERROR, "the arbiter's overall score is {given}; the points give "
       "{derived} (tolerance {tolerance})",
       "give a score within {tolerance} of {derived}, or adjust the confidences the score follows from",
       why="The score is derived from the recorded points (100 minus each kept point's severity weight times "
           "its confidence), not from free text: the arbiter's own score must agree with it.",
       example='"arbiter_overall_score": 95 when the kept points give 40',
       fix="Score what the points say, or adjust the points with justified comments.", protocol=P)

