Feature: 1870 connection-run eligibility: a train the company owns now, home to destination
  Seed 004, 1870 rules section 11.1. A company is eligible for its connection run the
  first time a train it owns can run from its home token to its destination, the
  train long enough to count every stop, home and destination included, over track
  anyone laid. Eligibility comes and goes with tokens and trains; a company makes
  one connection run in the whole game. The Cotton Belt (SSW) runs from Memphis
  (H17) to its destination Fort Worth (J3), the Fort Worth & Denver City's (FW) home:
  three stops with Little Rock (H13) on the way.

  Background:
    Given an 18xx "1870" game in phase "3"
    And "SSW" is run by "P1" with $500 in treasury
    And "FW" is run by "P2" with $500 in treasury
    And the board
      """
                     H9 ====== H11 ====== H13 ====== H15 ====== H17
                    //                  Little Rock            Memphis [SSW]
          I4 ===== I6 ====== I8
         //
        J3 Fort Worth [FW]
      H17: tile 57 rotation 1, token SSW   -- Memphis, SSW's home
      H15: tile 9 rotation 1
      H13: tile 57 rotation 1              -- Little Rock, one slot
      H11: tile 9 rotation 1
      H9: tile 8 rotation 4
      I8: tile 8 rotation 1
      I6: tile 9 rotation 1
      I4: tile 8 rotation 4
      J3: tile 57 rotation 0, token FW     -- Fort Worth, FW's home, SSW's destination
      """
    And the operating order is "FW", "SSW"

  # ---- DS-01: a train it owns now, from the home token to the destination -------------

  @id:DS-01-a @ruling:DS-01 @source:004
  Scenario: SSW's 3 train can run Memphis to Fort Worth: its connection run follows FW's turn
    Given "SSW" owns a "3" train
    And it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" places or keeps its destination token next

  @id:DS-01-b @ruling:DS-01 @source:004
  Scenario: Without a train of its own SSW is not eligible, however connected
    Given it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" lays track next
    And "SSW" is not eligible for its connection run

  @id:DS-01-c @ruling:DS-01 @source:004
  Scenario: The connection run runs a train SSW owns, not one it does not
    Given "SSW" owns a "3" train
    And the board
      """
      J3: destination token SSW   -- SSW has just placed it
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      4: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is refused with reason "route/no_such_train"

  # ---- DS-03: eligibility gained and lost -----------------------------------------------

  @id:DS-03-a @ruling:DS-03 @source:004
  Scenario: FW's token fills Little Rock and SSW loses its connection
    Given "SSW" owns a "3" train
    And it is "FW"'s turn in the "token" step
    When "FW" places a token on "H13"
    Then the action is accepted
    And "SSW" is not eligible for its connection run

  @id:DS-03-b @ruling:DS-03 @source:004
  Scenario: Little Rock turns green with a second slot and SSW is eligible again
    Given "SSW" owns a "3" train
    And the board
      """
      H13: token FW   -- FW's token fills yellow Little Rock
      """
    And it is "FW"'s turn in the "track" step
    When "FW" lays tile "14" on "H13" with rotation 0
    Then the action is accepted
    And "SSW" is eligible for its connection run

  @id:DS-03-c @ruling:DS-03 @source:004
  Scenario: The first 6 train rusts SSW's 3 train and the connection waits
    Given an 18xx "1870" game in phase "4"
    And "SSW" is run by "P1" with $500 in treasury
    And "FW" is run by "P2" with $700 in treasury
    And "SSW" owns a "3" train
    # the first 5 train (phase 4) closed every private
    And every private is closed
    And the board
      """
      H17: tile 57 rotation 1, token SSW
      H15: tile 9 rotation 1
      H13: tile 57 rotation 1
      H11: tile 9 rotation 1
      H9: tile 8 rotation 4
      I8: tile 8 rotation 1
      I6: tile 9 rotation 1
      I4: tile 8 rotation 4
      J3: tile 57 rotation 0, token FW
      """
    And the bank has 3 "6" trains and more to come
    And it is "FW"'s turn in the "buy_train" step
    When "FW" buys a "6" train
    Then the action is accepted
    And "SSW" is not eligible for its connection run

  # ---- DS-06: long enough for every stop, home and destination included -----------------

  @id:DS-06-a @ruling:DS-06 @source:004
  Scenario: A 2 train cannot count Memphis, Little Rock and Fort Worth: no connection run
    # a 2 train runs only before the first 4 train (phase 3) rusts it
    Given the game is in phase "2"
    And "SSW" owns a "2" train
    And it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" lays track next

  @id:DS-06-b @ruling:DS-06 @source:004
  Scenario: A 3 train counts exactly the three stops
    Given "SSW" owns a "3" train
    And it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" is eligible for its connection run

  @id:DS-06-c @ruling:DS-06 @source:004
  Scenario: In the connection run the 2 train may not be the one that runs home to destination
    # a 2 train runs only before the first 4 train (phase 3) rusts it
    Given the game is in phase "2"
    And "SSW" owns a "2" train
    And "SSW" owns a "3" train
    And the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      2: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is refused with reason "route/too_long"

  # ---- DS-09: one connection run in the whole game ------------------------------------

  @id:DS-09-a @ruling:DS-09 @source:004
  Scenario: After its connection run SSW does not run again when FW's turn ends
    Given "SSW" owns a "3" train
    And "SSW" has made its connection run and kept the destination token as a $100 token
    And it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" lays track next

  @id:DS-09-b @ruling:DS-09 @source:004
  Scenario: With its destination token on Fort Worth SSW is connected but has no second run
    Given "SSW" owns a "3" train
    And the board
      """
      J3: destination token SSW
      """
    And it is "FW"'s turn in the "token" step
    When "FW" passes
    Then the action is accepted
    And "SSW" lays track next
    And "SSW" is not eligible for its connection run

  @id:DS-09-c @ruling:DS-09 @source:004
  Scenario: SSW's own turn ends, still connected, and the next company operates
    Given "SSW" owns a "3" train
    And "SSW" has made its connection run and kept the destination token as a $100 token
    And the operating order is "SSW", "FW"
    And it is "SSW"'s turn in the "token" step
    When "SSW" passes
    Then the action is accepted
    And "FW" lays track next
