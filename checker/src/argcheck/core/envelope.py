"""The state file's envelope: its format name, version and top-level fields (the files layer writes them)."""

FORMAT = "argcheck-state"
VERSION = 1
DERIVED_FIELDS = ("status", "updated_at", "move_count", "head")
TOP_LEVEL_FIELDS = ("format", "version", "protocol", "id", "created_at", "header", *DERIVED_FIELDS, "moves")
# Measured by bench/bench_lock_wait.py (8 appliers on 2 cores, a 3.3 MB state): the worst wait for the
# lock was 32.4 s. A dead holder releases the lock at once, so waiting long costs only when a live
# process hangs while holding it; failing a legitimate apply on a loaded machine costs more.
DEFAULT_LOCK_TIMEOUT = 120.0
