Feature: 1830 D&H: the points no source rules (TP-DH30-05)
  Whether the D&H token needs tile 57 first (Rails as implemented: no; seed
  001's proposal and tobymao's step order: yes) and whether the tile power
  survives an earlier token lay (seed 001: "???") are options.

  Background:
    Given an 18xx "1830" game in phase "3"
    And "NYC" is run by "P1" with $500 in treasury
    # the B&O private, sold in the auction, came with the B&O's president's certificate
    And "BO" is run by "P3" with $0 in treasury
    And the private "DH" is owned by "NYC"

  @id:TP-DH30-05-a @ruling:TP-DH30-05 @source:001 @source:003 @open @option:dh_token_requires_tile=no
  Scenario: Reading "no": the D&H token goes on the blank Scranton city
    Given the option "dh_token_requires_tile" is "no"
    And the board
      """
        F16 Scranton $120 (no tile)    F18 .
      E19: token NYC
      """
    And it is "NYC"'s turn in the "token" step
    When "NYC" places a token on "F16" using "DH"
    Then the action is accepted
    And "NYC" has a token on "F16"

  @id:TP-DH30-05-b @ruling:TP-DH30-05 @source:001 @source:003 @open @option:dh_token_requires_tile=yes
  Scenario: Reading "yes": the D&H token waits for tile 57
    Given the option "dh_token_requires_tile" is "yes"
    And the board
      """
        F16 Scranton $120 (no tile)    F18 .
      E19: token NYC
      """
    And it is "NYC"'s turn in the "token" step
    When "NYC" places a token on "F16" using "DH"
    Then the action is refused with reason "token/requires_tile"

  @id:TP-DH30-05-c @ruling:TP-DH30-05 @source:001 @source:003 @open @option:dh_token_requires_tile=yes
  Scenario: Reading "yes": after the D&H tile in this turn the token is accepted
    Given the option "dh_token_requires_tile" is "yes"
    And the board
      """
        F16 [57] Scranton    F18 .
      E19: token NYC
      F16: tile 57 rotation 0
      """
    And it is "NYC"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    When "NYC" places a token on "F16" using "DH"
    Then the action is accepted

  @id:TP-DH30-05-d @ruling:TP-DH30-05 @source:001 @source:003 @open @option:dh_tile_after_token=yes
  Scenario: Reading "yes": the tile power survives an earlier D&H token
    Given the option "dh_tile_after_token" is "yes"
    And the board
      """
        F16 Scranton $120, NYC station    F18 .
      E19: token NYC
      F16: token NYC   -- placed with the D&H in an earlier turn
      """
    And the private "DH" has used its token power
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is accepted
    And "F16" holds tile "57"

  @id:TP-DH30-05-e @ruling:TP-DH30-05 @source:001 @source:003 @open @option:dh_tile_after_token=no
  Scenario: Reading "no": the tile power is gone after the D&H token
    Given the option "dh_tile_after_token" is "no"
    And the board
      """
        F16 Scranton $120, NYC station    F18 .
      E19: token NYC
      F16: token NYC
      """
    And the private "DH" has used its token power
    And it is "NYC"'s turn in the "track" step
    When "NYC" lays tile "57" on "F16" with rotation 0 using "DH"
    Then the action is refused with reason "private/tile_after_token"
