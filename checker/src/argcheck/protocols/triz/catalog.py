"""The TRZ rule family: the TRIZ design's 15 enforcement rules (TRZ101-TRZ115) and what they imply (TRZ120-).

The names of TRZ101-TRZ115 are the TRIZ design's own error codes, in the TRIZ design's rule order.
"""

from argcheck.core.findings import ERROR
from argcheck.core.rules import define

P = "triz"

PLACEHOLDERS = {
    "missing": "what the gate still lacks, listed",
    "index": "a claim slot of the current round (0, 1 or 2)",
    "claim": "a claim id (C1, C2, ...)",
    "known": "the ids or slots that exist",
    "limit": "the TRIZ design's threshold",
    "round": "the round number (1-5)",
    "tool": "the move type (the TRIZ design's tool) refused",
    "phase": "the session's current phase",
    "allowed": "the phases in which the move is allowed",
    "domain": "the distant domain named by the move",
    "detail": "what the witness log lacks: the query no witnessed search made, or the URL it did not return (or "
              "why the run's agent cannot witness a search at all)",
    "searched": "what the recorded web searches of this phase were for",
    "url": "an evidence or source url",
    "verdict": "the claim's verdict (accept, reject, qualify, merge) or none",
    "cycle": "the path the new edge would close, as C1 -> C2 -> C1",
    "where": "the review field, or the prose section",
    "count": "how many",
    "found": "the value in the file",
    "expected": "the value it must have",
    "decision": "the build decision",
    "field": "the field the decision needs",
}


def rule(code, name, message, hint, why, example, fix):
    define(code, name, ERROR, message, hint, why=why, example=example, fix=fix, protocol=P)


# -- the TRIZ design's 15 enforcement rules -------------------------------------------------------------------

rule("TRZ101", "DECOMPOSE_INCOMPLETE", "decompose is not complete; missing: {missing}",
     "record what is missing, then ask the user again for the decompose review",
     "Rule 1: explore needs fundamentals, a researched state of the art, at least 3 assumptions, at least 3 "
     "reframings and at least 1 reframing the user selected.",
     '{"type": "decompose_review", "actor": "user", "selected_reframings": []}',
     "Complete the phase-1 moves; the user selects at least one reframing in the review.")
rule("TRZ102", "EXPLORE_INCOMPLETE", "explore is not complete; missing: {missing}",
     "record what is missing, then ask the user again for the explore review",
     "Rule 2: synthesis needs a morphological box, at least 2 cross-domain searches, at least 1 contradiction "
     "and at least 1 analogy the user starred.",
     "an explore_review after a single search_cross_domain",
     "Search a second distant domain; the user stars at least one analogy.")
rule("TRZ103", "ANTITHESIS_MISSING", "claim slot {index} has no antithesis; create_synthesis needs one first",
     "record find_antithesis for slot {index} (after a web_search for its counter-evidence)",
     "Rule 3: a synthesis transcends a thesis and its antithesis; without the antithesis it is an unopposed "
     "thesis.", '{"type": "create_synthesis", "claim_index": 1, ...} with an antithesis only for slot 0',
     "Find the antithesis of that slot first.")
rule("TRZ104", "SYNTHESIS_INCOMPLETE", "the round cannot go to validate; missing: {missing}",
     "every stated thesis needs its antithesis before the claims review, and the round needs at least one claim",
     "Rule 4: all claims must have an antithesis before the session advances to validate. A thesis whose "
     "antithesis leaves nothing to synthesize may stay without a synthesis; it yields no claim.",
     "a claims_review while slot 1 has a thesis but no antithesis",
     "Finish every open slot, then ask the user for the claims review.")
rule("TRZ105", "FALSIFICATION_MISSING", "claim slot {index} has no falsification attempt",
     "record attempt_falsification for slot {index} (after a web_search to disprove it) before scoring it",
     "Rule 5: a claim is scored, and judged, only after someone tried to disprove it.",
     '{"type": "score_claim", "claim_index": 0, ...} before any attempt_falsification',
     "Attempt the falsification first.")
rule("TRZ106", "NOVELTY_UNCHECKED", "claim slot {index} has no novelty check",
     "record check_novelty for slot {index} before scoring it",
     "Rule 6: a claim that is already known is not new knowledge; its novelty is checked before it is scored.",
     '{"type": "score_claim", "claim_index": 0, ...} before check_novelty',
     "Check the novelty first.")
