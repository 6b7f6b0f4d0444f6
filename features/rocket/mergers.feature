Feature: Mergers
  A line whose locomotive ends next to another started line's track or
  locomotive dissolves into it. Only the dissolved line's places score. A starting
  town is no part of a line, nor is a line that has not started. A merger made with
  the last tile completes as if a 61st tile existed (FAQ, seed 000).

  @id:mrg-dissolved-places-only @ruling:SR-MRG-01 @source:000
  Scenario: A merger pays for the places of the dissolved line only
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And player p2 has £1,000
    And player p3 has £500

  @id:mrg-dissolved-places-with-city @ruling:SR-MRG-01 @source:000
  Scenario: The city the merging move reaches counts for the dissolved line
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to C5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And the liverpool line reaches london
    And player p2 has £2,000
    And player p3 has £1,000

  @id:mrg-moving-line-dissolves @ruling:SR-MRG-01 @source:000
  Scenario: The line that moved is the one that dissolves, whatever its size
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And the liverpool line is active
    And a liverpool track tile lies on B4
    And a liverpool track tile lies on B2

  @id:mrg-share-exchange @ruling:SR-MRG-01 @ruling:SR-SUP-01 @source:000
  Scenario: Holders swap two shares of the dissolved line for one of the survivor
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 2 real shares of york
    And player p3 holds 2 supplementary shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then player p2 holds 1 share of liverpool
    And player p3 holds 2 shares of liverpool
    And player p1 holds 0 shares of liverpool
    And player p2 holds 0 shares of york

  @id:mrg-odd-share-rounded-down @ruling:SR-MRG-01 @source:000 @open @option:merger_odd_share=down
  Scenario: Reading down: an odd dissolved share is lost
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then player p2 holds 1 share of liverpool

  @id:mrg-odd-share-rounded-up @ruling:SR-MRG-01 @source:000 @open @option:merger_odd_share=up
  Scenario: Reading up: an odd dissolved share rounds up
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then player p2 holds 2 shares of liverpool
    And player p1 holds 1 share of liverpool

  @id:mrg-count-cities-only @ruling:SR-MRG-01 @source:000 @open @option:merger_count_basis=cities
  Scenario: Reading cities: a merger counts only the dissolved line's cities
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And player p3 holds 2 real shares of york
    And p1 has moved the york locomotive to C5
    When p1 lays the track tile
    Then player p2 has £1,000
    And player p3 has £500

  @id:mrg-started-town-no-merger @ruling:SR-MRG-02 @ruling:SR-TWN-04 @source:000
  Scenario: Ending next to a started line's starting town is no merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  .  l= l= l@ .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then no line has merged
    And the york line reaches liverpool
    And nobody has been paid

  @id:mrg-started-town-no-merger-b4 @ruling:SR-MRG-02 @source:000
  Scenario: Nor is ending on the other side of that starting town
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  .  l= l= l@ .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to B4
    When p1 lays the track tile
    Then the york line is active
    And the liverpool line is active

  @id:mrg-next-to-track-merges @ruling:SR-MRG-02 @source:000
  Scenario: Ending next to the other line's track is a merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  l= l@e .  .  .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then the york line has merged into the liverpool line

  @id:mrg-next-to-loco-merges @ruling:SR-MRG-02 @source:000
  Scenario: Ending next to the other line's locomotive is a merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  l@ .  .  .  .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then the york line has merged into the liverpool line

  @id:mrg-unstarted-no-merger @ruling:SR-MRG-03 @source:000
  Scenario: Ending next to a line whose locomotive has not left its starting town is no merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then no line has merged
    And the liverpool line is active
    And the york locomotive stands on C4

  @id:mrg-unstarted-then-started @ruling:SR-MRG-03 @source:000
  Scenario: Once that line starts next to the other, its own move merges it
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to C4 and the move stands
    And p1 has moved the liverpool locomotive to D4
    When p1 lays the track tile
    Then the liverpool line has merged into the york line

  @id:mrg-unstarted-may-still-start @ruling:SR-MRG-03 @source:000
  Scenario: The unstarted line keeps all its first moves
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .  .  .  .
      C  .  .  .  .  LV .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the york locomotive to C4 and the move stands
    Then the liverpool locomotive may move to B4, B5, C6, D4, D5

  @id:mrg-61st-tile @ruling:SR-MRG-04 @source:000
  Scenario: A merger made with the last tile completes as if a 61st tile existed
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And only 1 track tile is left
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And 0 track tiles are left
    And 1 imaginary tile has been laid
    And a liverpool track tile lies on B5
    And player p2 holds 1 share of liverpool

  @id:mrg-61st-tile-scores @ruling:SR-MRG-04 @source:000
  Scenario: The last merger still scores the city and the merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And only 1 track tile is left
    And player p2 holds 3 real shares of york
    And player p3 holds 2 steel tokens of london
    And p1 has moved the york locomotive to C5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And the york line reaches london
    And the game is over because the tiles ran out

  @id:mrg-61st-tile-then-game-end @ruling:SR-MRG-04 @ruling:SR-END-01 @source:000
  Scenario: Game-end scoring follows the last merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And only 1 track tile is left
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And the game is over because the tiles ran out

  @id:mrg-61st-tile-option-none @ruling:SR-MRG-04 @source:000 @open @option:merger_lays_tile=false
  Scenario: Reading no-tile: the dissolved locomotive's space takes no tile
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  .  .  l@ l= LV
      D   .  .  .  LO .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And only 1 track tile is left
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And 0 imaginary tiles have been laid
    And no track tile lies on B5
