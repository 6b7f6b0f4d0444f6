Feature: 1870 connection runs between company turns: who connects, and when it runs
  Seed 004, 1870 rules sections 11.1 and 11.2. The connecting track may be anyone's.
  Connection runs happen between company turns, when the company that laid the
  connecting track finishes operating; a connection nobody noticed runs when it is
  noticed, after the company operating then; one made in a stock round (a company
  closing) is the first thing in the next operating round. The oracle notices every
  connection at the end of every turn; a stock-round connection is a position whose
  connection run opens the operating round. The Cotton Belt (SSW) runs from Memphis
  (H17) to Fort Worth (J3); the Fort Worth & Denver City (FW), at home in Fort Worth,
  can lay the missing piece at I4.

  Background:
    Given an 18xx "1870" game in phase "3"
    And "SSW" is run by "P1" with $500 in treasury
    And "FW" is run by "P2" with $500 in treasury
    And "TP" is run by "P3" with $500 in treasury
    And "SSW" owns a "3" train
    And the board
      """
                     H9 ====== H11 ====== H13 ====== H15 ====== H17
                    //                  Little Rock            Memphis [SSW]
          I4  .   I6 ====== I8
                                         -- I4: the missing piece
        J3 Fort Worth [FW]   J5 Dallas [TP]
      H17: tile 57 rotation 1, token SSW
      H15: tile 9 rotation 1
      H13: tile 57 rotation 1
      H11: tile 9 rotation 1
      H9: tile 8 rotation 4
      I8: tile 8 rotation 1
      I6: tile 9 rotation 1
      J3: tile 57 rotation 0, token FW
      J5: token TP
      """

  # ---- DS-02: anyone's track -----------------------------------------------------------

  @id:DS-02-a @ruling:DS-02 @source:004
  Scenario: FW lays the last piece of SSW's connection
    Given the operating order is "FW", "SSW"
    And it is "FW"'s turn in the "track" step
    When "FW" lays tile "8" on "I4" with rotation 4
    Then the action is accepted
    And "SSW" is eligible for its connection run

  @id:DS-02-b @ruling:DS-02 @source:004
  Scenario: FW's turn ends over track FW laid: SSW's connection run follows
    Given the board
      """
      I4: tile 8 rotation 4   -- laid by FW this turn
      """
    And the operating order is "FW", "SSW"
    And it is "FW"'s turn in the "token" step
    And "FW" has used its tile lay this turn
    When "FW" passes
    Then the action is accepted
    And "SSW" places or keeps its destination token next

  @id:DS-02-c @ruling:DS-02 @source:004
  Scenario: FW's station in a green Little Rock does not stand in SSW's way
    Given the board
      """
      H13: tile 14 rotation 0, token FW   -- two slots, one free
      I4: tile 8 rotation 4
      """
    And the operating order is "FW", "SSW"
    And it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" places or keeps its destination token next

  # ---- DS-07: between turns, when the track layer finishes --------------------------------

  @id:DS-07-a @ruling:DS-07 @source:004
  Scenario: The connecting tile does not interrupt FW's turn
    Given the operating order is "FW", "SSW"
    And it is "FW"'s turn in the "track" step
    When "FW" lays tile "8" on "I4" with rotation 4
    Then the action is accepted
    And "FW" lays track next

  @id:DS-07-b @ruling:DS-07 @source:004
  Scenario: No company may act in SSW's connection run but SSW
    Given the board
      """
      I4: tile 8 rotation 4
      """
    And the operating order is "FW", "SSW"
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "FW" lays tile "9" on "I2" with rotation 0
    Then the action is refused with reason "connection/runs_first"

  @id:DS-07-c @ruling:DS-07 @source:004
  Scenario: After SSW's connection run, the company after FW operates
    Given the board
      """
      I4: tile 8 rotation 4
      J3: destination token SSW
      """
    And the operating order is "FW", "TP", "SSW"
    And it is "SSW"'s connection run in the "connection_dividend" step, after "FW"'s turn
    And the connection run has earned $80
    When "SSW" declares a "withhold" dividend
    Then the action is accepted
    And "TP" lays track next

  # ---- DS-04: a late-noticed connection runs after the company operating then ----------

  @id:DS-04-a @ruling:DS-04 @source:004
  Scenario: SSW's connection, unnoticed, runs after Texas & Pacific's turn
    Given the board
      """
      I4: tile 8 rotation 4   -- laid in an earlier turn; nobody noticed
      """
    And the operating order is "SSW", "TP", "FW"
    And it is "TP"'s turn in the "token" step
    When "TP" passes
    Then the action is accepted
    And "SSW" places or keeps its destination token next

  @id:DS-04-b @ruling:DS-04 @source:004
  Scenario: Noticed in the last turn of the round, the run still comes before the round ends
    Given the board
      """
      I4: tile 8 rotation 4
      """
    And the operating order is "SSW", "FW", "TP"
    And it is "TP"'s turn in the "token" step
    When "TP" passes
    Then the action is accepted
    And "SSW" places or keeps its destination token next

  @id:DS-04-c @ruling:DS-04 @source:004
  Scenario: After the late run the company after Texas & Pacific operates
    Given the board
      """
      I4: tile 8 rotation 4
      J3: destination token SSW
      """
    And the operating order is "SSW", "TP", "FW"
    And it is "SSW"'s connection run in the "connection_dividend" step, after "TP"'s turn
    And the connection run has earned $80
    When "SSW" declares a "withhold" dividend
    Then the action is accepted
    And "FW" lays track next

  # ---- DS-05: a stock-round connection opens the next operating round -------------------

  @id:DS-05-a @ruling:DS-05 @source:004
  Scenario: The operating round opens with SSW's connection run: its destination token first
    Given the board
      """
      I4: tile 8 rotation 4   -- the connection a closing company's tokens left open
      """
    And the operating order is "FW", "SSW"
    And it is "SSW"'s connection run in the "connection_token" step, opening the operating round
    When "SSW" places a token on "J3"
    Then the action is accepted
    And "SSW" has its destination token on its destination

  @id:DS-05-b @ruling:DS-05 @source:004
  Scenario: The first company of the round waits for the stock-round connection run
    Given the board
      """
      I4: tile 8 rotation 4
      """
    And the operating order is "FW", "SSW"
    And it is "SSW"'s connection run in the "connection_token" step, opening the operating round
    When "FW" lays tile "9" on "I2" with rotation 0
    Then the action is refused with reason "connection/runs_first"

  @id:DS-05-c @ruling:DS-05 @source:004
  Scenario: After the opening connection run the round's first company operates
    Given the board
      """
      I4: tile 8 rotation 4
      J3: destination token SSW
      """
    And the operating order is "FW", "SSW"
    And it is "SSW"'s connection run in the "connection_dividend" step, opening the operating round
    And the connection run has earned $80
    When "SSW" declares a "withhold" dividend
    Then the action is accepted
    And "FW" lays track next
