Feature: 1825 single track: the extra minor companies
  Seed 002 (the single-track tiles variant, v1.1) adds minors, each starting in its
  home with a T train: Hull & Barnsley (Unit 2, Hull N18, 3T), Manchester & Milford
  (R1, Milford Haven U1, 4T), South Devon & Tavistock (R2, Devonport & Plymouth Z4,
  3T), Callander & Oban (Unit 3, Oban E1, 3T); and the Cambrian Railways run a 3T
  where they had a U3 (ST-13). Their homes are the kit hexes the board models.

  Background:
    Given an 18xx "1825" game with single track in phase "3"

  @id:ST-13-a @ruling:ST-13 @source:002
  Scenario: Hull & Barnsley places its home token on Hull and runs a 3T
    Given the board
      """
        N18 Hull (water $40)
      """
    And "HB" is run by "P1" with $0 in treasury
    And it is "HB"'s turn in the "home" step
    When "HB" places a token on "N18"
    Then the action is accepted
    And "HB" has a token on "N18"
    And "HB" owns a "3T" train

  @id:ST-13-b @ruling:ST-13 @source:002
  Scenario: Hull & Barnsley's home is Hull, not Milford Haven
    Given the board
      """
        N18 Hull        U1 Milford Haven (gray, 10)
      """
    And "HB" is run by "P1" with $0 in treasury
    And it is "HB"'s turn in the "home" step
    When "HB" places a token on "U1"
    Then the action is refused with reason "token/not_home"

  @id:ST-13-c @ruling:ST-13 @source:002
  Scenario: Manchester & Milford starts in Milford Haven with a 4T
    Given the board
      """
        U1 Milford Haven (gray, 10)
      """
    And "MM" is run by "P1" with $0 in treasury
    And it is "MM"'s turn in the "home" step
    When "MM" places a token on "U1"
    Then the action is accepted
    And "MM" has a token on "U1"
    And "MM" owns a "4T" train

  @id:ST-13-d @ruling:ST-13 @source:002
  Scenario: South Devon & Tavistock picks a city of Devonport & Plymouth, with a 3T
    Given the board
      """
        Z4 Devonport & Plymouth (yellow, two cities)
      """
    And "SDT" is run by "P1" with $0 in treasury
    And it is "SDT"'s turn in the "home" step
    When "SDT" places a token on "Z4" city 1
    Then the action is accepted
    And "SDT" has a token on "Z4" city 1
    And "SDT" owns a "3T" train

  @id:ST-13-e @ruling:ST-13 @source:002
  Scenario: Callander & Oban starts in Oban with a 3T
    Given the board
      """
        E1 Oban (gray, 20)
      """
    And "CO" is run by "P1" with $0 in treasury
    And it is "CO"'s turn in the "home" step
    When "CO" places a token on "E1"
    Then the action is accepted
    And "CO" owns a "3T" train

  @id:ST-13-f @ruling:ST-13 @source:002
  Scenario: The Cambrian runs a 3T, not a U3
    Given "CAM" is run by "P1" with $0 in treasury
    And it is "CAM"'s turn in the "track" step
    When "CAM" passes
    Then the action is accepted
    And "CAM" owns a "3T" train
    And "CAM" owns no "U3" train
