"""Title data files (JSON) and their schemas, read by ``oracle.eighteen.load.loader``."""
