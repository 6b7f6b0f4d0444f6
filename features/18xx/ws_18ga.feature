Feature: 18GA Waycross & Southern places a free token on Waycross (I9), and no tile
  The W&S (seed 001, seed 003) gives its owning company a free, unconnected
  token on I9 in the token-lay step, as the turn's token. It gives no tile lay
  (Rails once offered one: a bug), and I9 is not blocked for tiles even while a
  player owns it.

  Background:
    Given an 18xx "18GA" game in phase "3"
    And "ACL" is run by "P1" with $300 in treasury
    And "SAL" is run by "P2" with $300 in treasury

  @id:TP-WS18GA-01-a @ruling:TP-WS18GA-01 @source:001 @source:003
  Scenario: A free, unconnected W&S token on Waycross
    Given the board
      """
             H8 .        H10 water $20
        I7 Valdosta   I9 Waycross   I11 Brunswick
             J8 .        J10 water $40     J12 Jacksonville [ACL]
      J12: token ACL   -- no track laid towards I9
      """
    And the private "WS" is owned by "ACL"
    And it is "ACL"'s turn in the "token" step
    When "ACL" places a token on "I9" using "WS"
    Then the action is accepted
    And "ACL" has a token on "I9"
    And "ACL" has $300 in treasury
    And the turn has used its token lay

  @id:TP-WS18GA-01-b @ruling:TP-WS18GA-01 @source:001 @source:003
  Scenario: The W&S token is the turn's token, not an extra one
    Given the board
      """
        I9 Waycross   I11 Brunswick   J12 Jacksonville [ACL]
      J12: token ACL
      """
    And the private "WS" is owned by "ACL"
    And it is "ACL"'s turn in the "token" step
    And "ACL" has placed its token this turn
    When "ACL" places a token on "I9" using "WS"
    Then the action is refused with reason "token/already_laid"

  @id:TP-WS18GA-01-c @ruling:TP-WS18GA-01 @source:001 @source:003
  Scenario: The W&S token comes in the token-lay step only
    Given the board
      """
        I9 Waycross   I11 Brunswick   J12 Jacksonville [ACL]
      J12: token ACL
      """
    And the private "WS" is owned by "ACL"
    And it is "ACL"'s turn in the "track" step
    When "ACL" places a token on "I9" using "WS"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-WS18GA-01-d @ruling:TP-WS18GA-01 @source:001 @source:003
  Scenario: Waycross is not blocked for tiles while a player owns the W&S
    Given the board
      """
             H8 .        H10 water $20
        I7 Valdosta   I9 Waycross   I11 [6] Brunswick
                                        J12 Jacksonville [ACL]
      J12: token ACL               -- Jacksonville's track runs NW into I11
      I11: tile 6 rotation 5       -- and on, W, into I9
      """
    And the private "WS" is owned by "P2"
    And it is "ACL"'s turn in the "track" step
    When "ACL" lays tile "57" on "I9" with rotation 1
    Then the action is accepted
    And "I9" holds tile "57"

  @id:TP-WS18GA-01-e @ruling:TP-WS18GA-01 @source:001 @source:003
  Scenario: Only the owning company uses the W&S, not another company of its president
    Given "SAL" is run by "P1" with $300 in treasury
    And the board
      """
        I9 Waycross   I11 Brunswick   J12 Jacksonville [ACL]    G13 Savannah [SAL]
      J12: token ACL
      G13: token SAL
      """
    And the private "WS" is owned by "ACL"
    And it is "SAL"'s turn in the "token" step
    When "SAL" places a token on "I9" using "WS"
    Then the action is refused with reason "private/not_owner"

  @id:TP-WS18GA-02-a @ruling:TP-WS18GA-02 @source:001 @source:003
  Scenario: The W&S gives no tile lay
    Given the board
      """
        I9 Waycross   I11 Brunswick   J12 Jacksonville [ACL]
      J12: token ACL
      """
    And the private "WS" is owned by "ACL"
    And it is "ACL"'s turn in the "track" step
    When "ACL" lays tile "57" on "I9" with rotation 0 using "WS"
    Then the action is refused with reason "private/no_tile_power"

  @id:TP-WS18GA-02-b @ruling:TP-WS18GA-02 @source:001 @source:003
  Scenario: No W&S tile lay is offered among the legal actions
    Given the board
      """
        I9 Waycross   I11 Brunswick   J12 Jacksonville [ACL]
      J12: token ACL
      """
    And the private "WS" is owned by "ACL"
    And it is "ACL"'s turn in the "track" step
    When the legal actions are listed
    Then the legal actions include no tile lay using "WS"

  @id:TP-WS18GA-02-c @ruling:TP-WS18GA-02 @ruling:TP-WS18GA-01 @source:001 @source:003
  Scenario: In the token-lay step the W&S token is offered (the boundary)
    Given the board
      """
        I9 Waycross   I11 Brunswick   J12 Jacksonville [ACL]
      J12: token ACL
      """
    And the private "WS" is owned by "ACL"
    And it is "ACL"'s turn in the "token" step
    When the legal actions are listed
    Then the legal actions include a token on "I9" using "WS"
    And the legal actions include no tile lay using "WS"
