"""The mechanisms a title composes, one module each: 1870's river and 1835's water
borders, the turn's later tile lays, token prices by distance, obsolete trains, half
pay, 18AL's doubling trains, the market ledge, whether a destination token fills a
slot; and those that hold state of the turn: 1870's connection runs and its
destinations, 1825's single track, 1830's emergency purchase, the discards. Each reads
the model, the loader and the options; those of the turn are written against the
turn's protocols (``turn/context.py``, ``turn/protocol.py``); none imports the turn
core (dispatcher, composer, registry, steps), ``rules.py`` or ``api.py``."""
