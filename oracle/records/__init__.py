"""Recorded games of other platforms, read and put in railrules terms.

``reader`` reads an 18xx.games record (docs/replay.md: the format as we read it) and
resolves its undo and redo; ``translate`` turns each of its actions into railrules
actions from the record and the current position JSON alone, so any engine behind the
``Implementation`` can replay it (``oracle/harness/replay_record.py``).
"""
