Feature: 1870 the connection run's income, and the destination counting double afterwards
  Seed 004, 1870 rules sections 11.4.2 and 11.5. One train must run between the home
  city and the destination; other trains may run other routes. The income is paid
  as an extra full dividend (the share price moves up, to the right on 1870's
  market) or kept (the price stays); never as a half dividend. With the destination
  token on its destination, that city or area counts double for every train of the
  company that starts or ends its run there. The Cotton Belt (SSW) runs Memphis
  (H17, 20) through Little Rock (H13, 20) to Fort Worth (J3, 20).

  Background:
    Given an 18xx "1870" game in phase "3"
    And "SSW" is run by "P1" with $500 in treasury
    And "FW" is run by "P2" with $500 in treasury
    And "SSW" owns a "3" train
    And the board
      """
                     H9 ====== H11 ====== H13 ====== H15 ====== H17 ====== H19 ====== H21 town
                    //                  Little Rock            Memphis [SSW]
          I4 ===== I6 ====== I8
         //
        J3 Fort Worth [FW]
      H21: tile 3 rotation 0
      H19: tile 9 rotation 1
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
    And the operating order is "FW", "SSW"

  # ---- DS-15: one train home to destination, the others free -------------------------------

  @id:DS-15-a @ruling:DS-15 @source:004
  Scenario: SSW's 3 train runs between Fort Worth and Memphis, in either direction
    Given the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      3: J3 I4 I6 I8 H9 H11 H13* H15 H17
      """
    Then the action is accepted
    And "SSW" pays or withholds its connection run next

  @id:DS-15-b @ruling:DS-15 @source:004
  Scenario: A run that does not reach Fort Worth is no connection run
    Given the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      3: H17 H15 H13
      """
    Then the action is refused with reason "connection/no_destination_run"

  @id:DS-15-c @ruling:DS-15 @source:004
  Scenario: SSW's 2 train runs to the town at H21 beside the connection
    # a 2 train runs only before the first 4 train (phase 3) rusts it
    Given the game is in phase "2"
    And "SSW" owns a "2" train
    And the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      2: H17 H19 H21
      """
    Then the action is accepted
    And the run earns $110

  @id:DS-15-d @ruling:DS-15 @source:004
  Scenario: The connection run does not pass on running
    Given the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" passes
    Then the action is refused with reason "connection/must_run"

  # ---- DS-16: full dividend (price moves) or withhold (it does not); never half -----------

  @id:DS-16-a @ruling:DS-16 @source:004
  Scenario: A full dividend pays the shareholders and moves the price up
    Given the board
      """
      J3: destination token SSW
      """
    And "SSW"'s share price is 100 (market row 0, column 6)
    And "SSW"'s 10 shares are held by "P1"
    And it is "SSW"'s connection run in the "connection_dividend" step, after "FW"'s turn
    And the connection run has earned $80
    When "SSW" declares a "payout" dividend
    Then the action is accepted
    And "P1" has $780
    And "SSW"'s share price is 110

  @id:DS-16-b @ruling:DS-16 @source:004
  Scenario: No half dividend from a connection run
    Given the board
      """
      J3: destination token SSW
      """
    And "SSW"'s share price is 100 (market row 0, column 6)
    And "SSW"'s 10 shares are held by "P1"
    And it is "SSW"'s connection run in the "connection_dividend" step, after "FW"'s turn
    And the connection run has earned $80
    When "SSW" declares a "half" dividend
    Then the action is refused with reason "dividend/not_allowed"

  @id:DS-16-c @ruling:DS-16 @source:004
  Scenario: Withholding keeps the money and leaves the price where it is
    Given the board
      """
      J3: destination token SSW
      """
    And "SSW"'s share price is 100 (market row 0, column 6)
    And "SSW"'s 10 shares are held by "P1"
    And it is "SSW"'s connection run in the "connection_dividend" step, after "FW"'s turn
    And the connection run has earned $80
    When "SSW" declares a "withhold" dividend
    Then the action is accepted
    And "SSW" has $580 in treasury
    And "SSW"'s share price is 100

  # ---- DS-17: the destination counts double at a route's end ---------------------------

  @id:DS-17-a @ruling:DS-17 @source:004
  Scenario: In a later turn Fort Worth counts double for the train that ends there
    Given the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s turn in the "route" step
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is accepted
    And the run earns $80

  @id:DS-17-b @ruling:DS-17 @source:004
  Scenario: With the destination token kept on the charter Fort Worth counts once
    Given "SSW" has made its connection run and kept the destination token as a $100 token
    And it is "SSW"'s turn in the "route" step
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is accepted
    And the run earns $60

  @id:DS-17-c @ruling:DS-17 @source:004
  Scenario: A train passing through Fort Worth to Dallas counts it once
    Given "SSW" owns a "4" train
    And the board
      """
      J3: tile 14 rotation 0, destination token SSW   -- green Fort Worth (30), on to Dallas
      J5: tile 57 rotation 1
      """
    And it is "SSW"'s turn in the "route" step
    When "SSW" runs its trains
      """
      4: H17 H15 H13* H11 H9 I8 I6 I4 J3* J5
      """
    Then the action is accepted
    And the run earns $90

  @id:DS-17-d @ruling:DS-17 @source:004 @open @option:destination_double_in_connection_run=yes
  Scenario: Reading "yes": the token just placed already doubles Fort Worth in the connection run
    Given the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is accepted
    And the run earns $80

  @id:DS-17-e @ruling:DS-17 @source:004 @open @option:destination_double_in_connection_run=no
  Scenario: Reading "no": the doubling starts after the connection run
    Given the option "destination_double_in_connection_run" is "no"
    And the board
      """
      J3: destination token SSW
      """
    And it is "SSW"'s connection run in the "connection_route" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is accepted
    And the run earns $60
