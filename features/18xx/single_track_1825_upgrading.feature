Feature: 1825 single track: upgrading it, tracing through it, halts
  Seed 002 (the single-track tiles variant, v1.1). To upgrade a single-track tile a
  company reaches some of the new tile's new track with one of its trains (ST-07).
  A company without a T train may upgrade single track, but may not trace through
  single track to reach the tile it upgrades, a station tile or another single-track
  tile (ST-08); it may trace through single track to lay a tile, or to upgrade a tile
  that needs no train to reach it (ST-09). Only a company with a T train upgrades a
  yellow tile to a halt, green tile 11 (ST-10); single-track tile 73 may become a halt,
  the halt where its station was (ST-12).
  The boards are Unit 1 of 1825 around Swindon (V14, GWR's home): V12 and Gloucester
  (U11) to its west, U13 and T12 to its north, Reading (V16) to its east.

  Background:
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And it is "GWR"'s turn in the "track" step

  # ---- ST-07: reach new track with a train ----------------------------------------------

  @id:ST-07-a @ruling:ST-07 @source:002
  Scenario: GWR's 5 train reaches V12 from Swindon: the single track becomes green 25
    Given "GWR" owns a "5" train
    And the board
      """
        V12 [78 single] ── V14 Swindon 10 [GWR]
      V12: tile 78 rotation 4   -- single track from Swindon's side down to W11
      V14: token GWR
      """
    When "GWR" lays tile "25" on "V12" with rotation 4
    Then the action is accepted
    And "V12" holds tile "25"

  @id:ST-07-b @ruling:ST-07 @source:002
  Scenario: A company without a train reaches nothing with a train
    Given "GWR" owns no train
    And the board
      """
        V12 [78 single] ── V14 Swindon 10 [GWR]
      V12: tile 78 rotation 4
      V14: token GWR
      """
    When "GWR" lays tile "25" on "V12" with rotation 4
    Then the action is refused with reason "tile/not_reached"

  @id:ST-07-c @ruling:ST-07 @source:002
  Scenario: A company whose trains cannot get to the tile does not upgrade it
    Given "LSWR" is run by "P2" with $100 in treasury
    And "LSWR" owns a "5" train
    And it is "LSWR"'s turn in the "track" step
    And the board
      """
        V12 [78 single] ── V14 Swindon 10 [GWR] ·· V20 London [LSWR]
      V12: tile 78 rotation 4
      V14: token GWR
      V20: token LSWR           -- LSWR's home, no track towards Swindon
      """
    When "LSWR" lays tile "25" on "V12" with rotation 4
    Then the action is refused with reason "tile/not_reached"

  # ---- ST-08: no tracing through single track without a T train ------------------------

  @id:ST-08-a @ruling:ST-08 @source:002
  Scenario: Without a T train, GWR reaches T12 only through the single track on U13
    Given "GWR" owns a "5" train
    And the board
      """
        T12 [78 single]
            U13 [79 single]
                V14 Swindon 10 [GWR]
      U13: tile 79 rotation 2   -- single track from Swindon's side to T12
      T12: tile 78 rotation 5   -- single track on to T10
      V14: token GWR
      """
    When "GWR" lays tile "25" on "T12" with rotation 5
    Then the action is refused with reason "tile/not_reached"

  @id:ST-08-b @ruling:ST-08 @source:002
  Scenario: With a 3T, GWR traces through U13 and upgrades T12
    Given "GWR" owns a "3T" train
    And the board
      """
        T12 [78 single]
            U13 [79 single]
                V14 Swindon 10 [GWR]
      U13: tile 79 rotation 2
      T12: tile 78 rotation 5
      V14: token GWR
      """
    When "GWR" lays tile "25" on "T12" with rotation 5
    Then the action is accepted
    And "T12" holds tile "25"

  @id:ST-08-c @ruling:ST-08 @source:002
  Scenario: Without a T train, GWR upgrades the single track next to Swindon
    Given "GWR" owns a "5" train
    And the board
      """
        T12 [78 single]
            U13 [79 single]
                V14 Swindon 10 [GWR]
      U13: tile 79 rotation 2
      T12: tile 78 rotation 5
      V14: token GWR
      """
    When "GWR" lays tile "23" on "U13" with rotation 2
    Then the action is accepted
    And "U13" holds tile "23"

  @id:ST-08-d @ruling:ST-08 @source:002
  Scenario: Without a T train, no tracing through single track to Gloucester's station tile
    Given "GWR" owns a "5" train
    And the board
      """
        U11 Gloucester [4]
              V12 [78 single] ── V14 Swindon 10 [GWR]
      V12: tile 78 rotation 2   -- single track from Swindon's side up to Gloucester
      U11: tile 4 rotation 5    -- normal track through Gloucester
      V14: token GWR
      """
    When "GWR" lays tile "87" on "U11" with rotation 2
    Then the action is refused with reason "tile/not_reached"

  @id:ST-08-e @ruling:ST-08 @source:002
  Scenario: With a 3T the same upgrade of Gloucester is allowed
    Given "GWR" owns a "3T" train
    And the board
      """
        U11 Gloucester [4]
              V12 [78 single] ── V14 Swindon 10 [GWR]
      V12: tile 78 rotation 2
      U11: tile 4 rotation 5
      V14: token GWR
      """
    When "GWR" lays tile "87" on "U11" with rotation 2
    Then the action is accepted
    And "U11" holds tile "87"

  # ---- ST-09: tracing through single track to lay, or to upgrade plain track -------------

  @id:ST-09-a @ruling:ST-09 @source:002
  Scenario: Without a T train, GWR lays a new tile on T12 past the single track on U13
    Given "GWR" owns a "5" train
    And the board
      """
        T12 .
            U13 [79 single]
                V14 Swindon 10 [GWR]
      U13: tile 79 rotation 2
      V14: token GWR
      """
    When "GWR" lays tile "9" on "T12" with rotation 2
    Then the action is accepted
    And "T12" holds tile "9"

  @id:ST-09-b @ruling:ST-09 @source:002
  Scenario: Without a T train, GWR upgrades plain normal track on T12 past the single track
    Given "GWR" owns a "5" train
    And the board
      """
        T12 [8 normal]
            U13 [79 single]
                V14 Swindon 10 [GWR]
      U13: tile 79 rotation 2
      T12: tile 8 rotation 5
      V14: token GWR
      """
    When "GWR" lays tile "25" on "T12" with rotation 5
    Then the action is accepted
    And "T12" holds tile "25"

  @id:ST-09-c @ruling:ST-09 @ruling:ST-08 @source:002
  Scenario: The freedom stops at station tiles: Gloucester needs a train's reach
    Given "GWR" owns a "4" train
    And the board
      """
        U11 Gloucester [4]
              V12 [78 single] ── V14 Swindon 10 [GWR]
      V12: tile 78 rotation 2
      U11: tile 4 rotation 5
      V14: token GWR
      """
    When "GWR" lays tile "88" on "U11" with rotation 1
    Then the action is refused with reason "tile/not_reached"

  # ---- ST-10: halts for T-train owners ---------------------------------------------------

  @id:ST-10-a @ruling:ST-10 @source:002
  Scenario: GWR, owning a 3T, upgrades yellow 8 on V12 to halt tile 11
    Given "GWR" owns a "3T" train
    And the board
      """
        V12 [8] ── V14 Swindon 10 [GWR]
      V12: tile 8 rotation 4
      V14: token GWR
      """
    When "GWR" lays tile "11" on "V12" with rotation 4
    Then the action is accepted
    And "V12" holds tile "11"

  @id:ST-10-b @ruling:ST-10 @source:002
  Scenario: GWR, owning only a 5 train, lays no halt
    Given "GWR" owns a "5" train
    And the board
      """
        V12 [8] ── V14 Swindon 10 [GWR]
      V12: tile 8 rotation 4
      V14: token GWR
      """
    When "GWR" lays tile "11" on "V12" with rotation 4
    Then the action is refused with reason "tile/needs_t_train"

  @id:ST-10-c @ruling:ST-10 @source:002
  Scenario: A U3 is no T train: no halt for its owner
    Given "GWR" owns a "U3" train
    And the board
      """
        V12 [8] ── V14 Swindon 10 [GWR]
      V12: tile 8 rotation 4
      V14: token GWR
      """
    When "GWR" lays tile "11" on "V12" with rotation 4
    Then the action is refused with reason "tile/needs_t_train"

  @id:ST-10-d @ruling:ST-10 @source:002
  Scenario: A halt upgrades yellow track: not an empty hex
    Given "GWR" owns a "3T" train
    And the board
      """
        V12 . ── V14 Swindon 10 [GWR]
      V14: token GWR
      """
    When "GWR" lays tile "11" on "V12" with rotation 4
    Then the action is refused with reason "tile/wrong_colour"

  @id:ST-10-e @ruling:ST-10 @source:002
  Scenario: The halt tile keeps the yellow track: rotation 1 drops it
    Given "GWR" owns a "3T" train
    And the board
      """
        V12 [8] ── V14 Swindon 10 [GWR]
      V12: tile 8 rotation 4
      V14: token GWR
      """
    When "GWR" lays tile "11" on "V12" with rotation 1
    Then the action is refused with reason "tile/track_not_kept"

  # ---- ST-12: tile 73 to a halt ------------------------------------------------------------

  @id:ST-12-a @ruling:ST-12 @source:002
  Scenario: Reading's single-track 73 becomes a halt where its station was
    Given "GWR" owns a "3T" train
    And the board
      """
        V14 Swindon 10 [GWR] ── V16 Reading [73 single]
      V14: token GWR
      V16: tile 73 rotation 1   -- the station on the curve from Swindon's side
      """
    When "GWR" lays tile "11" on "V16" with rotation 5
    Then the action is accepted
    And "V16" holds tile "11"
    And the supply holds 0 of tile "11"
    And the supply holds 3 of tile "73"

  @id:ST-12-b @ruling:ST-12 @source:002
  Scenario: The halt goes where the station was, not on another curve
    Given "GWR" owns a "3T" train
    And the board
      """
        V14 Swindon 10 [GWR] ── V16 Reading [73 single]
      V14: token GWR
      V16: tile 73 rotation 1
      """
    When "GWR" lays tile "11" on "V16" with rotation 1
    Then the action is refused with reason "tile/track_not_kept"

  @id:ST-12-c @ruling:ST-12 @source:002
  Scenario: Single-track 74 is not 73: its station does not become a halt
    Given "GWR" owns a "3T" train
    And the board
      """
        V14 Swindon 10 [GWR] ── V16 Reading [74 single]
      V14: token GWR
      V16: tile 74 rotation 1
      """
    When "GWR" lays tile "11" on "V16" with rotation 5
    Then the action is refused with reason "tile/stops_mismatch"

  @id:ST-12-d @ruling:ST-12 @source:002
  Scenario: Normal town tile 4 does not become a halt
    Given "GWR" owns a "3T" train
    And the board
      """
        V14 Swindon 10 [GWR] ── V16 Reading [4]
      V14: token GWR
      V16: tile 4 rotation 1
      """
    When "GWR" lays tile "11" on "V16" with rotation 5
    Then the action is refused with reason "tile/stops_mismatch"

  @id:ST-12-e @ruling:ST-12 @source:002
  Scenario: 73 may still become the green town tile 87 instead
    Given "GWR" owns a "3T" train
    And the board
      """
        V14 Swindon 10 [GWR] ── V16 Reading [73 single]
      V14: token GWR
      V16: tile 73 rotation 1
      """
    When "GWR" lays tile "87" on "V16" with rotation 0
    Then the action is accepted
    And "V16" holds tile "87"
