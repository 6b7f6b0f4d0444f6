"""The 18xx operating-turn oracle: maps and tiles as data, a track graph, companies
and private companies as records, and the operating turn composed from steps.

Entry point: ``oracle.eighteen.api.API`` (registered as game ``"18xx"``).
"""
