"""The track graph and the search over it: which stops and hex sides a company reaches
(``graph``), what a stop and a route pay (``revenue``), the route record and its
validator (``route``), and the optimal run of a company's trains (``search`` and the
pieces it composes). Reads the model (board, tiles, state, records); knows no turn."""
