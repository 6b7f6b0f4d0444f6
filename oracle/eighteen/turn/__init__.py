"""The operating turn: the dispatcher (``dispatch.py``), which knows no title; the
steps every title shares (``steps.py``); the mechanism protocol a title's rules plug
into (``protocol.py``); and the actions' checks and effects (``lays.py``,
``tokens.py``, ``privates.py``, ``flow.py``). ``context.py`` is the ground: what the
turn's helpers need of the rules object, so none of them imports ``rules.py``."""
