Feature: 1870 connection runs in order: the track layer first, then by share price
  Seed 004, 1870 rules section 11.2. If the company that laid the connecting track
  is itself eligible it runs first; then the other eligible companies run, in
  share-price order (today's prices, not the order the round started with). Two
  companies share New Orleans (N17) as destination: the Southern Pacific (SP) from
  Southwest (N1, a red area with SP's token circle) along the coast through Galveston
  (N7), and the Texas & Pacific (TP) from Dallas (J5) through the town at M8; their
  lines meet at N9. The Gulf, Mobile & Ohio (GMO) reaches New Orleans from Mobile
  (M20). N15 is the last piece.

  Background:
    Given an 18xx "1870" game in phase "3"
    And "SP" is run by "P1" with $500 in treasury
    And "TP" is run by "P2" with $500 in treasury
    And "GMO" is run by "P3" with $500 in treasury
    And "SP" owns a "3" train
    And "TP" owns a "3" train
    And the board
      """
                J5 Dallas [TP]
                  \\
                   K6
                     \\
                      L7                                                 M18 ==== M20 Mobile [GMO]
                        \\                                               //
                         M8 town                                       //
                           \\                                         //
      N1 SW [SP] == N3 == N5 == N7 Galveston == N9 == N11 == N13 == N15 == N17 New Orleans
      N1: token SP             -- Southwest, red, SP's home circle
      N3: tile 9 rotation 1
      N5: tile 9 rotation 1
      N7: tile 57 rotation 1
      N9: tile 23 rotation 4   -- the coast line and TP's line join
      N11: tile 9 rotation 1
      N13: tile 9 rotation 1
      N17: tile 6 rotation 1   -- New Orleans, west and north-east
      J5: tile 57 rotation 2, token TP
      K6: tile 9 rotation 2
      L7: tile 9 rotation 2
      M8: tile 4 rotation 2
      M20: tile 57 rotation 1, token GMO
      M18: tile 8 rotation 4
      """
    And "SP"'s share price is 100 (market row 0, column 6)
    And "TP"'s share price is 90 (market row 0, column 5)
    And "GMO"'s share price is 82 (market row 0, column 4)

  @id:DS-08-a @ruling:DS-08 @source:004
  Scenario: TP laid the last piece and is eligible: it runs first, though SP's price is higher
    Given the board
      """
      N15: tile 9 rotation 1   -- laid by TP this turn
      """
    And the operating order is "SP", "TP", "GMO"
    And it is "TP"'s turn in the "token" step
    And "TP" has used its tile lay this turn
    When "TP" passes
    Then the action is accepted
    And "TP" places or keeps its destination token next

  @id:DS-08-b @ruling:DS-08 @source:004
  Scenario: GMO laid it and is not eligible: SP runs first on today's share price
    Given the board
      """
      N15: tile 9 rotation 1   -- laid by GMO this turn
      """
    And the operating order is "TP", "SP", "GMO"
    And it is "GMO"'s turn in the "token" step
    And "GMO" has used its tile lay this turn
    When "GMO" passes
    Then the action is accepted
    And "SP" places or keeps its destination token next

  @id:DS-08-c @ruling:DS-08 @source:004
  Scenario: After TP's connection run SP makes its own before anyone operates
    Given the board
      """
      N15: tile 9 rotation 1
      N17: destination token TP
      """
    And the operating order is "TP", "SP", "GMO"
    And it is "TP"'s connection run in the "connection_dividend" step, after "TP"'s turn
    And the connection run has earned $60
    When "TP" declares a "withhold" dividend
    Then the action is accepted
    And "SP" places or keeps its destination token next
