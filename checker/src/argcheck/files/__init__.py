"""State files on disk: reading, atomic writing, the lock, calling consultees."""
