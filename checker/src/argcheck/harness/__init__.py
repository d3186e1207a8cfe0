"""The agents' harness: `argcheck hook [--agent claude|codex|gemini] EVENT` answers Claude Code's, Codex CLI's
and Gemini CLI's hooks.

A shell, like the CLI and the MCP server: it reads the hook's JSON, decides with pure functions and answers
in the agent's hook protocol (exit 0 and JSON on stdout, or nothing for "no decision"). It never names a
protocol: what a run owes next comes through the protocol contract.

  events.py     the entry point: read stdin, the fast path, the agent's adapter, print the answer; never a
                traceback
  agents/       one adapter per agent: its event as the canonical (Claude-shaped) input, the core's answer
                in its own protocol
  decide.py     the core: the one answer to a canonical hook call, for every agent
  notes.py      .argcheck/harness.log: a line for each event the harness could not read
  answers.py    the hook protocol's answers (allow / ask / deny, block, additional context)
  places.py     the project, its state directory and whether a path stays inside it
  shellwords.py a shell command (or a block of them) split into words, or None when the shell would do more
  consent.py    which argcheck commands run without a prompt: the paths the CLI's click parse says a command
                touches (handed in as `read`, argcheck.cli.effects), judged here
  witnessguard.py the witness guard: no tool of the agent reaches the hook entry, the key or the session
                (the text is core/tampering.py's; links, globs and scripts resolved here)
  rawinput.py   one field of the hook's JSON read without the json module (the fast path)
  guard.py      the state guard: the agent's tools never write argcheck's files (shellwrites.py: Bash)
  runs.py       the project's open runs through the protocol contract (status, summary, next step)
  stopgate.py   the Stop gate: a run this conversation started is not left owing the agent's move
  resume.py     SessionStart: the conversation id for `argcheck init`; open runs restated after compaction
                (the conversation's start marker: files/sessionmarks.py)
"""