rule("TRZ107", "UNGROUNDED_CLAIM", "the synthesis of claim slot {index} has no external evidence of its own",
     "attach the web-sourced evidence (url, title, summary, evidence_type) that grounds the claim to the "
     "create_synthesis itself",
     "Rule 7: knowledge is grounded in external evidence; a claim without any is opinion. The evidence belongs "
     "to the claim: what its thesis or antithesis cited does not ground the synthesis.",
     '{"type": "create_synthesis", ..., "evidence": []} (even after a thesis with evidence)',
     "Add the evidence the web searches found.")
rule("TRZ108", "CLAIM_LIMIT_EXCEEDED", "this round already has {count} claims; the limit is {limit}",
     "validate these claims first; the next round can hold {limit} more",
     "Rule 8: at most 3 claims per round, so each gets a real antithesis, falsification and verdict.",
     "a fourth state_thesis in one round", "Work with the three claims, or continue to a new round.")
rule("TRZ109", "NOT_CUMULATIVE", "round {round} references no previous claim",
     "set builds_on_claim_id on at least one synthesis of this round to a claim of an earlier round",
     "Rule 9: rounds 2+ build on what the session already knows.",
     "a round-2 claims_review where no create_synthesis has builds_on_claim_id",
     "Name the earlier claim the new one builds on.")
rule("TRZ110", "NEGATIVE_KNOWLEDGE_MISSING", "round {round}: negative knowledge was not consulted before synthesis",
     'record {{"type": "get_negative_knowledge"}} before the round\'s first thesis',
     "Rule 10: rounds 2+ must look at the rejected claims first, so they are not proposed again.",
     "a round-2 state_thesis without get_negative_knowledge", "Consult the negative knowledge first.")
rule("TRZ111", "MAX_ROUNDS_EXCEEDED", "round {round} would exceed the maximum of {limit} rounds",
     "resolve the session (build_decision resolve) to crystallize the knowledge",
     "Rule 11: at most 5 rounds per session.", '{"type": "build_decision", "decision": "continue"} in round 5',
     "Resolve instead.")
rule("TRZ112", "STATE_OF_ART_NOT_RESEARCHED", "map_state_of_art needs a web_search in this phase first; "
     "searched: {searched}",
     'record {{"type": "web_search", "purpose": "state_of_art", "query": "...", "results": [...]}} first',
     "Rule 12: the state of the art is researched, not recalled: map_state_of_art requires a web_search first.",
     "map_state_of_art as the first move",
     "Search first, then map the state of the art from the results.")
rule("TRZ113", "CROSS_DOMAIN_NOT_SEARCHED", "search_cross_domain for {domain!r} needs a web_search of that domain "
     "in this phase; searched: {searched}",
     'record {{"type": "web_search", "purpose": "cross_domain", "domain": "{domain}", ...}} first',
     "Rule 13: an analogy from a distant domain is found by searching that domain.",
     "search_cross_domain with source_domain 'ant colonies' after a search of 'bird flocks'",
     "Search the domain the analogy comes from.")
rule("TRZ114", "ANTITHESIS_NOT_SEARCHED", "find_antithesis for slot {index} needs a web_search for its "
     "counter-evidence in this phase; searched: {searched}",
     'record {{"type": "web_search", "purpose": "antithesis", "claim_index": {index}, ...}} first',
     "Rule 14: an antithesis is counter-evidence found by searching, not a straw man. A search that names a slot "
     "counts for that slot only; one that names none counts for every slot.",
     "find_antithesis for slot 0 with no antithesis search for slot 0",
     "Search for counter-evidence to that thesis first.")
rule("TRZ115", "FALSIFICATION_NOT_SEARCHED", "attempt_falsification for slot {index} needs a web_search to "
     "disprove it in this phase; searched: {searched}",
     'record {{"type": "web_search", "purpose": "falsification", "claim_index": {index}, ...}} first',
     "Rule 15: a falsification attempt searches for what would disprove the claim. A search that names a slot "
     "counts for that slot only; one that names none counts for every slot.",
     "attempt_falsification for slot 1 after a falsification search for slot 0 only",
     "Search for disproof of that claim first.")

