"""Game-neutral pieces: errors, options, hex grids, canonical JSON, schemas.

Nothing here imports a game; every game imports from here.
"""
