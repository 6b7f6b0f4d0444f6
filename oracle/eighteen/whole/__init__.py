"""Whole games: the private auction, stock rounds and the sets of operating rounds
between them, for a title whose data carries ``TitleData.whole`` (1830).

The operating turn is the turn package's (``oracle/eighteen/turn``); this package
plays what lies around it, as one mechanism (``mechanism.py``) that takes the
players' actions while the game is in the auction or a stock round, and moves the
game from one round to the next (``sequence.py``). docs/18xx.md, "Whole games".
"""
