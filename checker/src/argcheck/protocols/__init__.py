"""The protocols: every folder here with a `spec.py` is one (the contract is `argcheck.core.contract`).

They are discovered, never listed (`argcheck.core.discovery`, which also makes the folders named in
ARGCHECK_PROTOCOL_PATH importable as `argcheck.protocols.<name>`, like the bundled ones).
"""
