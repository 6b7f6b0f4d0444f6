"""Game-neutral data files: the reason-code registries (``reasons.<game>.json``) and
their schema, read by ``oracle.core.reasons``."""
