Feature: 1835 Nürnberg-Fürth places a free, extra token on Fürth/Nürnberg (L14)
  The NF (seed 001, seed 003) lets every company of its owning player place one
  free token on the preprinted green L14, in addition to the turn's token,
  without a connection; the NF then closes. By default the token may come at any
  time in the turn (so track can start from it); under Rick Westermann's rule
  only in the token-lay step.

  Background:
    Given an 18xx "1835" game in phase "2.1"
    And "BA" is run by "P1" with $300 in treasury
    And "WT" is run by "P1" with $300 in treasury
    And "BY" is run by "P2" with $300 in treasury
    And the private "NF" is owned by "P1"

  @id:TP-NF35-01-a @ruling:TP-NF35-01 @source:001 @source:003
  Scenario: An extra, free, unconnected NF token after the turn's token
    Given the board
      """
            K5 .      K7 water        K13 .      K15 mtn
        L4 .   L6 [BA] XX   L8 towns      L12 .   L14 XX green   L16 .
            M5 .      M7 towns        M13 water  M15 town
      L6: token BA   -- Baden's home; no track to L14
      """
    And it is "BA"'s turn in the "token" step
    And "BA" has placed its token this turn
    When "BA" places a token on "L14" city 0 using "NF"
    Then the action is accepted
    And "BA" has a token on "L14" city 0
    And "BA" has $300 in treasury

  @id:TP-NF35-01-b @ruling:TP-NF35-01 @source:001 @source:003
  Scenario: The NF closes after its token lay
    Given the board
      """
        L6 [BA] XX   ...   L14 XX green
      L6: token BA
      """
    And it is "BA"'s turn in the "token" step
    When "BA" places a token on "L14" city 1 using "NF"
    Then the action is accepted
    And the private "NF" is closed
    And the turn has not used its token lay

  @id:TP-NF35-01-c @ruling:TP-NF35-01 @source:001 @source:003
  Scenario: Any company of the NF's owner may use it
    Given the board
      """
        L6 XX   ...   L14 XX green
                 M9 Stuttgart
      M9: token WT
      """
    And it is "WT"'s turn in the "token" step
    When "WT" places a token on "L14" city 0 using "NF"
    Then the action is accepted

  @id:TP-NF35-01-d @ruling:TP-NF35-01 @source:001 @source:003
  Scenario: A company of another player may not use the NF
    Given the board
      """
        L6 XX   ...   L14 XX green
      L6: token BA
      """
    And it is "BY"'s turn in the "token" step
    When "BY" places a token on "L14" city 0 using "NF"
    Then the action is refused with reason "private/not_owner"

  @id:TP-NF35-01-e @ruling:TP-NF35-01 @source:001 @source:003
  Scenario: A closed NF places no second token
    Given the board
      """
        L6 [BA] XX   ...   L14 XX green [WT in city 0]
      L6: token BA
      L14: token WT city 0
      """
    And the private "NF" has used its token power
    And the private "NF" is closed
    And it is "BA"'s turn in the "token" step
    When "BA" places a token on "L14" city 1 using "NF"
    Then the action is refused with reason "private/closed"

  @id:TP-NF35-01-f @ruling:TP-NF35-01 @source:001 @source:003
  Scenario: The NF places only on L14
    Given the board
      """
        L6 [BA] XX   ...   L14 XX green
                 M9 Stuttgart
      L6: token BA
      """
    And it is "BA"'s turn in the "token" step
    When "BA" places a token on "M9" using "NF"
    Then the action is refused with reason "private/wrong_hex"

  @id:TP-NF35-02-a @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=anytime
  Scenario: By default the NF token comes in the tile-lay step, before any tile
    Given the option "nf_pfb_token_timing" is "anytime"
    And the board
      """
        L6 [BA] XX   ...   L14 XX green
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    When "BA" places a token on "L14" city 0 using "NF"
    Then the action is accepted
    And "BA" lays track next
    And the turn has used 0 tile lays

  @id:TP-NF35-02-b @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=anytime
  Scenario: By default track starts from the NF token in the same turn
    Given the option "nf_pfb_token_timing" is "anytime"
    And the board
      """
               K13 .       K15 mtn
        L12 .     L14 XX green [BA]    L16 .
      L6: token BA
      L14: token BA city 0   -- placed with the NF earlier in this tile-lay step
      """
    And the private "NF" has used its token power
    And the private "NF" is closed
    And it is "BA"'s turn in the "track" step
    When "BA" lays tile "9" on "K13" with rotation 2
    Then the action is accepted

  @id:TP-NF35-02-c @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=anytime
  Scenario: Without the NF token the same tile is not connected (the boundary)
    Given the option "nf_pfb_token_timing" is "anytime"
    And the board
      """
               K13 .       K15 mtn
        L12 .     L14 XX green    L16 .
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    When "BA" lays tile "9" on "K13" with rotation 2
    Then the action is refused with reason "tile/not_connected"

  @id:TP-NF35-02-d @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=westermann
  Scenario: Under the Westermann rule the NF token waits for the token-lay step
    Given the option "nf_pfb_token_timing" is "westermann"
    And the board
      """
        L6 [BA] XX   ...   L14 XX green
      L6: token BA
      """
    And it is "BA"'s turn in the "track" step
    When "BA" places a token on "L14" city 0 using "NF"
    Then the action is refused with reason "step/wrong_step"

  @id:TP-NF35-02-e @ruling:TP-NF35-02 @source:001 @source:003 @open @option:nf_pfb_token_timing=westermann
  Scenario: Under the Westermann rule the NF token is accepted in the token-lay step
    Given the option "nf_pfb_token_timing" is "westermann"
    And the board
      """
        L6 [BA] XX   ...   L14 XX green
      L6: token BA
      """
    And it is "BA"'s turn in the "token" step
    When "BA" places a token on "L14" city 0 using "NF"
    Then the action is accepted
