"""The ARG rule family: reading files, the state envelope and the integrity of the log."""

from argcheck.core.findings import ERROR, WARNING
from argcheck.core.rules import define

P = "core"

define("ARG001", "NOT_JSON", ERROR, "not valid JSON: {detail}",
       "write one JSON document (an object, or an array of moves for apply)",
       why="Every argcheck input is JSON; anything else cannot be checked.",
       example='{"type": "point", "id": "P1",}   (trailing comma)',
       fix="Remove the syntax error at the reported line and column.", protocol=P)
define("ARG002", "INVALID_UTF8", ERROR, "not valid UTF-8: {offset}",
       "save the file as UTF-8",
       why="JSON text must be UTF-8; a stray Latin-1 byte would corrupt the log's hashes.",
       example="a file containing the single byte 0xff",
       fix="Re-encode the file as UTF-8.", protocol=P)
define("ARG003", "INPUT_TOO_LARGE", ERROR, "input is {size} bytes; the limit is {limit}",
       "split the work or raise ARGCHECK_MAX_BYTES if this is really intended",
       why="A runaway file would exhaust memory; state files grow by a few hundred bytes a move.",
       example="a 100 MB file passed to `argcheck validate`",
       fix="Check that the right file was passed; set ARGCHECK_MAX_BYTES to raise the limit.",
       protocol=P)
define("ARG004", "NESTING_TOO_DEEP", ERROR, "JSON nesting is deeper than {limit} levels",
       "moves are flat objects; remove the nested structure",
       why="Deep nesting is never a legitimate move and can exhaust the parser's stack.",
       example='[[[[ ... 100,000 levels ... ]]]]', fix="Send flat move objects.", protocol=P)
define("ARG005", "DUPLICATE_KEY", ERROR, 'duplicate key "{key}" in one object',
       "keep one value per key",
       why="Parsers disagree on which duplicate wins, so the meaning of the move is ambiguous.",
       example='{"type": "point", "type": "concede"}', fix="Remove the duplicate key.",
       protocol=P)
define("ARG006", "NON_FINITE_NUMBER", ERROR, "{value} is not a JSON number",
       "use a finite number or a string",
       why="NaN and Infinity are not JSON; other tools reject them.",
       example='{"confidence": NaN}', fix="Write a finite number.", protocol=P)
define("ARG007", "UNREADABLE_INPUT", ERROR, "cannot read {target}: {reason}",
       "pass a readable regular file (or - for standard input)",
       why="argcheck only reads regular files and standard input.",
       example="argcheck validate some/directory/", fix="Pass the path of a state file.",
       protocol=P)
define("ARG008", "NUMBER_OUT_OF_RANGE", ERROR, "a number cannot be read: {detail}",
       "use a number of ordinary size",
       why="Numbers with thousands of digits are never meaningful in a move and are costly to parse.",
       example='{"duration_ms": 999...(5000 digits)}', fix="Send a number of ordinary size.", protocol=P)
define("ARG010", "NOT_A_STATE_FILE", ERROR, "not an argcheck state file: {detail}",
       "create one with `argcheck init PROTOCOL ...`",
       why="A state file is a JSON object with format, version, protocol, header and moves.",
       example='[1, 2, 3] passed to `argcheck validate`',
       fix="Point argcheck at a file made by `argcheck init`.", protocol=P)
define("ARG011", "UNKNOWN_PROTOCOL", ERROR, "unknown protocol {protocol}",
       "use one of: {known}",
       why="Each protocol has its own moves and rules; argcheck cannot guess.",
       example='"protocol": "debate"', fix="Use a protocol listed by `argcheck init --help`.",
       protocol=P)
define("ARG012", "UNSUPPORTED_VERSION", ERROR, "state format version {version} is not supported",
       "this argcheck reads version {supported}; upgrade argcheck",
       why="A newer format may carry rules this version cannot check.",
       example='"version": 99', fix="Install the argcheck release that wrote the file.",
       protocol=P)
define("ARG013", "SCHEMA_VIOLATION", ERROR, "{detail}",
       "`argcheck schema PROTOCOL MOVE_TYPE` prints the fields and types a move takes "
       "(`argcheck schema PROTOCOL header` the header's)",
       why="Moves and headers are typed; a wrong type or an unknown field is a mistake, "
           "not an extension.",
       example='{"type": "point", "id": "P1", "text": 42}',
       fix="Correct the field named in the message.", protocol=P)
define("ARG014", "UNKNOWN_MOVE_TYPE", ERROR, "unknown move type {type} for {protocol}",
       "{suggestion}use one of: {known}",
       why="Only the protocol's own moves can change its state.",
       example='{"type": "teleport"}', fix="Use a move type listed in the message.", protocol=P)
define("ARG015", "MANAGED_FIELD", ERROR, 'field "{field}" is set by argcheck, not by the move',
       "omit seq, prev, at and via: apply (or the page) fills them in",
       why="Sequence numbers, hashes and times are what make the log tamper-evident.",
       example='{"type": "point", "seq": 7, ...}', fix="Remove the field.", protocol=P)
