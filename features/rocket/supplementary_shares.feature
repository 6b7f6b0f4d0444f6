Feature: Supplementary shares
  Supplementary shares behave like real shares of their line for every purpose;
  shares handed back for an active line are real ones, so the pile knows whose they
  are; the 16 in the box are no limit (FAQ, seed 000).

  @id:sup-bid-with-supplementary @ruling:SR-SUP-01 @source:000
  Scenario: Supplementary shares count toward what a bidder may bid
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
    And player p2 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    When p2 bids 3 shares to send the locomotive to C4
    Then the action is accepted

  @id:sup-bid-limit-includes-supplementary @ruling:SR-SUP-01 @source:000
  Scenario: The bid limit is real plus supplementary shares
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
    And player p2 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to D3
    When p2 asks for a veto round
    Then p2 may bid 3 shares but not 4

  @id:sup-majority-counts-supplementary @ruling:SR-SUP-01 @source:000
  Scenario: Supplementary shares count in a merger's share majority
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 supplementary shares of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then player p2 has £1,000
    And player p3 has £500

  @id:sup-exchange-counts-supplementary @ruling:SR-SUP-01 @source:000
  Scenario: Supplementary shares are exchanged in a merger like real ones
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 4 supplementary shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then player p2 holds 2 real and 0 supplementary shares of liverpool
    And players hold 0 supplementary shares

  @id:sup-returned-real @ruling:SR-SUP-02 @source:000
  Scenario: A veto payer returns real shares, keeping his supplementary ones
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
    And player p2 holds 3 supplementary shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 1 share to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then player p2 holds 0 real and 3 supplementary shares of york
    And the york pile holds 15 shares

  @id:sup-returned-real-after-swap @ruling:SR-SUP-02 @ruling:SR-VETO-08 @source:000 @open @option:veto_shortfall=return_supplementary
  Scenario: A payer out of real shares swaps, so the pile still gets real shares
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
    And player p2 holds 2 supplementary shares of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to D3
    And p2 has asked for a veto round
    And p2 has bid 3 shares to send it to C4
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then player p2 holds 0 shares of york
    And the york pile holds 15 shares
    And player p3 holds 0 real and 2 supplementary shares of york

  @id:sup-supplementary-when-pile-empty @ruling:SR-SUP-03 @source:000
  Scenario: With the line's pile empty the mover takes a supplementary share
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p3 holds the rest of the york pile
    When p1 moves the york locomotive to D3
    Then player p1 holds 0 real and 1 supplementary share of york
    And players hold 1 supplementary share

  @id:sup-seventeenth-supplementary @ruling:SR-SUP-03 @source:000
  Scenario: The supply gives a seventeenth supplementary share
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p3 holds the rest of the york pile
    And player p2 holds 16 supplementary shares of dover
    When p1 moves the york locomotive to D3
    Then player p1 holds 0 real and 1 supplementary share of york
    And players hold 17 supplementary shares

  @id:sup-real-while-pile-lasts @ruling:SR-SUP-03 @source:000
  Scenario: While the pile lasts the mover takes a real share, however many supplementary are out
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p2 holds 16 supplementary shares of dover
    When p1 moves the york locomotive to D3
    Then player p1 holds 1 real and 0 supplementary shares of york
    And players hold 16 supplementary shares

  @id:sup-merger-beyond-16 @ruling:SR-SUP-03 @source:000
  Scenario: A merger hands out supplementary shares past the sixteenth
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p1 holds the rest of the liverpool pile
    And player p3 holds 16 supplementary shares of dover
    And player p2 holds 4 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then player p2 holds 0 real and 2 supplementary shares of liverpool
    And players hold 18 supplementary shares
