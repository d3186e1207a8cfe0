"""The toulmin protocol: a seven-component Toulmin chain built in four phases with circuit breakers (seeds 000, 001)."""
