"""railrules: reference rules engines (oracles) for railway board games."""

__version__ = "0.1.0"
