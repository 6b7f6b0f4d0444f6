Feature: 1825 single track: which trains run on it, and what its stations and halts pay
  Seed 002 (the single-track tiles variant, v1.1). Only T trains (3T, 4T) run on
  single-track tiles; optionally U trains too (ST-04). Small stations on single-track
  tiles pay but use none of the train's stops (ST-05), and a train on tile 71 calls at
  both of its stations (ST-06). With single track in play, halts (green tile 11) pay
  T trains without using a stop; optionally U trains too (ST-11).
  The boards are Unit 1 of 1825 around Swindon (V14, GWR's home, 10) and Bristol
  (V10, 30): V12 lies between them, Bath & Trowbridge (W11) to the south, Reading
  (V16) and London (V20) to the east.

  Background:
    Given an 18xx "1825" game with single track in phase "3"
    And "GWR" is run by "P1" with $100 in treasury
    And the bank has 4 "5" trains left

  # ---- ST-04: only T trains on single track ----------------------------------------

  @id:ST-04-a @ruling:ST-04 @source:002 @open @option:u_trains_on_single_track=no
  Scenario: A 3T runs from Bristol to Swindon over single-track tile 79
    Given "GWR" owns a "3T" train
    And the board
      """
        V10 Bristol 30 ── V12 [79 single] ── V14 Swindon 10 [GWR]
      V12: tile 79 rotation 1   -- single track from Bristol's side to Swindon's
      V14: token GWR
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V10.s0 V12.e1 V12.e4 V14.s0"
    Then the action is accepted
    And the run earns $40

  @id:ST-04-b @ruling:ST-04 @source:002 @open @option:u_trains_on_single_track=no
  Scenario: A 5 train does not run on single track
    Given "GWR" owns a "5" train
    And the board
      """
        V10 Bristol 30 ── V12 [79 single] ── V14 Swindon 10 [GWR]
      V12: tile 79 rotation 1
      V14: token GWR
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "5" train over "V10.s0 V12.e1 V12.e4 V14.s0"
    Then the action is refused with reason "route/single_track"

  @id:ST-04-c @ruling:ST-04 @source:002 @open @option:u_trains_on_single_track=no
  Scenario: A U3 does not run on single track when the option is off
    Given "GWR" owns a "U3" train
    And the board
      """
        V10 Bristol 30 ── V12 [79 single] ── V14 Swindon 10 [GWR]
      V12: tile 79 rotation 1
      V14: token GWR
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "U3" train over "V10.s0 V12.e1 V12.e4 V14.s0"
    Then the action is refused with reason "route/single_track"

  @id:ST-04-d @ruling:ST-04 @source:002 @open @option:u_trains_on_single_track=yes
  Scenario: With the option, a U3 runs on single track
    Given the option "u_trains_on_single_track" is "yes"
    And "GWR" owns a "U3" train
    And the board
      """
        V10 Bristol 30 ── V12 [79 single] ── V14 Swindon 10 [GWR]
      V12: tile 79 rotation 1
      V14: token GWR
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "U3" train over "V10.s0 V12.e1 V12.e4 V14.s0"
    Then the action is accepted
    And the run earns $40

  @id:ST-04-e @ruling:ST-04 @source:002 @open @option:u_trains_on_single_track=no
  Scenario: The same 5 train runs the same way over normal track
    Given "GWR" owns a "5" train
    And the board
      """
        V10 Bristol 30 ── V12 [9 normal] ── V14 Swindon 10 [GWR]
      V12: tile 9 rotation 1
      V14: token GWR
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "5" train over "V10.s0 V12.e1 V12.e4 V14.s0"
    Then the action is accepted
    And the run earns $40

  # ---- ST-05: stations on single track pay and use no stop ---------------------------

  @id:ST-05-a @ruling:ST-05 @source:002
  Scenario: A 3T calls at Bristol, Swindon, Reading on single track and London: four stations
    Given "GWR" owns a "3T" train
    And the board
      """
        V10 Bristol 30 ─ V12 [79] ─ V14 Swindon 10 [GWR] ─ V16 Reading [74 single] ─ V18 [9] ─ V20 London 50
      V12: tile 79 rotation 1
      V14: token GWR
      V16: tile 74 rotation 1   -- Reading's station on single track: 10, no stop used
      V18: tile 9 rotation 1
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V10.s0 V12.e1 V12.e4 V14.s0 V16.e1 V16.s0 V16.e4 V18.e4 V20.s1"
    Then the action is accepted
    And the run earns $100

  @id:ST-05-b @ruling:ST-05 @source:002
  Scenario: A station on normal track still uses one of the 3T's stops
    Given "GWR" owns a "3T" train
    And the board
      """
        V10 Bristol 30 ─ V12 [79] ─ V14 Swindon 10 [GWR] ─ V16 Reading [4 normal] ─ V18 [9] ─ V20 London 50
      V12: tile 79 rotation 1
      V14: token GWR
      V16: tile 4 rotation 1    -- Reading on normal track: a stop like any other
      V18: tile 9 rotation 1
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V10.s0 V12.e1 V12.e4 V14.s0 V16.e1 V16.s0 V16.e4 V18.e4 V20.s1"
    Then the action is refused with reason "route/too_long"

  @id:ST-05-c @ruling:ST-05 @source:002
  Scenario: Ending at a single-track station: it pays and the route has its two stops
    Given "GWR" owns a "3T" train
    And the board
      """
        V14 Swindon 10 [GWR] ─ V16 Reading [74 single]
      V14: token GWR
      V16: tile 74 rotation 1
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V14.s0 V16.e1 V16.s0"
    Then the action is accepted
    And the run earns $20

  # ---- ST-06: both stations of tile 71 -------------------------------------------------

  @id:ST-06-a @ruling:ST-06 @source:002
  Scenario: A 3T calls at Bath and at Trowbridge on tile 71, both paid
    Given "GWR" owns a "3T" train
    And the board
      """
                      V10 Bristol 30 ── V12 [78] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [71]
      V12: tile 78 rotation 4   -- single track from Swindon's side down to W11
      V14: token GWR
      W11: tile 71 rotation 3   -- two stations in a row, to W9 and on to Bristol
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V14.s0 V12.e4 V12.e0 W11.s0 W11.s1 W11.e1 W9.e3 V10.s0"
    Then the action is accepted
    And the run earns $60

  @id:ST-06-b @ruling:ST-06 @source:002 @ruling:ST-04 @open @option:u_trains_on_single_track=yes
  Scenario: A U3, allowed on single track by the option, calls at both stations of 71 too
    Given the option "u_trains_on_single_track" is "yes"
    And "GWR" owns a "U3" train
    And the board
      """
                      V10 Bristol 30 ── V12 [78] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [71]
      V12: tile 78 rotation 4
      V14: token GWR
      W11: tile 71 rotation 3
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "U3" train over "V14.s0 V12.e4 V12.e0 W11.s0 W11.s1 W11.e1 W9.e3 V10.s0"
    Then the action is accepted
    And the run earns $60

  @id:ST-06-c @ruling:ST-06 @source:002
  Scenario: A 3T may stop at the first station of 71: only that one pays
    Given "GWR" owns a "3T" train
    And the board
      """
        V12 [78] ── V14 Swindon 10 [GWR]
        W11 Bath & Trowbridge [71]
      V12: tile 78 rotation 4
      V14: token GWR
      W11: tile 71 rotation 3
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V14.s0 V12.e4 V12.e0 W11.s0"
    Then the action is accepted
    And the run earns $20

  @id:ST-06-d @ruling:ST-06 @source:002 @ruling:ST-04 @open @option:u_trains_on_single_track=no
  Scenario: A 4 train does not reach tile 71's stations
    Given "GWR" owns a "4" train
    And the board
      """
                      V10 Bristol 30 ── V12 [78] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [71]
      V12: tile 8 rotation 4    -- normal track to W11
      V14: token GWR
      W11: tile 71 rotation 3
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "4" train over "V14.s0 V12.e4 V12.e0 W11.s0 W11.s1 W11.e1 W9.e3 V10.s0"
    Then the action is refused with reason "route/single_track"

  # ---- ST-11: halts ---------------------------------------------------------------------

  @id:ST-11-a @ruling:ST-11 @source:002 @open @option:u_trains_at_halts=no
  Scenario: A 3T earns from the halt on V12 without using a stop
    Given "GWR" owns a "3T" train
    And the board
      """
                      V10 Bristol 30 ── V12 [11 halt] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [1]
      V12: tile 11 rotation 2   -- the halt sits on the curve from Swindon's side to W11
      V14: token GWR
      W11: tile 1 rotation 0    -- Bath on the way to W9 and Bristol
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3T" train over "V14.s0 V12.e4 V12.s0 V12.e0 W11.s0 W11.e1 W9.e3 V10.s0"
    Then the action is accepted
    And the run earns $60

  @id:ST-11-b @ruling:ST-11 @source:002 @open @option:u_trains_at_halts=no
  Scenario: A 3 train passes the halt: no pay, no stop
    Given "GWR" owns a "3" train
    And the board
      """
                      V10 Bristol 30 ── V12 [11 halt] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [1]
      V12: tile 11 rotation 2
      V14: token GWR
      W11: tile 1 rotation 0
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "3" train over "V14.s0 V12.e4 V12.s0 V12.e0 W11.s0 W11.e1 W9.e3 V10.s0"
    Then the action is accepted
    And the run earns $50

  @id:ST-11-c @ruling:ST-11 @source:002 @open @option:u_trains_at_halts=no
  Scenario: Without the option a U3 passes the halt unpaid
    Given "GWR" owns a "U3" train
    And the board
      """
                      V10 Bristol 30 ── V12 [11 halt] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [1]
      V12: tile 11 rotation 2
      V14: token GWR
      W11: tile 1 rotation 0
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "U3" train over "V14.s0 V12.e4 V12.s0 V12.e0 W11.s0 W11.e1 W9.e3 V10.s0"
    Then the action is accepted
    And the run earns $50

  @id:ST-11-d @ruling:ST-11 @source:002 @open @option:u_trains_at_halts=yes
  Scenario: With the option the halt pays a U3 too
    Given the option "u_trains_at_halts" is "yes"
    And "GWR" owns a "U3" train
    And the board
      """
                      V10 Bristol 30 ── V12 [11 halt] ── V14 Swindon 10 [GWR]
        W9 (gray track) ── W11 Bath & Trowbridge [1]
      V12: tile 11 rotation 2
      V14: token GWR
      W11: tile 1 rotation 0
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "U3" train over "V14.s0 V12.e4 V12.s0 V12.e0 W11.s0 W11.e1 W9.e3 V10.s0"
    Then the action is accepted
    And the run earns $60

  @id:ST-11-e @ruling:ST-11 @source:002 @open @option:u_trains_at_halts=no
  Scenario: For a 4 train the halt is no stop: Swindon and the halt are not a route
    Given "GWR" owns a "4" train
    And the board
      """
        V12 [11 halt] ── V14 Swindon 10 [GWR]
      V12: tile 11 rotation 2
      V14: token GWR
      """
    And it is "GWR"'s turn in the "route" step
    When "GWR" runs its "4" train over "V14.s0 V12.e4 V12.s0"
    Then the action is refused with reason "route/too_few_stops"
