"""The board as an SVG picture (``svg``): hex geometry (``geometry``) and the water
lines (``water``). Reads positions and the route search; the engine never imports it."""
