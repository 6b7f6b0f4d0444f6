"""The 18xx model: plain records and the pure functions over them. Hex coordinates,
tiles (with the upgrade rule and the stop mapping an upgrade keeps), the board and
its borders, trains, phases and the market, private powers, a title's record, the
position and the actions. Imports nothing else of the engine."""
