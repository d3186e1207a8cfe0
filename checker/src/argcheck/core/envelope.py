"""The state file's envelope: its format name, version and top-level fields (the files layer writes them)."""

FORMAT = "argcheck-state"
VERSION = 1
DERIVED_FIELDS = ("status", "updated_at", "move_count", "head")
TOP_LEVEL_FIELDS = ("format", "version", "protocol", "id", "created_at", "header", *DERIVED_FIELDS, "moves")
# Measured by bench/bench_lock_wait.py (8 appliers on 2 cores, a 3.3 MB state): the worst wait for the
# lock was 32.4 s. A dead holder releases the lock at once, so waiting long costs only when a live
# process hangs while holding it; failing a legitimate apply on a loaded machine costs more.
DEFAULT_LOCK_TIMEOUT = 120.0
MANAGED_MOVE_FIELDS = ("seq", "prev", "at")  # what apply fills in on a move; a move sent in never holds them


def not_a_move(value, source: str) -> str | None:
    """One sentence when `value`, sent where a move (or a batch of moves, or a reply) belongs, is a whole state
    file, or the moves of one copied with the fields apply fills in; None otherwise (pure)."""
    if isinstance(value, dict) and (value.get("format") == FORMAT or {"header", "moves"} <= set(value)):
        protocol = value.get("protocol")
        what = f"a {protocol} state file" if isinstance(protocol, str) and protocol.isalnum() else "a state file"
        return (f"{source} is {what}, not a move: a move is one object with a \"type\" (`argcheck next STATE` "
                f"shows the one due)")
    batch = value if isinstance(value, list) else [value]
    if batch and all(isinstance(move, dict) and {"seq", "prev"} <= set(move) for move in batch):
        return (f"{source} holds moves copied from a state file (they carry {', '.join(MANAGED_MOVE_FIELDS)}, which "
                f"apply fills in): send each move without them")
    return None
