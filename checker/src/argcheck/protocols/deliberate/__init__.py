"""The deliberate protocol: bounded adversarial deliberation with a consultee (seed 004)."""