# -- what the TRIZ design implies around them -------------------------------------------------------------------

rule("TRZ120", "WRONG_PHASE", "{tool} is for the {allowed} phase; the session is in {phase}",
     "`argcheck next` lists the moves allowed now",
     "Phases run in order and change only through the user's reviews; a tool of another phase is refused.",
     "state_thesis while the session is in decompose", "Finish the current phase and its review first.")
rule("TRZ121", "INVALID_CLAIM_INDEX", "claim slot {index} is not open in this round; open: {known}",
     "state a thesis to open a slot; slots are numbered from 0 in the order the theses were stated",
     "Antithesis, synthesis and validation refer to a claim slot of the current round.",
     "find_antithesis for slot 2 after one thesis", "Use an open slot.")
rule("TRZ122", "UNKNOWN_CLAIM", "claim {claim} is not one of the claims that can be named here: {known}",
     "use an id from `argcheck next` or `argcheck render STATE --format status`",
     "Verdicts, graph edges, deep dives and builds_on refer to claims that exist in this session.",
     '{"claim_id": "C9"} in a session with two claims', "Use an existing claim id.")
rule("TRZ123", "CLAIM_ALREADY_SYNTHESIZED", "slot {index} already holds claim {claim}",
     "state a new thesis to open another slot",
     "Each slot's thesis and antithesis produce one synthesis.", "two create_synthesis for slot 0",
     "Open a new slot with state_thesis.")
rule("TRZ124", "VERDICT_MISSING", "no verdict for {missing}",
     "the user gives accept, reject, qualify or merge for every claim of the round",
     "Phase 4 ends with the user's verdict on every claim of the round.",
     "a verdicts move naming one of two claims", "Ask the user about the remaining claims.")
rule("TRZ125", "MERGE_WITHOUT_CLAIMS", "the merge verdict on {claim} names no claim to merge with",
     "list the claims in merge_with",
     "A merge joins claims; without the other claims there is nothing to merge.",
     '{"claim_id": "C2", "verdict": "merge", "merge_with": []}', "Name the claims to merge with.")
rule("TRZ126", "INVALID_VERDICT", "claim {claim} has verdict {verdict}; only accepted, qualified or merged claims "
     "enter the knowledge graph", "a rejected claim is negative knowledge; it stays out of the graph",
     "The knowledge graph holds validated knowledge only.",
     '{"type": "add_to_knowledge_graph", "claim_id": "C1"} after the user rejected C1',
     "Leave rejected claims out; unjudged claims wait for the user's verdicts.")
rule("TRZ127", "CLAIM_ALREADY_IN_GRAPH", "claim {claim} is already in the knowledge graph",
     "add edges with the next claim you add", "A node is added once.",
     "two add_to_knowledge_graph for C1", "Add each claim once.")
rule("TRZ128", "EDGE_ENDPOINT_NOT_IN_GRAPH", "edge {found} joins {claim}, which is not in the knowledge graph",
     "add that claim to the graph first; edges join claims in the graph",
     "Edges are between claims of the graph (never a rejected or unjudged claim).",
     '{"source": "C2", "target": "C1", ...} before C1 is in the graph', "Add the other claim first.")
rule("TRZ129", "GRAPH_CYCLE", "edge {found} would close the cycle {cycle}",
     "the knowledge graph is a DAG: drop or reverse the edge",
     "The knowledge graph is a directed acyclic graph; a cycle would make a claim depend on itself.",
     "C1 extends C2 and C2 extends C1", "Reverse or drop one edge.")
rule("TRZ130", "MERGE_NOT_TRACED", "claim {claim} merges {missing} but has no merged_from edge to it",
     'add {{"source": "{claim}", "target": "...", "edge_type": "merged_from"}} for each merged claim',
     "Merged claims are traced through merged_from edges.",
     "a merged C3 added to the graph without edges", "Add the merged claims first, then the merged_from edges.")
rule("TRZ131", "REVIEW_INDEX_UNKNOWN", "{where} names item {found}; there are {count}",
     "use the numbers (from 0) of the listed items", "A review refers to items the agent recorded.",
     '"selected_reframings": [7] with three reframings', "Use an existing item number.")
