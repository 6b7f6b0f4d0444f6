Feature: 18Kaas Delaware & Hudson is the 1830 D&H on Venlo (K16)
  Seed 001 and seed 003: identical to the 1830 D&H except the location. (The
  Rails data puts no tile restriction on it; the seeds say tile 57, as in 1830.)

  Background:
    Given an 18xx "18Kaas" game in phase "3"
    And "PRR" is run by "P1" with $500 in treasury
    And "ERIE" is run by "P2" with $500 in treasury

  @id:TP-DH18K-01-a @ruling:TP-DH18K-01 @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: Tile 57 on K16 with the D&H, unconnected, paying the $120
    Given the board
      """
             J15 $80        J17 Ruhrgebied (off map)
        K14 .      K16 Venlo $120
             L15 Roermond $80    L17 .
      I12: token PRR   -- Utrecht, PRR's home; no track to Venlo
      """
    And the private "DH" is owned by "PRR"
    And it is "PRR"'s turn in the "track" step
    When "PRR" lays tile "57" on "K16" with rotation 0 using "DH"
    Then the action is accepted
    And "K16" holds tile "57"
    And "PRR" has $380 in treasury

  @id:TP-DH18K-01-b @ruling:TP-DH18K-01 @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The 18Kaas D&H lays tile 57 only
    Given the board
      """
        K14 .      K16 Venlo $120
      I12: token PRR
      """
    And the private "DH" is owned by "PRR"
    And it is "PRR"'s turn in the "track" step
    When "PRR" lays tile "6" on "K16" with rotation 0 using "DH"
    Then the action is refused with reason "private/wrong_tile"

  @id:TP-DH18K-01-c @ruling:TP-DH18K-01 @ruling:TP-DH30-01 @source:001 @source:003
  Scenario: The 18Kaas D&H lays on K16, not on 1830's F16
    Given the board
      """
        K14 .      K16 Venlo $120
      I12: token PRR
      """
    And the private "DH" is owned by "PRR"
    And it is "PRR"'s turn in the "track" step
    When "PRR" lays tile "57" on "K14" with rotation 0 using "DH"
    Then the action is refused with reason "private/wrong_hex"

  @id:TP-DH18K-01-d @ruling:TP-DH18K-01 @ruling:TP-DH30-03 @source:001 @source:003
  Scenario: K16 is blocked while a player owns the D&H
    Given the board
      """
        K14 .      K16 Venlo $120
      G16: token ERIE
      """
    And the private "DH" is owned by "P1"
    And it is "ERIE"'s turn in the "track" step
    When "ERIE" lays tile "57" on "K16" with rotation 0
    Then the action is refused with reason "hex/blocked"

  @id:TP-DH18K-01-e @ruling:TP-DH18K-01 @ruling:TP-DH30-02 @source:001 @source:003
  Scenario: The free D&H token on K16 in the turn of the tile lay
    Given the board
      """
        K14 .      K16 [57] Venlo
      I12: token PRR
      K16: tile 57 rotation 0
      """
    And the private "DH" is owned by "PRR"
    And it is "PRR"'s turn in the "token" step
    And the private "DH" has used its tile power this turn
    When "PRR" places a token on "K16" using "DH"
    Then the action is accepted
    And "PRR" has $500 in treasury

  @id:TP-DH18K-01-f @ruling:TP-DH18K-01 @ruling:TP-DH30-04 @source:001 @source:003
  Scenario: No 18Kaas D&H token in a turn after its tile lay
    Given the board
      """
        K14 .      K16 [57] Venlo
      I12: token PRR
      K16: tile 57 rotation 0
      """
    And the private "DH" is owned by "PRR"
    And the private "DH" has used its tile power in an earlier turn
    And it is "PRR"'s turn in the "token" step
    When "PRR" places a token on "K16" using "DH"
    Then the action is refused with reason "private/token_expired"
