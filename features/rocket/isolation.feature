Feature: Isolated railway lines
  A line is isolated when it can no longer reach a new railway town or city and
  can no longer merge with another line. Its shares leave the pile and its moves
  give no share, yet supplementary shares stay available for mergers. A line
  boxed in by two other lines, or short of tiles, is not isolated (FAQ, seed 000).

  Water (~) closes the pockets the York line is drawn in.

  @id:iso-dead-end-isolates @ruling:SR-ISO-01 @ruling:SR-ISO-04 @source:000
  Scenario: A line that can reach no new town or city and no other line is isolated
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  ~  ~
      B   ~  YO y= y@ .  ~  ~  ~
      C  ~  ~  ~  ~  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  NO
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is isolated
    And the york pile holds 0 shares
    And 15 york shares are out of the game
    And player p1 holds 1 share of york

  @id:iso-city-ahead-not-isolated @ruling:SR-ISO-01 @source:000
  Scenario: A line that can still reach a city is not isolated
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  ~  ~
      B   ~  YO y= y@ .  .  SH ~
      C  ~  ~  ~  ~  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  NO
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is not isolated
    And the york pile holds 15 shares

  @id:iso-known-town-no-reason @ruling:SR-ISO-01 @ruling:SR-TWN-05 @source:000
  Scenario: A railway town the line already reaches is no reason to go on
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  LE .  ~  ~  ~
      B   YO y= y@ .  .  ~  ~  ~
      C  ~  ~  ~  .  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  NO
      """
    And p1 has moved the york locomotive to B4
    When p1 lays the track tile
    Then the york line is isolated

  @id:iso-starting-town-no-reason @ruling:SR-ISO-01 @ruling:SR-TWN-04 @source:000
  Scenario: A starting town still ahead is no reason to go on
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  .  CR ~
      B   ~  YO y= y@ .  .  ~  ~
      C  ~  ~  ~  ~  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  NO
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is isolated
    And the crewe line is not isolated

  @id:iso-merger-ahead-not-isolated @ruling:SR-ISO-01 @source:000
  Scenario: A line that can still merge with another line is not isolated
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  ~  ~
      B   ~  YO y= y@ .  .  ~  ~
      C  ~  ~  ~  ~  ~  ~  l@ LV
      D   ~  ~  ~  ~  ~  ~  ~  ~
      E  DO .  .  LO .  .  .  .
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is not isolated

  @id:iso-others-may-merge-in @ruling:SR-ISO-02 @source:000
  Scenario: A line is isolated even though another line could still merge into it
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  ~  ~  ~
      B   .  .  y= y@ .  ~  ~  ~
      C  .  .  .  ~  ~  ~  ~  ~
      D   .  l@ .  .  .  .  .  .
      E  .  LV .  .  LO .  .  DO
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is isolated
    And the liverpool line is not isolated

  @id:iso-others-may-merge-in-later @ruling:SR-ISO-02 @ruling:SR-ISO-05 @source:000
  Scenario: The isolated line can still be merged into later
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  ~  ~  ~
      B   .  .  y= y@ .  ~  ~  ~
      C  .  .  .  ~  ~  ~  ~  ~
      D   .  l@ .  .  .  .  .  .
      E  .  LV .  .  LO .  .  DO
      """
    And player p3 holds 2 real shares of liverpool
    And p1 has moved the york locomotive to B5 and the move stands
    And p1 has moved the liverpool locomotive to C3
    When p1 lays the track tile
    Then the york line is isolated
    And the liverpool line has merged into the york line
    And player p3 holds 0 real and 1 supplementary shares of york

  @id:iso-merge-in-possible-no-share @ruling:SR-ISO-02 @ruling:SR-ISO-03 @source:000
  Scenario: A line others could still merge into gives no share for its next move
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  .  .  ~
      B   .  .  y= y@ .  .  .  ~
      C  .  .  .  .  .  ~  ~  ~
      D   .  l@ .  .  .  .  .  .
      E  .  LV .  .  LO .  .  DO
      """
    And p1 has moved the york locomotive to B5 and the move stands
    And it is p2's turn
    When p2 moves the york locomotive to B6
    Then the action is accepted
    And player p2 holds 0 shares of york

  @id:iso-unstarted-may-merge-in @ruling:SR-ISO-02 @source:000
  Scenario: A line is isolated even though a line not yet started could merge into it
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  ~  ~  ~
      B   .  .  y= y@ .  ~  ~  ~
      C  .  .  .  ~  ~  ~  ~  ~
      D   .  LV .  .  .  .  .  .
      E  .  .  .  .  LO .  .  DO
      """
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is isolated
    And the liverpool line is not isolated

  @id:iso-no-share-for-move @ruling:SR-ISO-03 @source:000
  Scenario: Moving an isolated line's locomotive gives no share
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  .  .  .  ~  ~
      B   ~  YO y= y@ .  .  ~  ~
      C  ~  ~  ~  .  .  .  ~  ~
      D   ~  ~  ~  ~  ~  ~  ~  ~
      E  DO .  .  LO .  .  .  NO
      """
    And the york line is isolated
    When p1 moves the york locomotive to B5
    Then the action is accepted
    And player p1 holds 0 shares of york
    And players hold 0 supplementary shares

  @id:iso-active-move-gives-share @ruling:SR-ISO-03 @source:000
  Scenario: Moving a line that is not isolated gives a share
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  .  .  .  ~  ~
      B   ~  YO y= y@ .  .  ~  ~
      C  ~  ~  ~  .  .  .  ~  ~
      D   ~  ~  ~  ~  ~  ~  ~  ~
      E  DO .  .  LO .  .  .  NO
      """
    When p1 moves the york locomotive to B5
    Then the action is accepted
    And player p1 holds 1 share of york

  @id:iso-isolated-move-still-allowed @ruling:SR-ISO-03 @source:000
  Scenario: An isolated line's locomotive may still move
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  .  .  .  ~  ~
      B   ~  YO y= y@ .  .  ~  ~
      C  ~  ~  ~  .  .  .  ~  ~
      D   ~  ~  ~  ~  ~  ~  ~  ~
      E  DO .  .  LO .  .  .  NO
      """
    And the york line is isolated
    Then the york locomotive may move to A5, B5, C5

  @id:iso-pile-leaves-with-isolation @ruling:SR-ISO-04 @source:000
  Scenario: Isolation takes the line's pile out of the game
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  ~  ~
      B   ~  YO y= y@ .  ~  ~  ~
      C  ~  ~  ~  ~  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  NO
      """
    And player p2 holds 4 real shares of york
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the york line is isolated
    And the york pile holds 0 shares
    And 11 york shares are out of the game
    And player p2 holds 4 shares of york

  @id:iso-veto-payment-out-of-game @ruling:SR-ISO-04 @source:000
  Scenario: Shares paid in a veto round of an isolated line are not available again
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  .  .  .  ~  ~
      B   ~  YO y= y@ .  .  ~  ~
      C  ~  ~  ~  .  .  .  ~  ~
      D   ~  ~  ~  ~  ~  ~  ~  ~
      E  DO .  .  LO .  .  .  NO
      """
    And player p2 holds 3 real shares of york
    And the york line is isolated
    And p1 has moved the york locomotive to B5
    And p2 has asked for a veto round
    And p2 has bid 2 shares to send it to C5
    And p3 has passed in the veto round
    When p1 gives way to the high bid
    Then the york pile holds 0 shares
    And 15 york shares are out of the game
    And player p2 holds 1 share of york

  @id:iso-merge-into-isolated-supplementary @ruling:SR-ISO-05 @source:000
  Scenario: Merging into an isolated line pays the exchange in supplementary shares
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  ~  ~  ~
      B   .  .  y= y@ .  ~  ~  ~
      C  .  .  .  ~  ~  ~  ~  ~
      D   .  l@ .  .  .  .  .  .
      E  .  LV .  .  LO .  .  DO
      """
    And the york line is isolated
    And player p2 holds 4 real shares of liverpool
    And p1 has moved the liverpool locomotive to C3
    When p1 lays the track tile
    Then the liverpool line has merged into the york line
    And player p2 holds 0 real and 2 supplementary shares of york
    And player p1 holds 0 shares of york
    And the york pile holds 0 shares

  @id:iso-merge-into-active-real @ruling:SR-ISO-05 @source:000
  Scenario: Merging into a line that is not isolated pays the exchange from its pile
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  ~  ~  ~
      B   .  .  y= y@ .  ~  ~  ~
      C  .  .  .  ~  ~  ~  ~  ~
      D   .  l@ .  .  .  .  .  .
      E  .  LV .  .  LO .  .  DO
      """
    And player p2 holds 4 real shares of liverpool
    And p1 has moved the liverpool locomotive to C3
    When p1 lays the track tile
    Then the liverpool line has merged into the york line
    And player p2 holds 2 real and 0 supplementary shares of york

  @id:iso-merge-into-isolated-no-limit @ruling:SR-ISO-05 @ruling:SR-SUP-03 @source:000
  Scenario: Supplementary shares for a merger into an isolated line do not run out at 16
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  YO ~  ~  ~  ~  ~
      B   .  .  y= y@ .  ~  ~  ~
      C  .  .  .  ~  ~  ~  ~  ~
      D   .  l@ .  .  .  .  .  .
      E  .  LV .  .  LO .  .  DO
      """
    And the york line is isolated
    And player p3 holds 16 supplementary shares of dover
    And player p2 holds 6 real shares of liverpool
    And p1 has moved the liverpool locomotive to C3
    When p1 lays the track tile
    Then player p2 holds 0 real and 3 supplementary shares of york
    And players hold 19 supplementary shares

  @id:iso-boxed-move-refused @ruling:SR-ISO-06 @source:000
  Scenario: A locomotive may not end next to two other lines
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  LV l= l= l= l= l@ .  .
      B   ~  YO y= y@ .  .  .  .
      C  ~  ~  ~  ~  c= c@e .  .
      D   ~  ~  ~  ~  CR .  .  .
      E  ~  ~  ~  ~  .  .  .  LO
      """
    When p1 moves the york locomotive to B5
    Then the action is refused with reason "move/two_lines"

  @id:iso-boxed-cannot-move @ruling:SR-ISO-06 @source:000
  Scenario: Boxed in by two lines, the York locomotive has no legal move
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  LV l= l= l= l= l@ .  .
      B   ~  YO y= y@ .  .  .  .
      C  ~  ~  ~  ~  c= c@e .  .
      D   ~  ~  ~  ~  CR .  .  .
      E  ~  ~  ~  ~  .  .  .  LO
      """
    Then the york locomotive cannot move

  @id:iso-boxed-not-isolated @ruling:SR-ISO-06 @source:000
  Scenario: A boxed-in line is not isolated
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  LV l= l= l= l= l@ .  .
      B   ~  YO y= y@ .  .  .  .
      C  ~  ~  ~  ~  c= c@e .  .
      D   ~  ~  ~  ~  CR .  .  .
      E  ~  ~  ~  ~  .  .  .  LO
      """
    And p1 has moved the liverpool locomotive to A7
    When p1 lays the track tile
    Then the york line is not isolated
    And the york pile holds 16 shares

  @id:iso-boxed-freed-by-merger @ruling:SR-ISO-06 @source:000
  Scenario: Once the two lines beside it merge, the boxed line may extend again
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  LV l= l= l= l= l@ .  .
      B   ~  YO y= y@ .  .  .  .
      C  ~  ~  ~  ~  c= c@e .  .
      D   ~  ~  ~  ~  CR .  .  .
      E  ~  ~  ~  ~  .  .  .  LO
      """
    And p1 has moved the liverpool locomotive to B6 and the move stands
    When p1 moves the york locomotive to B5
    Then the action is accepted

  @id:iso-boxed-freed-merges @ruling:SR-ISO-06 @source:000
  Scenario: The freed line's move then merges it into the line beside it
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  LV l= l= l= l= l@ .  .
      B   ~  YO y= y@ .  .  .  .
      C  ~  ~  ~  ~  c= c@e .  .
      D   ~  ~  ~  ~  CR .  .  .
      E  ~  ~  ~  ~  .  .  .  LO
      """
    And p1 has moved the liverpool locomotive to B6 and the move stands
    And p1 has moved the york locomotive to B5
    When p1 lays the track tile
    Then the liverpool line has merged into the crewe line
    And the york line has merged into the crewe line

  @id:iso-few-tiles-not-isolated @ruling:SR-ISO-07 @source:000
  Scenario: A line needing more tiles than are left is not isolated
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  ~  ~  ~  ~  ~  ~  ~  ~  ~
      B   YO y= y@ .  .  .  .  .  SH
      C  ~  ~  ~  ~  ~  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  .  NO
      """
    And only 2 track tiles are left
    And p1 has moved the york locomotive to B4
    When p1 lays the track tile
    Then 1 track tile is left
    And the york line is not isolated
    And the york pile holds 15 shares

  @id:iso-few-tiles-merger-not-isolated @ruling:SR-ISO-07 @source:000
  Scenario: A line needing more tiles than are left to merge is not isolated
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  ~  ~  ~  ~  ~  ~  ~  ~  ~
      B   YO y= y@ .  .  .  .  .  .
      C  ~  ~  ~  ~  ~  ~  ~  ~  l@
      D   .  .  .  .  .  .  .  .  l=
      E  DO .  .  LO .  .  .  .  LV
      """
    And only 2 track tiles are left
    And p1 has moved the york locomotive to B4
    When p1 lays the track tile
    Then 1 track tile is left
    And the york line is not isolated
    And the york pile holds 15 shares

  @id:iso-few-tiles-move-gives-share @ruling:SR-ISO-07 @ruling:SR-ISO-03 @source:000
  Scenario: Short of tiles, the line's next move still gives a share
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  ~  ~  ~  ~  ~  ~  ~  ~  ~
      B   YO y= y@ .  .  .  .  .  SH
      C  ~  ~  ~  ~  ~  ~  ~  ~  ~
      D   .  .  .  .  .  .  .  .  .
      E  DO .  .  LO .  .  .  .  NO
      """
    And only 3 track tiles are left
    And p1 has moved the york locomotive to B4 and the move stands
    And it is p2's turn
    When p2 moves the york locomotive to B5
    Then player p2 holds 1 share of york
