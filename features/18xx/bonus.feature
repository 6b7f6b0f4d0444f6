Feature: Bonus-token privates: 1856 Great Lakes Shipping and 18AL South & North Alabama
  Seed 003 names them without attributes (TP-BONUS-01), so their facts come from
  the published rules, in the same record form as the other privates. GLSC: its
  owning company places the port marker (+20) on one port hex at any time in its
  turn; that closes the GLSC; the marker leaves when phase 6 begins. S&NA: its
  owning company places the coal-field token (+10) on a coal city it reaches
  with a train; the S&NA stays open; the token leaves when phase 6 begins.
  The published text asks no connection of the GLSC and asks one of the S&NA;
  the Rails data says the opposite ("rails" reading).

  @id:TP-BONUS-01-a @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=published
  Scenario: The GLSC port marker goes on an unconnected port, and the GLSC closes
    Given an 18xx "1856" game in phase "3"
    And "WGB" is run by "P1" with $300 in treasury
    And the board
      """
        G16 .    H15 Woodstock
            H17 port town       J11 Guelph [WGB]
      J11: token WGB   -- far from the port at H17
      """
    And the private "GLSC" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    When "WGB" places a token on "H17" using "GLSC"
    Then the action is accepted
    And "WGB" has a bonus token worth 20 on "H17"
    And "WGB" has 1 tokens left
    And the private "GLSC" is closed

  @id:TP-BONUS-01-b @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=rails
  Scenario: Reading "rails": the port marker needs a connected port
    Given an 18xx "1856" game in phase "3"
    And the option "bonus_token_reading" is "rails"
    And "WGB" is run by "P1" with $300 in treasury
    And "WGB" owns a "2" train
    And the board
      """
            H17 port town       J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "GLSC" is owned by "WGB"
    And it is "WGB"'s turn in the "track" step
    When "WGB" places a token on "H17" using "GLSC"
    Then the action is refused with reason "token/not_connected"

  @id:TP-BONUS-01-c @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=published
  Scenario: From phase 6 a port marker placed earlier no longer adds to a run
    # LPS placed the marker on its home port, Maudaumin, before the first 6 train;
    # the first 6 train began phase 6 and the marker stopped counting (the GLSC closed on
    # use, the other privates at the first 5 train)
    Given an 18xx "1856" game in phase "6"
    And "LPS" is run by "P1" with $300 in treasury
    And "LPS" owns a "6" train
    And the board
      """
        B13 Sarnia (off-board, 30 yellow / 50 brown) ── C14 [57] Maudaumin port [LPS]
      C14: tile 57 rotation 2, token LPS, bonus token LPS +20 from GLSC
      """
    And every private is closed
    And it is "LPS"'s turn in the "route" step
    When "LPS" runs its trains
      """
      6: C14 B13
      """
    Then the action is accepted
    And the run earns $70

  @id:TP-BONUS-01-d @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=published
  Scenario: The port marker goes on port hexes only
    Given an 18xx "1856" game in phase "3"
    And "WGB" is run by "P1" with $300 in treasury
    And the board
      """
            I12 Kitchener (no port)      J11 Guelph [WGB]
      J11: token WGB
      """
    And the private "GLSC" is owned by "WGB"
    And it is "WGB"'s turn in the "token" step
    When "WGB" places a token on "I12" using "GLSC"
    Then the action is refused with reason "private/wrong_hex"

  @id:TP-BONUS-01-e @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=published
  Scenario: The S&NA coal token on a reached coal city; the S&NA stays open
    Given an 18xx "18AL" game in phase "3"
    And "ABC" is run by "P1" with $300 in treasury
    And "ABC" owns a "2" train
    And the board
      """
        E6 Gadsden (coal)
               F5 .          F7 mtn
        G4 Birmingham (coal)      G6 [57] Anniston (coal) [ABC]
               H3 Tuscaloosa (coal)    H5 Oxmoor (coal, gray)
      G6: tile 57 rotation 1, token ABC   -- track runs SW into Oxmoor
      """
    And the private "SNAR" is owned by "ABC"
    And it is "ABC"'s turn in the "token" step
    When "ABC" places a token on "H5" using "SNAR"
    Then the action is accepted
    And "ABC" has a bonus token worth 10 on "H5"
    And the private "SNAR" is open
    And the turn has not used its token lay

  @id:TP-BONUS-01-f @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=published
  Scenario: The S&NA coal token needs a train to reach the city
    Given an 18xx "18AL" game in phase "3"
    And "ABC" is run by "P1" with $300 in treasury
    And the board
      """
        G6 [57] Anniston [ABC]     H5 Oxmoor (coal)
      G6: tile 57 rotation 1, token ABC
      """
    And the private "SNAR" is owned by "ABC"
    And it is "ABC"'s turn in the "token" step
    When "ABC" places a token on "H5" using "SNAR"
    Then the action is refused with reason "private/needs_train"

  @id:TP-BONUS-01-g @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=published
  Scenario: The S&NA coal token needs a coal city the company reaches
    Given an 18xx "18AL" game in phase "3"
    And "ABC" is run by "P1" with $300 in treasury
    And "ABC" owns a "2" train
    And the board
      """
        E6 Gadsden (coal, unreached)
        G6 [57] Anniston [ABC]     H5 Oxmoor (coal)
      G6: tile 57 rotation 1, token ABC
      """
    And the private "SNAR" is owned by "ABC"
    And it is "ABC"'s turn in the "token" step
    When "ABC" places a token on "E6" using "SNAR"
    Then the action is refused with reason "token/not_connected"

  @id:TP-BONUS-01-h @ruling:TP-BONUS-01 @source:003 @open @option:bonus_token_reading=rails
  Scenario: Reading "rails": the S&NA coal token needs no connection
    Given an 18xx "18AL" game in phase "3"
    And the option "bonus_token_reading" is "rails"
    And "ABC" is run by "P1" with $300 in treasury
    And the board
      """
        E6 Gadsden (coal, unreached)
        G6 Anniston [ABC]
      G6: token ABC
      """
    And the private "SNAR" is owned by "ABC"
    And it is "ABC"'s turn in the "token" step
    When "ABC" places a token on "E6" using "SNAR"
    Then the action is accepted
    And "ABC" has a bonus token worth 10 on "E6"
