Feature: 1870 a destination on a red edge area: a place to run from, not through
  Seed 004, 1870 rules section 11.4.1. Destination tokens may be placed on a red edge
  area when it is the company's destination; the company may run from it, but gets
  no right to run through the area. The Fort Worth & Denver City (FW) runs from Fort
  Worth (J3) to Denver (A2, red, no token circle; 30 in yellow phases).

  Background:
    Given an 18xx "1870" game in phase "2"
    And "FW" is run by "P2" with $500 in treasury
    And "FW" owns a "2" train
    And "FW" owns a "3" train
    And the board
      """
         A2 Denver (red) == A4 ====== A6
         //                             \\
        B3                               B7 town
          \\
           C2
          //
        D1
          \\
           E2
          //
        F1
          \\
           G2
          //
        H1
          \\
           I2
             \\
              J3 Fort Worth [FW]
      J3: tile 5 rotation 2, token FW
      I2: tile 9 rotation 2
      H1: tile 8 rotation 3
      G2: tile 8 rotation 0
      F1: tile 8 rotation 3
      E2: tile 8 rotation 0
      D1: tile 8 rotation 3
      C2: tile 9 rotation 0
      B3: tile 8 rotation 0
      A4: tile 9 rotation 1
      A6: tile 8 rotation 5
      B7: tile 3 rotation 2
      """
    And the operating order is "FW"

  @id:DS-14-a @ruling:DS-14 @source:004
  Scenario: FW places its destination token on Denver, a red area without a token circle
    Given it is "FW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "FW" places a token on "A2"
    Then the action is accepted
    And "FW" has a token on "A2"
    And "FW" has its destination token on its destination

  @id:DS-14-b @ruling:DS-14 @source:004
  Scenario: FW runs a train from its Denver token, which counts double there
    Given the board
      """
      A2: destination token FW
      """
    And it is "FW"'s turn in the "route" step
    When "FW" runs its trains
      """
      2: A2 A4 A6 B7
      """
    Then the action is accepted
    And the run earns $70

  @id:DS-14-c @ruling:DS-14 @source:004
  Scenario: The Denver token gives no right to run through Denver
    Given the board
      """
      A2: destination token FW
      """
    And it is "FW"'s turn in the "route" step
    When "FW" runs its trains
      """
      3: J3 I2 H1 G2 F1 E2 D1 C2 B3 A2* A4 A6 B7
      """
    Then the action is refused with reason "route/offboard_through"
