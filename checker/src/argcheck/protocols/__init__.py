"""The protocols: every folder here with a `spec.py` is one (the contract is `argcheck.core.contract`).

They are discovered, never listed (`argcheck.core.discovery`). ARGCHECK_PROTOCOL_PATH (directories
separated by the OS path separator) adds folders whose sub-packages are protocols too, importable as
`argcheck.protocols.<name>` like the bundled ones.
"""

from argcheck.core.discovery import extra_folders

__path__.extend(folder for folder in extra_folders() if folder not in __path__)