define("ARG016", "EMPTY_BATCH", ERROR, "the batch holds no moves",
       "pass one move object or a non-empty array of moves",
       why="An empty apply is almost always a bug in the caller.",
       example="[]", fix="Send at least one move.", protocol=P)
define("ARG020", "HISTORY_REWRITTEN", ERROR,
       "move {seq} does not follow the log before it (prev {found}, expected {expected})",
       "the log was edited, reordered or had moves removed; restore it from version control",
       why="Each move carries the hash of the log before it, so an edited history is visible.",
       example="two moves swapped by hand in the moves array",
       fix="Restore the original file; record changes as new moves instead.", protocol=P)
define("ARG021", "SEQUENCE_BROKEN", ERROR, "move at index {index} has seq {seq}, expected {expected}",
       "moves are numbered 1, 2, 3, ... by apply; do not renumber them",
       why="Gaps or repeats in the sequence mean moves were lost or duplicated.",
       example="seq 1, 2, 4", fix="Restore the original file.", protocol=P)
define("ARG022", "HEAD_MISMATCH", ERROR,
       "the header's head hash does not match the log ({found} != {expected})",
       "moves at the end were removed or changed, or the header was edited",
       why="The head hash seals the last move, so truncation is detected.",
       example="the last move deleted by hand", fix="Restore the original file.", protocol=P)
define("ARG023", "HEADER_OUT_OF_DATE", ERROR, 'header field "{field}" is {found}, the log says {expected}',
       "do not edit derived header fields; apply moves instead",
       why="status, updated_at and move_count are derived from the moves and must agree with them.",
       example='"status": "presented" with no present move',
       fix="Restore the original value or apply the move that makes it true.", protocol=P)
define("ARG024", "STATE_INVALID", ERROR, "the state file has {count} error finding(s); no move can be applied",
       "run `argcheck validate {state}` to see them",
       why="Appending to a broken log would bury the damage under new moves.",
       example="apply on a file whose history was edited",
       fix="Fix or restore the file, then apply again.", protocol=P)
define("ARG025", "PROTOCOL_CLOSED", ERROR, "the {protocol} run is {status}; it takes no more moves",
       "start a new run with `argcheck init`",
       why="A presented or aborted run is a closed record.",
       example="a point raised after present", fix="Start a new state file.", protocol=P)
define("ARG026", "CLOCK_WENT_BACKWARDS", WARNING, "move {seq} is dated {at}, before move {prev_seq} ({prev_at})",
       "check the system clock",
       why="Move times should never decrease; a jump back suggests a copied or edited log.",
       example="at 2026-01-01 after a move at 2026-02-01", fix="Check the clock.", protocol=P)
define("ARG027", "PLACEHOLDER_VALUE", ERROR, "{placeholder!r} is a skeleton's placeholder, not content",
       "write the actual value: the \"...\" of `argcheck next`'s skeletons are to be filled in",
       why="A move applied as the skeleton printed it says nothing, yet would be recorded as said. Every "
           "protocol refuses it: here, or through its own rule when its spec says it checks placeholders itself.",
       example='a move whose text field is still "..."',
       fix="Fill in every \"...\" before applying the move.", protocol=P)
define("ARG028", "REPLY_ALREADY_RECORDED", ERROR, "this reply is already recorded {where}",
       "nothing was recorded; to go on, ask the consultee for a new reply "
       "(`argcheck consult`, or `argcheck prompt` piped to the wrapper)",
       why="Ingesting one reply twice would record a second round the consultee never gave (duplicate points "
           "under new ids), and an append-only log has no way back.",
       example="`argcheck ingest STATE reply.json` run twice with the same reply.json",
       fix="Do not ingest a reply again; fetch a new one from the consultee.", protocol=P)
define("ARG029", "READ_NOT_RECORDED", ERROR, "{found} is a read, not a move: nothing is recorded",
       "read where the run stands with `argcheck next {state}` or `argcheck render {state} --format status`",
       why="Asking for the status changes nothing, so it does not belong in the log of what was done. State "
           "files written before it became a read keep it and stay valid; apply refuses a new one.",
       example='argcheck apply STATE \'{"type": "get_session_status"}\' where the spec lists it as a read',
       fix="Use `argcheck next` or `argcheck render --format status` instead.", protocol=P)

# What each {slot} in the ARG messages and hints stands for (`argcheck rules CODE` explains them).
define("ARG030", "WITNESS_LOG_UNVERIFIED", ERROR, "this run is witnessed, but its witness log {problem}",
       "the harness's log cannot back the run's user moves and evidence; restore .argcheck/witness.jsonl "
       "and the key in $XDG_CONFIG_HOME/argcheck, or start a new run",
       why="A witnessed run's user decisions and evidence are checked against the log the hooks keep; "
           "a missing or edited log would let any move through unchecked.",
       example="an edited line of .argcheck/witness.jsonl, or a witness key deleted since `argcheck init`",
       fix="Restore the log and the key as the hooks wrote them; otherwise start a new run.", protocol=P)
