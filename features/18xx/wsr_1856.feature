Feature: 1856 Waterloo & Saugeen lays tile 59 or a free token on Kitchener (I12)
  The W&SR (seed 001, seed 003) gives its owning company tile 59 on I12 in the
  tile-lay step, as the turn's tile lay, unconnected and not free; or a free,
  unconnected token on I12 in the token-lay step, as the turn's token, with no
  tile needed first and the company choosing the city. Either use closes it.
  I12 is blocked while a player owns it. (Hexes: flat layout, letters are columns.)

  Background:
    Given an 18xx "1856" game in phase "3"
    And "WGB" is run by "P1" with $300 in treasury
    And "BBG" is run by "P2" with $300 in treasury

  @id:TP-WSR56-01-a @ruling:TP-WSR56-01 @source:001 @source:003
  Scenario: The owning company lays tile 59 on I12 without a connection, as its tile lay
    Given the board
      """
        H11 town        J11 Guelph [WGB]
             I12 Kitchener OO
        H13 .           J13 Galt
             I14 two towns
      J11: token WGB   -- no track towards I12
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    When "WGB" lays tile "59" on "I12" with rotation 0 using "WSR"
    Then the action is accepted
    And "I12" holds tile "59"
    And the turn has used 1 tile lays

  @id:TP-WSR56-01-b @ruling:TP-WSR56-01 @source:001 @source:003
  Scenario: The W&SR lays no tile but 59
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    When "WGB" lays tile "15" on "I12" with rotation 0 using "WSR"
    Then the action is refused with reason "private/wrong_tile"

  @id:TP-WSR56-01-c @ruling:TP-WSR56-01 @source:001 @source:003
  Scenario: The W&SR tile is not extra
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    And "WGB" has used its tile lay this turn
    When "WGB" lays tile "59" on "I12" with rotation 0 using "WSR"
    Then the action is refused with reason "tile/no_lays_left"

  @id:TP-WSR56-01-d @ruling:TP-WSR56-01 @source:001 @source:003
  Scenario: I12 is blocked while a player owns the W&SR
    Given the board
      """
             I12 Kitchener OO
        H13 .           J13 Galt [57, BBG]
      J13: tile 57 rotation 2, token BBG   -- track runs NW into I12
      """
    And the private "WSR" is owned by "P1"
    And it is "BBG"'s turn in the "track" step
    When "BBG" lays tile "59" on "I12" with rotation 3
    Then the action is refused with reason "hex/blocked"

  @id:TP-WSR56-01-e @ruling:TP-WSR56-01 @source:001 @source:003
  Scenario: Once a company owns the W&SR, I12 is open to a connected company
    Given the board
      """
             I12 Kitchener OO
        H13 .           J13 Galt [57, BBG]
      J13: tile 57 rotation 2, token BBG
      """
    And the private "WSR" is owned by "WGB"
    And it is "BBG"'s turn in the "track" step
    When "BBG" lays tile "59" on "I12" with rotation 3
    Then the action is accepted

  @id:TP-WSR56-01-f @ruling:TP-WSR56-01 @source:001 @source:003
  Scenario: The W&SR tile comes in the tile-lay step only
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    When "WGB" lays tile "59" on "I12" with rotation 0 using "WSR"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-WSR56-02-a @ruling:TP-WSR56-02 @source:001 @source:003
  Scenario: A free token on the city of I12 the company chooses, with no tile there
    Given the board
      """
        H11 town        J11 Guelph [WGB]
             I12 Kitchener OO (no tile)
        H13 .           J13 Galt
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    When "WGB" places a token on "I12" city 1 using "WSR"
    Then the action is accepted
    And "WGB" has a token on "I12" city 1
    And "WGB" has $300 in treasury
    And the turn has used its token lay

  @id:TP-WSR56-02-b @ruling:TP-WSR56-02 @source:001 @source:003
  Scenario: The W&SR token is not placed in the tile-lay step
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    When "WGB" places a token on "I12" city 0 using "WSR"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-WSR56-02-c @ruling:TP-WSR56-02 @source:001 @source:003
  Scenario: The W&SR token is the turn's token, not an extra one
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    And "WGB" has placed its token this turn
    When "WGB" places a token on "I12" city 0 using "WSR"
    Then the action is refused with reason "token/already_laid"

  @id:TP-WSR56-02-d @ruling:TP-WSR56-02 @source:001 @source:003
  Scenario: Kitchener has two cities and no third
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    When "WGB" places a token on "I12" city 2 using "WSR"
    Then the action is refused with reason "token/no_such_city"

  @id:TP-WSR56-03-a @ruling:TP-WSR56-03 @source:001 @source:003
  Scenario: The W&SR closes after its tile lay
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    When "WGB" lays tile "59" on "I12" with rotation 0 using "WSR"
    Then the action is accepted
    And the private "WSR" is closed

  @id:TP-WSR56-03-b @ruling:TP-WSR56-03 @source:001 @source:003
  Scenario: The W&SR closes after its token lay
    Given the board
      """
             I12 Kitchener OO       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    When "WGB" places a token on "I12" city 0 using "WSR"
    Then the action is accepted
    And the private "WSR" is closed

  @id:TP-WSR56-03-c @ruling:TP-WSR56-03 @source:001 @source:003
  Scenario: After the W&SR tile, no W&SR token in the same turn
    Given the board
      """
             I12 [59] Kitchener     J11 Guelph [WGB]
      J11: token WGB
      I12: tile 59 rotation 0   -- laid with the W&SR earlier in this turn
      """
    And the private "WSR" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    And the private "WSR" has used its tile power this turn
    And the private "WSR" is closed
    When "WGB" places a token on "I12" city 0 using "WSR"
    Then the action is refused with reason "private/closed"
