Feature: Veto rounds: paying for a bid
  Bids are paid in real shares of the line. They go back to the line's pile and
  can be taken by later moves, unless the line is isolated. A payer holding only
  supplementary shares of the line first swaps them for real ones with another
  player; when nobody else holds real ones the FAQ is silent, and the option
  veto_shortfall names the two readings (FAQ, seed 000).

  York's locomotive stands on C3 heading east: it may go to B3, C4 or D3.

  @id:pay-winner-into-pile @ruling:SR-VETO-07 @source:000
  Scenario: The winning bidder pays his bid into the york pile
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
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the york locomotive stands on C4
    And player p2 holds 1 share of york
    And the york pile holds 14 shares
    And 0 york shares are out of the game

  @id:pay-outbid-pays-nothing @ruling:SR-VETO-07 @source:000
  Scenario: An outbid player pays nothing
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
    And p3 has bid 2 shares to send it to B3
    When p1 gives way to the high bid
    Then the york locomotive stands on B3
    And player p2 holds 3 shares of york
    And player p3 holds 1 share of york
    And the york pile holds 11 shares

  @id:pay-bid-beyond-holding-refused @ruling:SR-VETO-07 @source:000
  Scenario: A bid beyond the bidder's shares of the line is refused
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
    When p2 bids 3 shares to send the locomotive to C4
    Then the action is refused with reason "veto/not_enough_shares"

  @id:pay-returned-shares-taken-again @ruling:SR-VETO-07 @source:000
  Scenario: Shares paid back are there to take on the line's next move
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
    And player p3 holds the rest of the york pile
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    And p1 has given way to the high bid
    And p1 has taken a steel token from london
    When p2 moves the york locomotive to C5
    Then the action is accepted
    And player p2 holds 2 real and 0 supplementary shares of york
    And the york pile holds 0 shares

  @id:pay-isolated-line-out-of-game @ruling:SR-VETO-07 @ruling:SR-ISO-04 @source:000
  Scenario: Shares paid for an isolated line's move leave the game
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
    And the york line is isolated
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the york pile holds 0 shares
    And 15 york shares are out of the game
    And player p2 holds 1 share of york

  @id:pay-real-before-supplementary @ruling:SR-SUP-02 @ruling:SR-VETO-07 @source:000
  Scenario: A payer holding both kinds hands back real shares
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
    And player p2 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then player p2 holds 0 real and 2 supplementary shares of york
    And the york pile holds 15 shares
    And players hold 2 supplementary shares

  @id:pay-swap-then-pay-return-supplementary @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=return_supplementary
  Scenario: A payer with only supplementary shares swaps with a holder of real ones, then pays (return_supplementary)
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 supplementary shares of york
    And player p3 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the action is accepted
    And player p2 holds 0 shares of york
    And player p3 holds 1 real and 2 supplementary shares of york
    And the york pile holds 14 shares
    And players hold 2 supplementary shares

  @id:pay-swap-then-pay-refuse-bid @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=refuse_bid
  Scenario: A payer with only supplementary shares swaps with a holder of real ones, then pays (refuse_bid)
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 2 supplementary shares of york
    And player p3 holds 3 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the action is accepted
    And player p2 holds 0 shares of york
    And player p3 holds 1 real and 2 supplementary shares of york
    And the york pile holds 14 shares
    And players hold 2 supplementary shares

  @id:pay-shortfall-refused @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=refuse_bid
  Scenario: Reading refuse_bid: when nobody holds a real share to swap for, the bid is refused
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  .  .
      B   ~  ~  .  .  ~  ~  .  LV
      C  YO y= y@ .  .  ~  .  .
      D   ~  .  .  .  ~  ~  .  .
      E  ~  ~  ~  ~  ~  ~  GU DO
      """
    And the york line is isolated
    And player p2 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 bids 1 share to send the locomotive to C4
    Then the action is refused with reason "veto/unpayable"

  @id:pay-shortfall-bid-allowed @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=return_supplementary
  Scenario: Reading return_supplementary: when nobody holds a real share to swap for, the bid stands
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  .  .
      B   ~  ~  .  .  ~  ~  .  LV
      C  YO y= y@ .  .  ~  .  .
      D   ~  .  .  .  ~  ~  .  .
      E  ~  ~  ~  ~  ~  ~  GU DO
      """
    And the york line is isolated
    And player p2 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 bids 1 share to send the locomotive to C4
    Then the action is accepted

  @id:pay-shortfall-paid-in-supplementary @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=return_supplementary
  Scenario: Reading return_supplementary: the unswappable shortfall is paid in supplementary shares back to the supply
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  .  .
      B   ~  ~  .  .  ~  ~  .  LV
      C  YO y= y@ .  .  ~  .  .
      D   ~  .  .  .  ~  ~  .  .
      E  ~  ~  ~  ~  ~  ~  GU DO
      """
    And the york line is isolated
    And player p2 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then player p2 holds 0 shares of york
    And players hold 0 supplementary shares
    And the york pile holds 0 shares

  @id:pay-shortfall-partly-swappable @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=refuse_bid
  Scenario: Reading refuse_bid: a bid is allowed up to what swapping can cover
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 3 supplementary shares of york
    And player p3 holds 1 real share of york
    And p1 has moved the york locomotive to D3
    When p2 asks for a veto round
    Then p2 may bid 2 shares but not 3
