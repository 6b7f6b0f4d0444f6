"""The mechanisms a title composes, one module each: 1870's river and 1835's water
borders, the turn's later tile lays, token prices by distance, obsolete trains, half
pay, 18AL's doubling trains, the market ledge, whether a destination token fills a
slot. Each reads the model, the loader and the options; none imports the turn core."""