rule("TRZ132", "CLAIM_NOT_SCORED", "claim slot {index} is not scored", "record score_claim for slot {index}",
     "The user's verdicts come after each claim's falsification, novelty check and scores.",
     "a verdicts move before any score_claim", "Score every claim first.")
rule("TRZ133", "REJECTION_REASON_MISSING", "the reject verdict on {claim} gives no rejection_reason",
     "say why: the reason becomes negative knowledge",
     "Negative knowledge is only useful with its reason.", '{"claim_id": "C1", "verdict": "reject"}',
     "Add the rejection reason.")
rule("TRZ134", "EVIDENCE_NOT_RESEARCHED", "{url} is not among the results of any recorded web_search",
     "record the web_search that found it (with that url among its results) first",
     "Research is recorded: agent evidence comes from a recorded search (user evidence is exempt).",
     "a thesis citing a url no web_search returned", "Record the search, or drop the url.")
rule("TRZ135", "PROSE_UNCITED", "{where} cites no claim", "cite the claims it rests on as [C1], [C2]",
     "The document's prose is built on recorded claims; uncited prose is unchecked opinion.",
     '"core_insight": "Batteries are hard."', "Cite the claims, e.g. [C1].")
rule("TRZ136", "PROSE_CITES_UNKNOWN_CLAIM", "{where} cites {claim}, which {found}",
     "cite claims that exist; the core insight and implementation guide cite graph claims only",
     "A citation must point at knowledge the session actually validated.",
     '"core_insight": "... [C9]" with two claims', "Cite existing (and, for the insight, graph) claims.")
rule("TRZ137", "PROBLEM_HASH_MISMATCH", "problem_hash {found} is not the hash of the problem ({expected})",
     "the problem was edited; restore it or start a new session",
     "The problem anchors the session; its hash makes an edit visible.", '"problem" changed by hand',
     "Restore the problem, or init a new session.")
rule("TRZ138", "DUPLICATE_VERDICT", "claim {claim} has {count} verdicts", "one verdict per claim",
     "A claim gets one verdict per review.", "two verdicts for C1 in one move", "Keep one.")
rule("TRZ139", "DECISION_INCOMPLETE", "build decision {decision} needs {field}",
     "deep_dive names deep_dive_claim_id; add_insight carries user_insight",
     "The TRIZ design's build decision carries the target of a deep dive and the text of an insight.",
     '{"type": "build_decision", "decision": "deep_dive"}', "Add the missing field.")
rule("TRZ140", "KNOWLEDGE_GRAPH_EMPTY", "the knowledge graph is empty; there is no knowledge to crystallize",
     "add validated claims to the graph first: continue with another round, or add an insight (or cancel)",
     "The Knowledge Document presents the graph's claims; without any it would be empty.",
     "build_decision resolve after every claim was rejected", "Run another round, or cancel.")
rule("TRZ141", "MERGE_WITH_REJECTED_CLAIM", "the merge verdict on {claim} merges {found}, which is rejected",
     "merge with claims that stand; a rejected claim is negative knowledge",
     "A merged claim is traced to the claims it merges through merged_from edges in the graph, and a rejected "
     "claim never enters the graph: such a merge could never be traced.",
     '{"claim_id": "C2", "verdict": "merge", "merge_with": ["C1"]} with C1 rejected', "Merge with a claim that stands.")
rule("TRZ142", "DEEP_DIVE_OFF_TARGET", "this synthesis builds on {found}; the deep dive is on {claim}",
     'set "builds_on_claim_id": "{claim}"',
     "The user chose to deep-dive into one claim: every claim of the deep dive builds on it.",
     "a create_synthesis without builds_on_claim_id after the user chose a deep dive on C1",
     "Build on the claim the user chose, or ask the user for another build decision after this pass.")
rule("TRZ143", "SEARCH_NOT_WITNESSED", "the web_search does not match a witnessed search: {detail}",
     "search with the WebSearch (or WebFetch) tool first, then record its exact query and URLs it returned",
     "In a witnessed run the research rules rest on searches the harness saw, not on results the agent typed.",
     '{"type": "web_search", "query": "ev range cold", ...} with no WebSearch call for it',
     "Run the search, then record the query and results as the tool returned them.")
