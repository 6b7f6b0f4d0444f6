Feature: Veto rounds: who asks, who bids, what a bid is
  After a locomotive moves, play goes on unless some player asks to consider a
  veto; only then are the players polled. Asking binds nobody to bid, the mover
  may ask too, and the least bid is one share (FAQ, seed 000).

  York's locomotive stands on C3 heading east, so it may move to B3, C4 or D3.
  London (LO) touches B3 and C4; Guildford (GU) and the unstarted Dover line keep
  the game going.

  @id:veto-poll-waits-after-move @ruling:SR-VETO-01 @source:000
  Scenario: After a move the move waits while anyone may ask for a veto round
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    When p1 moves the york locomotive to D3
    Then the action is accepted
    And the move waits for its veto round and track tile
    And p2 may ask for a veto round
    And p3 may ask for a veto round

  @id:veto-poll-waits-in-a-new-game @ruling:SR-VETO-01 @source:000
  Scenario: In a new game on the whole board, the first move waits for its veto round too
    Given a new 3-player rocket game
    When p1 moves the bristol locomotive to L3
    Then the action is accepted
    And the move waits for its veto round and track tile
    And p1 may ask for a veto round
    And p3 may ask for a veto round

  @id:veto-no-poll-move-stands @ruling:SR-VETO-01 @source:000
  Scenario: Nobody asks, so the mover lays the tile and the move stands unpolled
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    When p1 lays the track tile
    Then the action is accepted
    And the move is complete
    And the york locomotive stands on D3
    And a york track tile lies on C3
    And player p2 holds 3 shares of york
    And p1 has one action left

  @id:veto-bid-without-call-refused @ruling:SR-VETO-01 @source:000
  Scenario: A bid before anyone has asked for a veto round is refused
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    When p2 bids 1 share to send the locomotive to C4
    Then the action is refused with reason "veto/not_now"

  @id:veto-pass-without-call-refused @ruling:SR-VETO-01 @source:000
  Scenario: There is no poll to pass in until someone asks
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to D3
    When p2 passes in the veto round
    Then the action is refused with reason "veto/not_now"

  @id:veto-call-opens-poll @ruling:SR-VETO-01 @source:000
  Scenario: Asking for a veto round starts the poll with the player left of the mover
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 1 real share of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    When p3 asks for a veto round
    Then the action is accepted
    And p2 is next to bid
    And the york locomotive stands on D3
    And no track tile lies on C3

  @id:veto-call-after-tile-refused @ruling:SR-VETO-01 @source:000
  Scenario: Once the tile is laid it is too late to ask for a veto round
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3 and the move stands
    When p2 asks for a veto round
    Then the action is refused with reason "veto/not_now"

  @id:veto-poll-order-kept @ruling:SR-VETO-01 @source:000
  Scenario: In the poll the players bid in turn from the mover's left
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 1 real share of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p3 has asked for a veto round
    When p3 bids 1 share to send the locomotive to C4
    Then the action is refused with reason "veto/not_your_bid"

  @id:veto-asker-may-pass @ruling:SR-VETO-02 @source:000
  Scenario: The player who asked for the veto round may pass
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 1 real share of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 passes in the veto round
    Then the action is accepted
    And p3 is next to bid

  @id:veto-asker-passes-move-stands @ruling:SR-VETO-02 @source:000
  Scenario: When the asker and everyone else pass, the move stands and nobody pays
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has passed in the veto round
    When p3 passes in the veto round
    Then the action is accepted
    And the move is complete
    And the york locomotive stands on D3
    And a york track tile lies on C3
    And player p2 holds 3 shares of york
    And player p1 holds 1 share of york
    And the york pile holds 12 shares

  @id:veto-asker-not-bound-to-top @ruling:SR-VETO-02 @source:000
  Scenario: Asking for the round does not oblige the asker to top a later bid
    Given a 4-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p4 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p4 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p4 passes in the veto round
    Then the action is accepted
    And p1 may defend or give way
    And player p4 holds 2 shares of york

  @id:veto-zero-bid-refused @ruling:SR-VETO-05 @source:000
  Scenario: Zero shares is not a bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 bids 0 shares to send the locomotive to C4
    Then the action is refused with reason "veto/minimum_one_share"

  @id:veto-negative-bid-refused @ruling:SR-VETO-05 @source:000
  Scenario: Fewer than zero shares is no bid either
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 bids -1 shares to send the locomotive to C4
    Then the action is refused with reason "veto/minimum_one_share"

  @id:veto-one-share-bid-accepted @ruling:SR-VETO-05 @source:000
  Scenario: One share is the least bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 bids 1 share to send the locomotive to C4
    Then the action is accepted
    And p3 is next to bid

  @id:veto-zero-bids-leave-move @ruling:SR-VETO-05 @source:000
  Scenario: With only passes there is no high bid to defend and the move stands
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p1 has asked for a veto round
    And p2 has passed in the veto round
    When p3 passes in the veto round
    Then the move is complete
    And the york locomotive stands on D3
    And player p1 holds 1 share of york

  @id:veto-legal-bids-start-at-one @ruling:SR-VETO-05 @source:000
  Scenario: The legal bids start at one share and stop at what the bidder holds
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    When p2 asks for a veto round
    Then p2 may bid 1 share but not 0
    And p2 may bid 3 shares but not 4

  @id:veto-equal-bid-refused @ruling:SR-VETO-05 @source:000
  Scenario: A later bid must top the high bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    When p3 bids 1 share to send the locomotive to B3
    Then the action is refused with reason "veto/bid_too_low"

  @id:veto-topping-bid-accepted @ruling:SR-VETO-05 @source:000
  Scenario: Topping the high bid by one share is a bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    When p3 bids 2 shares to send the locomotive to B3
    Then the action is accepted
    And p1 may defend or give way

  @id:veto-mover-may-call @ruling:SR-VETO-06 @source:000
  Scenario: The mover may ask for a veto round himself
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    When p1 asks for a veto round
    Then the action is accepted
    And p2 is next to bid

  @id:veto-mover-call-then-bid @ruling:SR-VETO-06 @source:000
  Scenario: The others may bid in a round the mover asked for
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p1 has asked for a veto round
    When p2 bids 2 shares to send the locomotive to C4
    Then the action is accepted

  @id:veto-mover-is-no-bidder @ruling:SR-VETO-06 @ruling:SR-VETO-03 @source:000
  Scenario: Having asked, the mover still does not bid in the lap; he only defends
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p1 has asked for a veto round
    When p1 bids 1 share to send the locomotive to C4
    Then the action is refused with reason "veto/not_your_bid"

  @id:veto-mover-may-call-in-legal-actions @ruling:SR-VETO-06 @source:000
  Scenario: Asking for a veto round is among the mover's legal actions
    Given a 2-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    When p1 moves the york locomotive to C4
    Then p1 may ask for a veto round
    And p2 may ask for a veto round
