"""The test kit: the run builders shared with the example generators (checker/tools/examples/runkit.py),
and `kit.skillrun` for the skill scenarios."""

from runkit import NOW, Clock, Env, ProtocolRun, force_append, make_env, reader, reseal  # noqa: F401
