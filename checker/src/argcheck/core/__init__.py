"""The kit every protocol may import: findings, rules, shapes, text, env, replay, the contract,
discovery. It imports nothing above it."""
