"""The state file's envelope: its format name, version and top-level fields (the files layer writes them)."""

FORMAT = "argcheck-state"
VERSION = 1
DERIVED_FIELDS = ("status", "updated_at", "move_count", "head")
TOP_LEVEL_FIELDS = ("format", "version", "protocol", "id", "created_at", "header", *DERIVED_FIELDS, "moves")
