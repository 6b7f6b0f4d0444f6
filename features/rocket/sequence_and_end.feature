Feature: The order of a move, and when the game ends
  Extending a line runs: move the locomotive, take the share, call and resolve a
  veto round, place the track tile. The share is the mover's during the veto round.
  The game can end between a player's two actions, never in the middle of one
  (FAQ, seed 000).

  York's locomotive stands on C3 heading east: it may go to B3, C4 or D3; London
  (LO) touches B3 and C4. "Only N track tiles are left" lays the other tiles as
  track off the drawn part of the board.

  @id:seq-share-before-veto @ruling:SR-SEQ-01 @ruling:SR-SEQ-02 @source:000
  Scenario: The share is taken as the locomotive moves, before any veto or tile
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    When p1 moves the york locomotive to D3
    Then the action is accepted
    And player p1 holds 1 share of york
    And the york pile holds 15 shares
    And no track tile lies on C3
    And 59 track tiles are left
    And the move waits for its veto round and track tile

  @id:seq-tile-after-veto @ruling:SR-SEQ-01 @source:000
  Scenario: The tile goes down behind the locomotive once the veto round is over
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then a york track tile lies on C3
    And no track tile lies on D3
    And 58 track tiles are left

  @id:seq-no-tile-while-polling @ruling:SR-SEQ-01 @source:000
  Scenario: No tile is laid while the veto poll runs
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    When p2 asks for a veto round
    Then no track tile lies on C3
    And 59 track tiles are left

  @id:seq-scoring-on-final-space @ruling:SR-SEQ-01 @source:000
  Scenario: A city the veto takes the locomotive away from pays nothing
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And player p3 holds 2 steel tokens of london
    And p1 has moved the york locomotive to C4
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to D3
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the york locomotive stands on D3
    And nobody has been paid

  @id:seq-scoring-after-veto @ruling:SR-SEQ-01 @source:000
  Scenario: A city the veto takes the locomotive to pays once the move is final
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And player p3 holds 2 steel tokens of london
    And player p2 holds 1 textiles token of london
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the york line reaches london
    And player p3 has £2,000
    And player p2 has £1,000

  @id:seq-no-scoring-while-polling @ruling:SR-SEQ-01 @source:000
  Scenario: Nothing is scored while the move waits for its veto round
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p3 holds 2 steel tokens of london
    When p1 moves the york locomotive to C4
    Then the action is accepted
    And nobody has been paid

  @id:seq-share-bid-in-defence @ruling:SR-SEQ-02 @source:000
  Scenario: The mover defends with the very share the move gave him
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 1 share
    Then the action is accepted
    And the york locomotive stands on D3
    And player p1 holds 0 shares of york

  @id:seq-share-kept-when-vetoed @ruling:SR-SEQ-02 @source:000
  Scenario: The mover keeps the share even when the veto moves his locomotive
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then player p1 holds 1 share of york

  @id:seq-share-counts-for-mover-bid-limit @ruling:SR-SEQ-02 @source:000
  Scenario: With no shares before the move, the mover may still equal a one-share bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    When p3 passes in the veto round
    Then p1 may defend or give way
    And player p1 holds 1 share of york

  @id:end-last-tile-ends-after-action @ruling:SR-END-01 @source:000
  Scenario: Laying the last tile ends the game between the mover's two actions
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And only 1 track tile is left
    And p1 has moved the york locomotive to D3
    When p1 lays the track tile
    Then the action is accepted
    And 0 track tiles are left
    And the game is over because the tiles ran out

  @id:end-no-second-action @ruling:SR-END-01 @source:000
  Scenario: Once the game is over the mover's second action is refused
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And only 1 track tile is left
    And p1 has moved the york locomotive to D3 and the move stands
    When p1 takes a steel token from london
    Then the action is refused with reason "turn/game_over"

  @id:end-not-inside-veto-round @ruling:SR-END-01 @source:000
  Scenario: The move that takes the last tile still has its veto round
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And only 1 track tile is left
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    When p2 asks for a veto round
    Then the action is accepted
    And the game is not over
    And p2 is next to bid

  @id:end-veto-decides-final-space @ruling:SR-END-01 @ruling:SR-SEQ-01 @source:000
  Scenario: The game ends only after the veto round has placed the locomotive
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And only 1 track tile is left
    And player p2 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the york locomotive stands on C4
    And the game is over because the tiles ran out

  @id:end-game-goes-on-with-tiles @ruling:SR-END-01 @source:000
  Scenario: With a tile still left after the move, the mover takes his second action
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And only 2 track tiles are left
    And p1 has moved the york locomotive to D3
    When p1 lays the track tile
    Then the game is not over
    And p1 has one action left

  @id:end-final-scoring-after-action @ruling:SR-END-01 @source:000
  Scenario: Final scoring follows the action that ends the game
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And only 1 track tile is left
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    When p1 lays the track tile
    Then the scores give p2 £1,000
    And the scores give p1 £500
