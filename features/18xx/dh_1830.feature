Feature: 1830 Delaware & Hudson lays tile 57 and a free token on Scranton (F16)
  The D&H (seed 001, seed 003) gives its owning company one tile 57 on F16 in
  the tile-lay step, as that turn's tile lay, unconnected, paying the $120
  mountain; and a free token on F16 in the token-lay step, as that turn's token,
  unconnected. It never closes by use, and F16 is blocked while a player owns it.

  Background:
    Given an 18xx "1830" game in phase "3"
    And "NYC" is run by "P1" with $500 in treasury
    And "BO" is run by "P2" with $500 in treasury

  # ---- TP-DH30-01: the tile -------------------------------------------------------

  @id:TP-DH30-01-a @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The owning company lays tile 57 on F16 without a connection and pays the mountain
    Given the board
      """
            E15 .          E17 mtn $120     E19 Albany
        F14 .     F16 Scranton $120    F18 .
            G15 mtn $120   G17 two towns
      E19: token NYC   -- NYC's only station; no track leads to F16
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is accepted
    And "F16" holds tile "57"
    And "NYC" has $380 in treasury
    And the turn has used 1 tile lays

  @id:TP-DH30-01-b @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The D&H lays no tile but 57
    Given the board
      """
        F14 .     F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "6" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "private/wrong_tile"

  @id:TP-DH30-01-c @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The D&H lays its tile nowhere but F16
    Given the board
      """
            E17 mtn $120     E19 Albany
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "E19" with rotation 0 using "DH"
    Then the action is refused with reason "private/wrong_hex"

  @id:TP-DH30-01-d @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The D&H tile is not offered in the token-lay step
    Given the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-DH30-01-e @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The D&H tile is the turn's tile lay, not an extra one
    Given the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    And "NYC" has used its tile lay this turn
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "tile/no_lays_left"

  @id:TP-DH30-01-f @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: Without the D&H the same unconnected lay is refused (the boundary)
    Given the board
      """
            E15 .          E17 mtn $120     E19 Albany
        F14 .     F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0
    Then the action is refused with reason "tile/not_connected"

  @id:TP-DH30-01-g @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The $120 mountain is paid, so a company with less cannot use the D&H tile
    Given "NYC" is run by "P1" with $119 in treasury
    And the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "money/insufficient"

  @id:TP-DH30-01-h @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: Exactly $120 is enough (the boundary of the cost)
    Given "NYC" is run by "P1" with $120 in treasury
    And the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 1 using "DH"
    Then the action is accepted
    And "NYC" has $0 in treasury

  # ---- TP-DH30-02: the token ------------------------------------------------------

  @id:TP-DH30-02-a @ruling:TP-DH30-02 @source:001 @source:003
  Scenario: The D&H token is free and needs no connection
    Given the board
      """
            E15 .          E17 mtn $120     E19 Albany
        F14 .     F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0   -- laid with the D&H earlier in this turn
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is accepted
    And "NYC" has a token on "F16"
    And "NYC" has $500 in treasury
    And "NYC" has 2 tokens left

  @id:TP-DH30-02-b @ruling:TP-DH30-02 @source:001 @source:003
  Scenario: The D&H token is not placed in the tile-lay step
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    And the private "DH" has used its tile power this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-DH30-02-c @ruling:TP-DH30-02 @source:001 @source:003
  Scenario: The D&H token is the turn's token, not an extra one
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    And "NYC" has placed its token this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is refused with reason "token/already_laid"

  @id:TP-DH30-02-d @ruling:TP-DH30-02 @source:001 @source:003
  Scenario: The D&H token uses up the turn's token lay
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is accepted
    And the turn has used its token lay

  @id:TP-DH30-02-e @ruling:TP-DH30-02 @source:001 @source:003
  Scenario: A normal token on connected F16 costs $40 (the free token's boundary)
    Given the board
      """
                               E19 [57] Albany
        F16 [57] Scranton    F18 [8]
      E19: tile 57 rotation 0, token NYC   -- track runs SW from Albany
      F18: tile 8 rotation 1                -- from NE round to W, into F16
      F16: tile 57 rotation 1
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    When "NYC" places a token on "F16"
    Then the action is accepted
    And "NYC" has $460 in treasury

  # ---- TP-DH30-03: who may use it, closing, blocking --------------------------------

  @id:TP-DH30-03-a @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: F16 is blocked while a player owns the D&H
    Given the board
      """
            E15 .        E17 mtn $120
        F14 .     F16 Scranton $120    F18 .
            G15 [8]      G17 two towns
                  H16 [57] Lancaster
      H16: tile 57 rotation 2, token BO   -- BO's track runs NW
      G15: tile 8 rotation 3                -- from SE round to NE, into F16
      """
    # the Schuylkill Valley keeps G15 free only while a player owns it
    And the private "SV" is owned by "BO"
    And the private "DH" is owned by "P1"
    And it is "BO"'s turn in the "track" step
    When "BO" lays tile "57" on "F16" with rotation 0
    Then the action is refused with reason "hex/blocked"

  @id:TP-DH30-03-b @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: Once a company owns the D&H, F16 is open to other companies' tiles
    Given the board
      """
        F16 Scranton $120    F18 .
            G15 [8]      G17 two towns
                  H16 [57] Lancaster
      H16: tile 57 rotation 2, token BO
      G15: tile 8 rotation 3
      """
    # the Schuylkill Valley keeps G15 free only while a player owns it
    And the private "SV" is owned by "BO"
    And the private "DH" is owned by "NYC"
    And it is "BO"'s turn in the "track" step
    When "BO" lays tile "57" on "F16" with rotation 0
    Then the action is accepted
    And "BO" has $380 in treasury

  @id:TP-DH30-03-c @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: Another company of the same president may not use the D&H
    Given "BO" is run by "P1" with $500 in treasury
    And the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      H16: token BO
      """
    And the private "DH" is owned by "NYC"
    And it is "BO"'s turn in the "track" step
    When "BO" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "private/not_owner"

  @id:TP-DH30-03-d @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: While a player owns the D&H, not even his company may use it
    Given the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "P1"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "private/not_owner"

  @id:TP-DH30-03-e @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: The D&H stays open after its tile lay
    Given the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is accepted
    And the private "DH" is open

  @id:TP-DH30-03-f @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: The D&H stays open after its token lay
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is accepted
    And the private "DH" is open

  # ---- TP-DH30-04: separate execution ---------------------------------------------

  @id:TP-DH30-04-a @ruling:TP-DH30-04 @source:001 @source:003
  Scenario: Another company's tile on F16 ends the D&H token power
    Given the board
      """
        F16 Scranton $120    F18 .
            G15 [8]      G17 two towns
                  H16 [57] Lancaster
      E19: token NYC
      H16: tile 57 rotation 2, token BO
      G15: tile 8 rotation 3
      """
    # the Schuylkill Valley keeps G15 free only while a player owns it
    And the private "SV" is owned by "BO"
    And the private "DH" is owned by "NYC"
    And it is "BO"'s turn in the "track" step
    When "BO" lays tile "57" on "F16" with rotation 0
    Then the action is accepted
    And the private "DH" has lost its token power

  @id:TP-DH30-04-b @ruling:TP-DH30-04 @source:001 @source:003
  Scenario: After another company's tile, the D&H token is refused
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0   -- laid by BO
      """
    And the private "DH" is owned by "NYC"
    And the private "DH" has lost its token power
    And it is "NYC"'s turn in the "token" step
    When "NYC" places a token on "F16" using "DH"
    Then the action is refused with reason "private/token_lost"

  @id:TP-DH30-04-c @ruling:TP-DH30-04 @source:001 @source:003
  Scenario: The D&H's own tile lay keeps its token power
    Given the board
      """
        F16 Scranton $120    F18 .
      E19: token NYC
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is accepted
    And the private "DH" keeps its token power

  @id:TP-DH30-04-d @ruling:TP-DH30-04 @source:001 @source:003
  Scenario: The token is not available in a turn after the D&H tile lay
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0   -- laid with the D&H in an earlier turn
      """
    And the private "DH" is owned by "NYC"
    And the private "DH" has used its tile power in an earlier turn
    And it is "NYC"'s turn in the "token" step
    When "NYC" places a token on "F16" using "DH"
    Then the action is refused with reason "private/token_expired"

  @id:TP-DH30-04-e @ruling:TP-DH30-04 @source:001 @source:003
  Scenario: The token follows in the same turn as the D&H tile lay (the boundary)
    Given the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0   -- laid with the D&H in this turn
      """
    And the private "DH" is owned by "NYC"
    And it is "NYC"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is accepted
