Feature: 1835 Pfalzbahnen lays a green tile and a token on Ludwigshafen/Mannheim (L6)
  The PfB (seed 001, seed 003) lets every company of its owning player lay any
  green tile on L6 in the green phase, extra, free and unconnected; and later a
  free, extra, unconnected token on L6 once a tile is there (laid by anyone) and
  Baden has placed its home station. Only the token closes it; the two powers
  may be used in different turns by different companies.

  Background:
    Given an 18xx "1835" game in phase "2.1"
    And "BA" is run by "P1" with $300 in treasury
    And "WT" is run by "P1" with $300 in treasury
    And "BY" is run by "P2" with $300 in treasury
    And the private "PfB" is owned by "P1"

  # ---- TP-PFB35-01: the tile ------------------------------------------------------

  @id:TP-PFB35-01-a @ruling:TP-PFB35-01 @source:001 @source:003
  Scenario: A company of the owner lays a green tile on L6, free and unconnected
    Given the board
      """
            K5 .       K7 water
        L4 .   L6 XX [BA]   L8 towns
            M5 .       M7 towns     M9 Stuttgart [WT]
      L6: token BA
      M9: token WT   -- WT has no track towards L6
      """
    And it is "WT"'s turn in the "track" step
    When "WT" lays tile "210" on "L6" with rotation 0 using "PfB"
    Then the action is accepted
    And "L6" holds tile "210"
    And "WT" has $300 in treasury
    And the turn has used 0 tile lays

  @id:TP-PFB35-01-b @ruling:TP-PFB35-01 @source:001 @source:003
  Scenario: The PfB tile is extra: it comes after the turn's tile lay
    Given the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    And "BA" has used its tile lay this turn
    When "BA" lays tile "213" on "L6" with rotation 3 using "PfB"
    Then the action is accepted

  @id:TP-PFB35-01-c @ruling:TP-PFB35-01 @source:001 @source:003
  Scenario: Before the green phase the PfB lays nothing
    Given an 18xx "1835" game in phase "1.2"
    And "BA" is run by "P1" with $300 in treasury
    And the private "PfB" is owned by "P1"
    And the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    When "BA" lays tile "210" on "L6" with rotation 0 using "PfB"
    Then the action is refused with reason "phase/colour_not_available"

  @id:TP-PFB35-01-d @ruling:TP-PFB35-01 @source:001 @source:003
  Scenario: The PfB lays green tiles only
    Given the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    When "BA" lays tile "57" on "L6" with rotation 0 using "PfB"
    Then the action is refused with reason "private/wrong_tile"

  @id:TP-PFB35-01-e @ruling:TP-PFB35-01 @source:001 @source:003
  Scenario: A company of another player may not use the PfB
    Given the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And it is "BY"'s turn in the "track" step
    When "BY" lays tile "210" on "L6" with rotation 0 using "PfB"
    Then the action is refused with reason "private/not_owner"

  @id:TP-PFB35-01-f @ruling:TP-PFB35-01 @source:001 @source:003
  Scenario: The PfB tile comes in the tile-lay step only
    Given the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And it is "BA"'s turn in the "token" step
    When "BA" lays tile "210" on "L6" with rotation 0 using "PfB"
    Then the action is refused with reason "step/wrong_step"

  # ---- TP-PFB35-02: the token -----------------------------------------------------

  @id:TP-PFB35-02-a @ruling:TP-PFB35-02 @source:001 @source:003
  Scenario: With a tile on L6 and Baden's station placed, the PfB token is free and extra
    Given the board
      """
        L4 .   L6 [210] BA in city 0, city 1 free   L8 towns
                               M9 Stuttgart [WT]
      L6: tile 210 rotation 0, token BA city 0
      M9: token WT
      """
    And it is "WT"'s turn in the "token" step
    And "WT" has placed its token this turn
    When "WT" places a token on "L6" city 1 using "PfB"
    Then the action is accepted
    And "WT" has a token on "L6" city 1
    And "WT" has $300 in treasury

  @id:TP-PFB35-02-b @ruling:TP-PFB35-02 @source:001 @source:003
  Scenario: No PfB token while L6 still shows its preprinted yellow
    Given the board
      """
        L4 .   L6 XX (no tile) BA in city 0   L8 towns
      L6: token BA city 0
      M9: token WT
      """
    And it is "WT"'s turn in the "token" step
    When "WT" places a token on "L6" city 1 using "PfB"
    Then the action is refused with reason "token/requires_tile"

  @id:TP-PFB35-02-c @ruling:TP-PFB35-02 @source:001 @source:003
  Scenario: No PfB token before Baden has placed its home station
    Given the board
      """
        L4 .   L6 [210] no BA station yet   L8 towns
      L6: tile 210 rotation 0
      M9: token WT
      """
    And it is "WT"'s turn in the "token" step
    When "WT" places a token on "L6" city 1 using "PfB"
    Then the action is refused with reason "token/home_not_placed"

  @id:TP-PFB35-02-d @ruling:TP-PFB35-02 @source:001 @source:003
  Scenario: A tile laid by another player's company also opens the PfB token
    Given the board
      """
        L4 .   L6 [211] laid by BY, BA in city 0   L8 towns
      L6: tile 211 rotation 0, token BA city 0
      M9: token WT
      """
    And it is "WT"'s turn in the "token" step
    When "WT" places a token on "L6" city 1 using "PfB"
    Then the action is accepted

  @id:TP-PFB35-02-e @ruling:TP-PFB35-02 @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=anytime
  Scenario: By default the PfB token may come in the tile-lay step
    Given the board
      """
        L6 [210] BA in city 0
      L6: tile 210 rotation 0, token BA city 0
      M9: token WT
      """
    And it is "WT"'s turn in the "track" step
    When "WT" places a token on "L6" city 1 using "PfB"
    Then the action is accepted

  @id:TP-PFB35-02-f @ruling:TP-PFB35-02 @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=westermann
  Scenario: Under the Westermann rule the PfB token waits for the token-lay step
    Given the option "nf_pfb_token_timing" is "westermann"
    And the board
      """
        L6 [210] BA in city 0
      L6: tile 210 rotation 0, token BA city 0
      M9: token WT
      """
    And it is "WT"'s turn in the "track" step
    When "WT" places a token on "L6" city 1 using "PfB"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-PFB35-02-g @ruling:TP-PFB35-02 @source:001 @source:003
  Scenario: Baden places its home station on the L6 city it chooses
    Given the board
      """
        L4 .   L6 XX (Baden's home, not yet placed)   L8 towns
      """
    And it is "BA"'s turn in the "home" step
    When "BA" places a token on "L6" city 1
    Then the action is accepted
    And "BA" has a token on "L6" city 1
    And "BA" lays track next

  @id:TP-PFB35-02-h @ruling:TP-PFB35-02 @source:001 @source:003
  Scenario: Baden's home station comes before anything else in its turn
    Given the board
      """
        L4 .   L6 XX (Baden's home, not yet placed)   L8 towns
      """
    And it is "BA"'s turn in the "home" step
    When "BA" passes
    Then the action is refused with reason "step/home_token_first"

  # ---- TP-PFB35-03: closing and separate execution ----------------------------------

  @id:TP-PFB35-03-a @ruling:TP-PFB35-03 @source:001 @source:003
  Scenario: The PfB stays open after its tile lay
    Given the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    When "BA" lays tile "210" on "L6" with rotation 0 using "PfB"
    Then the action is accepted
    And the private "PfB" is open

  @id:TP-PFB35-03-b @ruling:TP-PFB35-03 @source:001 @source:003
  Scenario: Another company of the owner places the token in a later turn, and the PfB closes
    Given "BY" is run by "P1" with $300 in treasury
    And the board
      """
        L4 .   L6 [210] laid by WT with the PfB, BA in city 0   L8 towns
      L6: tile 210 rotation 0, token BA city 0
      """
    And the private "PfB" has used its tile power in an earlier turn
    And it is "BY"'s turn in the "token" step
    When "BY" places a token on "L6" city 1 using "PfB"
    Then the action is accepted
    And the private "PfB" is closed

  @id:TP-PFB35-03-c @ruling:TP-PFB35-03 @source:001 @source:003
  Scenario: A closed PfB lays no tile
    Given the board
      """
        L4 .   L6 XX [BA]   L8 towns
      L6: token BA
      """
    And the private "PfB" has used its token power
    And the private "PfB" is closed
    And it is "BA"'s turn in the "track" step
    When "BA" lays tile "210" on "L6" with rotation 0 using "PfB"
    Then the action is refused with reason "private/closed"
