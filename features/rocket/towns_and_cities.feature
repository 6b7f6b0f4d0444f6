Feature: Towns and cities
  There are railway towns, starting towns and cities. A line reaching a city new to
  it, or a railway town new to it, triggers a scoring event, every time a new line
  reaches the place; reaching a starting town scores nothing and merges nothing. A
  place counts once toward a line, and places never change kind (FAQ, seed 000).

  York's locomotive stands on C3 heading east; C4 touches the place on B4. Player
  p2's station stands on York's track at C2, so a railway-town scoring event pays p2.

  @id:twn-cities @ruling:SR-TWN-01 @ruling:SR-TWN-02 @source:000
  Scenario Outline: <place> is a city: reaching it pays its token majority
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  <abbr> .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p3 holds 2 <industry> tokens of <place>
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then the york line reaches <place>
    And player p3 has £2,000

    Examples:
      | abbr | place | industry |
      | BI | birmingham | brewing |
      | BT | brighton | leather |
      | CA | cambridge | steel |
      | GL | gloucester | textiles |
      | HE | hertford | leather |
      | LO | london | steel |
      | MA | manchester | textiles |
      | NH | northampton | brewing |
      | NT | nottingham | leather |
      | RE | reading | steel |
      | SH | sheffield | textiles |

  @id:twn-railway-towns @ruling:SR-TWN-01 @ruling:SR-TWN-03 @source:000
  Scenario Outline: <place> is a railway town: reaching it pays the station majority on the line
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  <abbr> .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then the york line reaches <place>
    And player p2 has £1,000

    Examples:
      | abbr | place |
      | AS | ashford |
      | AY | aylesbury |
      | DE | derby |
      | LE | leeds |
      | LI | lincoln |
      | OX | oxford |
      | PE | peterborough |
      | RU | rugby |
      | SW | swindon |

  @id:twn-starting-towns @ruling:SR-TWN-01 @ruling:SR-TWN-04 @source:000
  Scenario Outline: <place> is a starting town: reaching it pays nothing and merges nothing
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  <abbr> .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  LE .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then the york line reaches <place>
    And nobody has been paid
    And no line has merged

    Examples:
      | abbr | place |
      | BR | bristol |
      | CR | crewe |
      | LV | liverpool |
      | NO | norwich |
      | SO | southampton |

  @id:twn-locomotive-never-enters-place @ruling:SR-TWN-01 @source:000
  Scenario: A locomotive never enters a town or city
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  LO .  .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    When p1 moves the york locomotive to B3
    Then the action is refused with reason "move/onto_place"

  @id:twn-city-second-line-scores @ruling:SR-TWN-02 @source:000
  Scenario: A city pays again for each new line that reaches it
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  l@ LV .  .
      B   .  .  .  LO .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p3 holds 2 steel tokens of london
    And player p2 holds 1 textiles token of london
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then player p3 has £2,000
    And player p2 has £1,000

  @id:twn-city-no-tokens-no-pay @ruling:SR-TWN-02 @source:000
  Scenario: A city nobody holds tokens of pays nobody
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then the york line reaches london
    And nobody has been paid

  @id:twn-railway-town-second-line @ruling:SR-TWN-03 @source:000
  Scenario: A railway town pays again when a second line reaches it
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  l@ LV .  .
      B   .  .  .  LE .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then player p2 has £1,000

  @id:twn-railway-town-counts-all-towns @ruling:SR-TWN-03 @ruling:SR-TWN-05 @source:000
  Scenario: The payout counts every railway town on the line, each once
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LE .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  DE .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then player p2 has £2,000

  @id:twn-starting-town-no-merger @ruling:SR-TWN-04 @source:000
  Scenario: Reaching another line's starting town does not merge, even when that line has started
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  l= l@ .  .
      B   .  .  .  LV .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then no line has merged
    And the york line reaches liverpool
    And nobody has been paid

  @id:twn-place-counts-once @ruling:SR-TWN-05 @source:000
  Scenario: Reaching a city the line already reaches pays nothing
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  LO .  .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And player p3 holds 2 steel tokens of london
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then nobody has been paid

  @id:twn-railway-town-once @ruling:SR-TWN-05 @source:000
  Scenario: Reaching a railway town the line already reaches pays nothing
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  LE .  .  .  .  .
      C  YO y=2 y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to C4
    When p1 lays the track tile
    Then nobody has been paid

  @id:twn-merger-counts-once @ruling:SR-TWN-05 @ruling:SR-MRG-01 @source:000
  Scenario: A place the dissolved line reached twice counts once in the merger
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   YO y= y= y@ .  .  NT .
      C  .  .  .  LO .  l@ l= LV
      D   .  .  .  .  .  SH .  .
      E  .  BI .  .  .  .  .  DO
      """
    And player p2 holds 3 real shares of york
    And p1 has moved the york locomotive to C5
    When p1 lays the track tile
    Then the york line has merged into the liverpool line
    And player p2 has £2,000

  @id:twn-start-stays-start @ruling:SR-TWN-06 @source:000
  Scenario: York stays a starting town after its locomotive has left
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  .  .  .  .  .
      C  .  .2 YO y= y= y@ .  .
      D   l@ .  .  .  .  .  .  .
      E  LV LE .  .  GU .  .  DO
      """
    And p1 has moved the liverpool locomotive to C2
    When p1 lays the track tile
    Then the liverpool line reaches york
    And nobody has been paid
    And no line has merged

  @id:twn-start-stays-start-after-merger @ruling:SR-TWN-06 @source:000
  Scenario: York stays a starting town after its line has merged into another
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  YO y= y@ .  .  .
      C  LE .  .  .  .  .  c@ CR
      D   l=2 l@ .  .  .  .  .  .
      E  LV .  .  .  GU .  .  DO
      """
    And p1 has moved the york locomotive to B6 and the move stands
    And p1 has moved the liverpool locomotive to C3
    When p1 lays the track tile
    Then the liverpool line reaches york
    And player p2 has £0
    And the york line has merged into the crewe line

  @id:twn-kind-fixed-in-position @ruling:SR-TWN-06 @ruling:SR-TWN-01 @source:000
  Scenario: A position that calls York a railway town is malformed
    Given a 3-player game on this board:
      """
         1  2  3  4  5  6  7  8
      A  .  .  .  .  .  .  .  .
      B   .  .  .  LO .  .  .  .
      C  YO y= y@ .  .  .  .  .
      D   .  .  .  .  .  .  .  .
      E  .  .  .  .  GU .  .  DO
      """
    When a position calling york a railway place is loaded
    Then the position is refused as malformed at board.places.york.kind
