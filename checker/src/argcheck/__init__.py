"""argcheck: structured reasoning protocols with every rule enforced in code."""

__version__ = "0.1.0"

__all__ = ["__version__"]
