"""Loading: the one loader of the data files (``loader``: the tile catalogue and each
title, checked against their schemas) and synthetic boards and positions for tests and
the benchmark (``generated``)."""