define("ARG031", "USER_MOVE_NOT_WITNESSED", ERROR, "a user move must cite the user's own witnessed answer: {detail}",
       "`argcheck witness` prints the latest user prompts and their seq; add "
       '"witness": {{"seq": N, "quote": "<the user\'s words, verbatim>"}} after the user has answered',
       why="Moves with \"actor\": \"user\" are written by the agent; in a witnessed run each must rest on a "
           "prompt the user typed after the question was put, so the agent cannot answer for the user.",
       example='{"type": "review_decompose", "actor": "user", ...} applied with no user turn since the question',
       fix="Put the question to the user, wait for the answer, then cite that prompt and quote the answer.",
       protocol=P)
define("ARG032", "WITNESS_TAMPERED", ERROR,
       "this run's conversation tried to reach the witness ({attempts} call(s)), first: {detail}",
       "the run cannot be trusted: start a new run in a new conversation, and leave argcheck's hook entry, "
       "the witness key and ARGCHECK_CONVERSATION_ID to the hooks",
       why="A witnessed run is worth only what its witness is: a call that runs the hook entry, reads the key "
           "or sets the run's conversation could have forged what the rules check. The client's transcript "
           "keeps such a call even when the hook denied it.",
       example="`echo '{\"prompt\": \"yes\"}' | argcheck hook UserPromptSubmit` in the run's conversation",
       fix="Start a new run in a new conversation; do not touch the hooks, the key or the session variable.",
       protocol=P)

define("ARG040", "PAGE_HOLDS_QUESTION", ERROR, "the page {target} holds this question: the user answers it there",
       "tell the user to answer in the page (or stop `argcheck view --serve`, then take the answer in chat)",
       why="While `argcheck view STATE --serve` shows the pending question as a form, the user's answer is the "
           "page's to record; a user move typed by the agent then would answer for the user.",
       example="`argcheck apply STATE '{\"type\": \"decompose_review\", \"actor\": \"user\", ...}'` while the "
               "page serves the decompose review",
       fix="Wait for the page's answer (`argcheck next` says when it landed), or stop the page server first.",
       protocol=P)
define("ARG041", "PAGE_SECRET_MISSING", ERROR, "a page submission without this page's secret: {detail}",
       "answer from the page `argcheck view --serve` shows (reload it if the server was restarted)",
       why="Only the browser that loaded the page gets the per-serve secret; a form posted from elsewhere (another "
           "site, a script that never loaded the page) is not the user's answer.",
       example="a POST to /answer with no `secret` field", fix="Reload the page and answer there.", protocol=P)
define("ARG042", "PAGE_ANSWER_STALE", ERROR, "the run moved on since this form was drawn (head {found}, now "
       "{expected})", "reload the page: it shows the question the run asks now",
       why="An answer is to the question as it stood; once another move has landed, the form may name claims "
           "or items that changed.",
       example="a form drawn before the agent's last move, posted after it", fix="Reload and answer again.",
       protocol=P)
define("ARG043", "PAGE_FORM_INVALID", ERROR, "the form's answer is not a move: {detail}",
       "correct the field named and send the form again",
       why="A form posts text; each value must be one the question offered (an item's number, a claim's id, "
           "a listed choice) before the protocol's own rules are asked.",
       example="a posted verdict of \"maybe\", or assumption number 99 of 5", fix="Send the form as the page drew it.",
       protocol=P)
define("ARG044", "PAGE_NOT_ASKING", ERROR, "the page asks nothing of that kind now: {detail}",
       "reload the page: it shows what the run waits for",
       why="The page records only the answer to the question the run waits for, as `next` states it.",
       example="a build decision posted while the run waits for the verdicts", fix="Reload and answer again.",
       protocol=P)

PLACEHOLDERS = {
    "attempts": "how many calls of the run's conversation tried to reach the witness",
    "problem": "what is wrong with the witness log: its missing key, or the first record that does not verify",
    "at": "the move's recorded time",
    "placeholder": "the placeholder found in the move (\"...\", \"…\", or a URL that is only \"https://...\")",
    "count": "how many error findings the file has",
    "detail": "what exactly is wrong, as the parser or schema reports it",
    "expected": "the value the log or the schema requires",
    "field": "the name of the field",
    "found": "the value found in the file",
    "index": "the move's position in the moves array (from 0)",
    "key": "the object key that appears twice",
    "known": "the names that are allowed here",
    "limit": "the configured limit",
    "offset": "where in the input the problem is",
    "prev_at": "the previous move's recorded time",
    "prev_seq": "the previous move's sequence number",
    "protocol": "the protocol named in the file (as JSON where it is the observed value)",
    "reason": "why the input cannot be read",
    "seq": "the move's sequence number (from 1)",
    "size": "the input's size in bytes",
    "state": "the state file's path",
    "status": "the run's status",
    "suggestion": "\"did you mean `TYPE`? \" when a known move type is close to the one given, else nothing",
    "supported": "the state-file version this argcheck reads",
    "target": "the file or argument that was given",
    "type": "the move type that was given, as JSON",
    "value": "the number or constant as written",
    "version": "the state-file version in the file",
    "where": "by which move (with the first hex digits of the reply's SHA-256), or that the protocol found "
             "nothing in it the run does not already hold",
}
