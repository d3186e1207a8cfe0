"""The triz protocol: dialectical knowledge creation in six phases with the 15 enforcement rules (seed 003)."""
