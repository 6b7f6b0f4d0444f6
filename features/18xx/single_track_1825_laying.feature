Feature: 1825 single track: who lays it, two in a turn, half the terrain
  Seed 002 (the single-track tiles variant, v1.1). Only a company owning a T train
  (3T or 4T) lays a single-track tile (ST-01). Such a company may lay two yellow
  single-track tiles in adjacent hexes in one operating turn (ST-02). Terrain costs
  half for a single-track tile (£50 for a mountain); upgrading it to normal track pays
  the other half (ST-03).
  The boards are Unit 1 of 1825: Swindon (V14, GWR's home) with V12 and Bath &
  Trowbridge (W11) to its west, Reading (V16) to its east; and the Welsh border,
  where the mountain T8 ($100) is reached from Birmingham (S13) through S11 and S9.

  # ---- ST-01: only a T-train owner lays single track ---------------------------------

  @id:ST-01-a @ruling:ST-01 @source:002
  Scenario: GWR, owning a 3T, lays single-track tile 79 from Swindon towards Bristol
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V10 Bristol 30 ── V12 . ── V14 Swindon 10 [GWR]
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    When "GWR" lays tile "79" on "V12" with rotation 1
    Then the action is accepted
    And "V12" holds tile "79"

  @id:ST-01-b @ruling:ST-01 @source:002
  Scenario: GWR, owning only a 5 train, lays no single track
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "5" train
    And the board
      """
        V10 Bristol 30 ── V12 . ── V14 Swindon 10 [GWR]
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    When "GWR" lays tile "79" on "V12" with rotation 1
    Then the action is refused with reason "tile/needs_t_train"

  @id:ST-01-c @ruling:ST-01 @source:002
  Scenario: A U3 is no T train: its owner lays no single track
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "U3" train
    And the board
      """
        V10 Bristol 30 ── V12 . ── V14 Swindon 10 [GWR]
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    When "GWR" lays tile "79" on "V12" with rotation 1
    Then the action is refused with reason "tile/needs_t_train"

  @id:ST-01-d @ruling:ST-01 @source:002
  Scenario: A 4T is a T train too: single-track station tile 74 on Reading
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "4T" train
    And the board
      """
        V14 Swindon 10 [GWR] ── V16 Reading .
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    When "GWR" lays tile "74" on "V16" with rotation 1
    Then the action is accepted
    And "V16" holds tile "74"

  # ---- ST-02: two yellow single-track tiles in adjacent hexes -------------------------

  @id:ST-02-a @ruling:ST-02 @source:002
  Scenario: After single track on V12, a second single-track tile on the adjacent W11
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V12 [78, laid this turn] ── V14 Swindon 10 [GWR]
        W11 Bath & Trowbridge .
      V12: tile 78 rotation 4   -- from Swindon's side down to W11
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    And "GWR" has laid a single-track tile on "V12" this turn
    When "GWR" lays tile "71" on "W11" with rotation 3
    Then the action is accepted
    And "W11" holds tile "71"
    And the supply holds 0 of tile "71"

  @id:ST-02-b @ruling:ST-02 @source:002
  Scenario: The second single-track tile must be next to the first: Reading is not
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V12 [78, laid this turn] ── V14 Swindon 10 [GWR] ── V16 Reading .
      V12: tile 78 rotation 4
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    And "GWR" has laid a single-track tile on "V12" this turn
    When "GWR" lays tile "74" on "V16" with rotation 1
    Then the action is refused with reason "tile/not_adjacent"

  @id:ST-02-c @ruling:ST-02 @source:002
  Scenario: The second tile must be single track too: normal tile 1 is refused
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V12 [78, laid this turn] ── V14 Swindon 10 [GWR]
        W11 Bath & Trowbridge .
      V12: tile 78 rotation 4
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    And "GWR" has laid a single-track tile on "V12" this turn
    When "GWR" lays tile "1" on "W11" with rotation 0
    Then the action is refused with reason "tile/no_lays_left"

  @id:ST-02-d @ruling:ST-02 @source:002
  Scenario: Two single-track tiles are the most: a third is refused
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V12 [78] ── V14 Swindon 10 [GWR] ── V16 Reading .
        W11 [71]
      V12: tile 78 rotation 4
      W11: tile 71 rotation 3
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    And "GWR" has laid single-track tiles on "V12" and "W11" this turn
    When "GWR" lays tile "74" on "V16" with rotation 1
    Then the action is refused with reason "tile/no_lays_left"

  @id:ST-02-e @ruling:ST-02 @source:002
  Scenario: After a normal tile, no single-track tile follows
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V12 [8, laid this turn] ── V14 Swindon 10 [GWR]
        W11 Bath & Trowbridge .
      V12: tile 8 rotation 4    -- normal track
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    And "GWR" has used its tile lay this turn
    When "GWR" lays tile "71" on "W11" with rotation 3
    Then the action is refused with reason "tile/no_lays_left"

  # ---- ST-03: half the terrain, the rest on upgrading ---------------------------------

  @id:ST-03-a @ruling:ST-03 @source:002
  Scenario: Single-track tile 78 on the mountain T8 costs $50
    Given an 18xx "1825" game with single track in phase "3"
    And "LNWR" is run by "P1" with $200 in treasury
    And "LNWR" owns a "3T" train
    And the board
      """
          S9 [8] ── S11 [9] ── S13 Birmingham [LNWR]
        T8 mountain $100        T16 Wolverton [LNWR]
      S13: token LNWR           -- Birmingham's west city, track to S11
      S11: tile 9 rotation 1
      S9: tile 8 rotation 4     -- down to the mountain
      T16: token LNWR           -- LNWR's home
      T14: tile 8 rotation 2    -- LNWR's track from Wolverton to Birmingham
      """
    And it is "LNWR"'s turn in the "track" step
    When "LNWR" lays tile "78" on "T8" with rotation 3
    Then the action is accepted
    And "LNWR" has $150 in treasury

  @id:ST-03-b @ruling:ST-03 @source:002
  Scenario: With $40 LNWR cannot pay the $50
    Given an 18xx "1825" game with single track in phase "3"
    And "LNWR" is run by "P1" with $40 in treasury
    And "LNWR" owns a "3T" train
    And the board
      """
          S9 [8] ── S11 [9] ── S13 Birmingham [LNWR]
        T8 mountain $100        T16 Wolverton [LNWR]
      S13: token LNWR
      S11: tile 9 rotation 1
      S9: tile 8 rotation 4
      T16: token LNWR
      T14: tile 8 rotation 2
      """
    And it is "LNWR"'s turn in the "track" step
    When "LNWR" lays tile "78" on "T8" with rotation 3
    Then the action is refused with reason "money/insufficient"

  @id:ST-03-c @ruling:ST-03 @source:002
  Scenario: Normal tile 8 on the same mountain costs the full $100
    Given an 18xx "1825" game with single track in phase "3"
    And "LNWR" is run by "P1" with $200 in treasury
    And "LNWR" owns a "3T" train
    And the board
      """
          S9 [8] ── S11 [9] ── S13 Birmingham [LNWR]
        T8 mountain $100        T16 Wolverton [LNWR]
      S13: token LNWR
      S11: tile 9 rotation 1
      S9: tile 8 rotation 4
      T16: token LNWR
      T14: tile 8 rotation 2
      """
    And it is "LNWR"'s turn in the "track" step
    When "LNWR" lays tile "8" on "T8" with rotation 3
    Then the action is accepted
    And "LNWR" has $100 in treasury

  @id:ST-03-d @ruling:ST-03 @source:002
  Scenario: Upgrading the single track on T8 to green 29 pays the other $50
    Given an 18xx "1825" game with single track in phase "3"
    And "LNWR" is run by "P1" with $200 in treasury
    And "LNWR" owns a "3T" train
    And the board
      """
          S9 [8] ── S11 [9] ── S13 Birmingham [LNWR]
        T8 [78 single]          T16 Wolverton [LNWR]
      S13: token LNWR
      S11: tile 9 rotation 1
      S9: tile 8 rotation 4
      T8: tile 78 rotation 3    -- laid for $50 in an earlier turn
      T16: token LNWR
      T14: tile 8 rotation 2
      """
    And it is "LNWR"'s turn in the "track" step
    When "LNWR" lays tile "29" on "T8" with rotation 3
    Then the action is accepted
    And "T8" holds tile "29"
    And "LNWR" has $150 in treasury

  @id:ST-03-e @ruling:ST-03 @source:002
  Scenario: Upgrading single track on a hex without terrain costs nothing
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And "GWR" owns a "3T" train
    And the board
      """
        V12 [78 single] ── V14 Swindon 10 [GWR]
      V12: tile 78 rotation 4
      V14: token GWR
      """
    And it is "GWR"'s turn in the "track" step
    When "GWR" lays tile "25" on "V12" with rotation 4
    Then the action is accepted
    And "GWR" has $100 in treasury
