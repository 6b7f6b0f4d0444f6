Feature: Stations
  Only stations in the open can be moved: a station that track has reached is
  part of the line. Each player has seven stations and never more (FAQ, seed 000).

  @id:sta-open-station-moves @ruling:SR-STA-01 @source:000
  Scenario: A station in the open may be moved
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y=1 y@ .  .  .  .  .
      C  .  .  .  .  .  .1 .  .
      D   .  .  .  .  .  .  .  .
      E  LO .  .  .  .  .  .  DO
      """
    When p1 moves the station on C6 to D6
    Then the action is accepted
    And p1 has a station on D6

  @id:sta-track-station-fixed @ruling:SR-STA-01 @source:000
  Scenario: A station the track has reached may not be moved
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y=1 y@ .  .  .  .  .
      C  .  .  .  .  .  .1 .  .
      D   .  .  .  .  .  .  .  .
      E  LO .  .  .  .  .  .  DO
      """
    When p1 moves the station on B2 to D8
    Then the action is refused with reason "station/fixed"

  @id:sta-track-station-not-offered @ruling:SR-STA-01 @source:000
  Scenario: Moving a station on track is not among the legal actions
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y=1 y@ .  .  .  .  .
      C  .  .  .  .  .  .1 .  .
      D   .  .  .  .  .  .  .  .
      E  LO .  .  .  .  .  .  DO
      """
    Then p1 may not move the station on B2
    And p1 may move the station on C6

  @id:sta-loco-station-fixed @ruling:SR-STA-01 @source:000
  Scenario: A station under the locomotive is part of the line and may not be moved
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@1 .  .  .  .  .
      C  .  .  .  .  .  .1 .  .
      D   .  .  .  .  .  .  .  .
      E  LO .  .  .  .  .  .  DO
      """
    When p1 moves the station on B3 to D8
    Then the action is refused with reason "station/fixed"

  @id:sta-reached-station-becomes-fixed @ruling:SR-STA-01 @source:000
  Scenario: Once the locomotive enters a station in the open it is fixed
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .1 . .  .  .
      C  .  .  .  .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  LO .  .  .  .  .  .  DO
      """
    And p1 has moved the york locomotive to B4 and the move stands
    When p1 moves the station on B4 to D8
    Then the action is refused with reason "station/fixed"

  @id:sta-station-ahead-still-open @ruling:SR-STA-01 @source:000
  Scenario: A station the track has not reached yet may still be moved
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y@ .  .1 .  .  .
      C  .  .  .  .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  LO .  .  .  .  .  .  DO
      """
    When p1 moves the station on B5 to D6
    Then the action is accepted

  @id:sta-seventh-station @ruling:SR-STA-02 @source:000
  Scenario: A player with six stations places a seventh
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  .1 .  .1 .  .1 .  .1 .  .
      B   .  .  .  .  .  .  .  .  .
      C  .1 .  .1 .  .  .  .  .  .
      D   .  .  .  .  .  .  .  .  .
      E  YO .  .  .  LO .  .  .  DO
      """
    When p1 places a station on C9
    Then the action is accepted
    And p1 has a station on C9

  @id:sta-eighth-refused @ruling:SR-STA-02 @source:000
  Scenario: A player with seven stations may not place an eighth
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  .1 .  .1 .  .1 .  .1 .  .
      B   .  .  .  .  .  .  .  .  .
      C  .1 .  .1 .  .1 .  .  .  .
      D   .  .  .  .  .  .  .  .  .
      E  YO .  .  .  LO .  .  .  DO
      """
    When p1 places a station on C9
    Then the action is refused with reason "station/none_left"

  @id:sta-eighth-not-offered @ruling:SR-STA-02 @source:000
  Scenario: Placing an eighth station is not among the legal actions
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  .1 .  .1 .  .1 .  .1 .  .
      B   .  .  .  .  .  .  .  .  .
      C  .1 .  .1 .  .1 .  .  .  .
      D   .  .  .  .  .  .  .  .  .
      E  YO .  .  .  LO .  .  .  DO
      """
    Then p1 may not place another station

  @id:sta-seven-may-still-move @ruling:SR-STA-02 @ruling:SR-STA-01 @source:000
  Scenario: With all seven on the board a player may still move one in the open
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  .1 .  .1 .  .1 .  .1 .  .
      B   .  .  .  .  .  .  .  .  .
      C  .1 .  .1 .  .1 .  .  .  .
      D   .  .  .  .  .  .  .  .  .
      E  YO .  .  .  LO .  .  .  DO
      """
    When p1 moves the station on C5 to C9
    Then the action is accepted

  @id:sta-others-unaffected @ruling:SR-STA-02 @source:000
  Scenario: Another player's seven stations do not stop a player placing his own
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  .1 .  .1 .  .1 .  .1 .  .
      B   .  .  .  .  .  .  .  .  .
      C  .1 .  .1 .  .1 .  .  .  .
      D   .  .  .  .  .  .  .  .  .
      E  YO .  .  .  LO .  .  .  DO
      """
    And it is p2's turn
    When p2 places a station on C9
    Then the action is accepted
