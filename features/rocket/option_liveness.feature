Feature: Every reading of "only one line is left" ends the game
  The game ends when only one line can still be extended (research 6.1; FAQ, seed
  000: never in the middle of an action). A line that can never be extended again
  does not keep the game going under any reading of the end_lines option: not a
  hemmed-in isolated line, and not lines that no locomotive can leave because the
  two-lines ban boxes every one of them in while nothing else can move. Without
  that, the players could only pass, or move stations, for ever (issue 14).

  @id:live-boxed-lines-end @ruling:SR-END-01 @ruling:SR-ISO-06 @source:000
  Scenario: The game ends when no locomotive can move any more
    York's and Dover's only way on is D5. Norwich's move to E6 makes D5 a space
    next to two other lines for every locomotive, and everything else ahead of
    them is water: no line is isolated, but none can ever be extended again.
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8  9
      A  .  .  .  .  .  .  .  .  .
      B   .  .  .  .  .  DO .  .  .
      C  .  .  .  .  ~  d@ .  .  .
      D   .  .  YO y@ .  ~  .  .  .
      E  .  .  .  .  ~  .  .  .  .
      F   .  .  .  .  .  NO .  .  .
      G  .  .  .  .  .  .  .  .  LO
      """
    And p1 has moved the norwich locomotive to E6
    When p1 lays the track tile
    Then the york line is active
    And the dover line is active
    And the game is over because one line is left

  @id:live-hemmed-isolated-line-not-counted @ruling:SR-END-01 @source:000
  @open @option:end_lines=undissolved
  Scenario: A hemmed-in isolated line does not count as a line left
    York is isolated; its move to B4 leaves it nowhere to go. Dover can still
    reach London, so it is the only line that can still be extended.
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  .  .  .
      B   ~  YO y@ .  ~  .  .  .
      C  ~  ~  ~  ~  ~  .  .  LO
      D   ~  DO d@ .  .  .  .  .
      E  ~  ~  ~  ~  ~  .  .  .
      """
    And the york line is isolated
    And p1 has moved the york locomotive to B4
    When p1 lays the track tile
    Then the game is over because one line is left

  @id:live-moving-isolated-line-counted @ruling:SR-END-01 @source:000
  @open @option:end_lines=undissolved
  Scenario: An isolated line that can still move counts as a line left
    York is isolated; after its move to B4 it can still go on to B5.
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  ~  ~  ~  ~  ~  ~  .  .
      B   ~  YO y@ .  .  ~  .  .
      C  ~  ~  ~  ~  ~  ~  .  LO
      D   ~  DO d@ .  .  .  .  .
      E  ~  ~  ~  ~  ~  .  .  .
      """
    And the york line is isolated
    And p1 has moved the york locomotive to B4
    When p1 lays the track tile
    Then the game is not over
    And p1 has one action left
