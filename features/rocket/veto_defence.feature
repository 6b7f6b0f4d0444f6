Feature: Veto rounds: the mover's defence
  After the lap of bids the mover may equal or top the high bid, but only to
  keep the space he first chose; he may not switch to another one (FAQ, seed 000,
  which overrides the rulebook's example).

  York's locomotive stands on C3 heading east: it may go to B3, C4 or D3.

  @id:defence-waits-for-mover @ruling:SR-VETO-03 @source:000
  Scenario: After the lap the mover decides: defend or give way
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
    And p2 has bid 1 share to send it to C4
    When p3 passes in the veto round
    Then the action is accepted
    And p1 may defend or give way
    And the york locomotive stands on D3
    And no track tile lies on C3

  @id:defence-original-space @ruling:SR-VETO-03 @ruling:SR-VETO-04 @source:000
  Scenario: The mover keeps his first choice by equalling the high bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 2 shares
    Then the action is accepted
    And the move is complete
    And the york locomotive stands on D3
    And a york track tile lies on C3
    And player p1 holds 0 shares of york
    And player p2 holds 3 shares of york

  @id:defence-other-space-refused @ruling:SR-VETO-03 @source:000
  Scenario: The mover may not switch to the third space ahead
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends B3 with 2 shares
    Then the action is refused with reason "veto/not_original_space"

  @id:defence-bidders-space-refused @ruling:SR-VETO-03 @source:000
  Scenario: The mover may not claim the bidder's space as his defence
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends C4 with 2 shares
    Then the action is refused with reason "veto/not_original_space"

  @id:defence-no-other-action @ruling:SR-VETO-03 @source:000
  Scenario: While the veto round runs the mover can only defend or give way
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 moves the dover locomotive to D8
    Then the action is refused with reason "turn/veto_in_progress"

  @id:defence-give-way @ruling:SR-VETO-03 @source:000
  Scenario: Giving way sends the locomotive where the high bidder asked
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the action is accepted
    And the move is complete
    And the york locomotive stands on C4
    And a york track tile lies on C3
    And player p1 holds 2 shares of york
    And player p2 holds 1 share of york

  @id:defence-top-bid @ruling:SR-VETO-04 @source:000
  Scenario: The mover may also top the high bid
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 2 real shares of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 3 shares
    Then the action is accepted
    And the york locomotive stands on D3
    And player p1 holds 0 shares of york
    And the york pile holds 13 shares

  @id:defence-below-bid-refused @ruling:SR-VETO-04 @source:000
  Scenario: Less than the high bid is no defence
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 1 share
    Then the action is refused with reason "veto/defence_too_low"

  @id:defence-more-than-held-refused @ruling:SR-VETO-04 @ruling:SR-VETO-07 @source:000
  Scenario: The mover cannot defend with shares he does not hold
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 3 shares
    Then the action is refused with reason "veto/not_enough_shares"

  @id:defence-equal-pays-into-pile @ruling:SR-VETO-04 @ruling:SR-VETO-07 @source:000
  Scenario: An equalling defence is paid into the york pile
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p1 holds 1 real share of york
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 2 shares
    Then the york pile holds 13 shares
    And 0 york shares are out of the game

  @id:defence-keeps-passenger @ruling:SR-VETO-04 @source:000
  Scenario: Defending keeps the passenger won by entering another player's station
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .2 .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 defends D3 with 1 share
    Then the action is accepted
    And the york locomotive stands on D3
    And player p1 holds 1 passenger token
    And player p1 holds 0 shares of york

  @id:defence-give-way-loses-passenger @ruling:SR-VETO-04 @source:000
  Scenario: Giving way loses the passenger: the locomotive never stops on the station
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .2 .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the action is accepted
    And the york locomotive stands on C4
    And player p1 holds 0 passenger tokens
    And player p1 holds 1 share of york

  @id:defence-passenger-unchallenged @ruling:SR-VETO-04 @source:000
  Scenario: Unchallenged, entering another player's station earns a passenger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .2 .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to D3
    When p1 lays the track tile
    Then the action is accepted
    And player p1 holds 1 passenger token
