Feature: 1870 the destination token: decided first, placed whatever the slots, or kept for $100
  Seed 004, 1870 rules sections 11.4 and 11.4.1. In its connection run the company
  first decides on its destination token, then runs its trains. The token exists
  only once the run is allowed: it goes on the destination (whatever the tokens
  already there, even in a spot kept for an unstarted company, which may still
  start there) or joins the charter as a $100 token. A token the company already
  has at its destination becomes the destination token, and the new one a $100
  token. Here: ``place_token`` on the destination places it, ``pass`` keeps it.
  The Cotton Belt (SSW: two charter tokens, $0 and $40) runs Memphis (H17) to Fort
  Worth (J3), the Fort Worth & Denver City's (FW) home.

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
          I4 ===== I6 ====== I8
         //
        J3 Fort Worth
      H17: tile 57 rotation 1, token SSW
      H15: tile 9 rotation 1
      H13: tile 57 rotation 1
      H11: tile 9 rotation 1
      H9: tile 8 rotation 4
      I8: tile 8 rotation 1
      I6: tile 9 rotation 1
      I4: tile 8 rotation 4
      J3: tile 57 rotation 0
      """
    And the operating order is "FW", "SSW"

  # ---- DS-10: the token decision first, then the trains ----------------------------------

  @id:DS-10-a @ruling:DS-10 @source:004
  Scenario: SSW may not run its trains before deciding on its destination token
    Given the board
      """
      J3: token FW
      """
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is refused with reason "connection/token_first"

  @id:DS-10-b @ruling:DS-10 @source:004
  Scenario: Placing the destination token leads to the run
    Given the board
      """
      J3: token FW
      """
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" places a token on "J3"
    Then the action is accepted
    And "SSW" runs to its destination next

  @id:DS-10-c @ruling:DS-10 @source:004
  Scenario: Keeping the destination token also leads to the run
    Given the board
      """
      J3: token FW
      """
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" passes
    Then the action is accepted
    And "SSW" runs to its destination next
    And "SSW" kept its destination token as a $100 token
    And "SSW" has 2 tokens left

  # ---- DS-11: a new token, on the destination or on the charter at $100 -------------------

  @id:DS-11-a @ruling:DS-11 @source:004
  Scenario: The destination token is a new token: SSW's charter token stays unused
    Given the board
      """
      J3: token FW
      """
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" places a token on "J3"
    Then the action is accepted
    And "SSW" has a token on "J3"
    And "SSW" has 1 tokens left

  @id:DS-11-b @ruling:DS-11 @source:004
  Scenario: The destination token goes on the destination or nowhere on the map
    Given it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" places a token on "H13"
    Then the action is refused with reason "connection/not_destination"

  @id:DS-11-c @ruling:DS-11 @source:004
  Scenario: The kept token costs $100 when SSW places it later
    Given the board
      """
      H13: token SSW                              -- SSW's $40 charter token
      J3: tile 14 rotation 0, token FW            -- green Fort Worth, one slot free
      """
    And "SSW" has made its connection run and kept the destination token as a $100 token
    And it is "SSW"'s turn in the "token" step
    When "SSW" places a token on "J3"
    Then the action is accepted
    And "SSW" has $400 in treasury

  # ---- DS-12: whatever the free slots, reserved home spots included ---------------------

  @id:DS-12-a @ruling:DS-12 @source:004
  Scenario: Fort Worth's one slot holds FW's home token: SSW's destination token goes in anyway
    Given the board
      """
      J3: token FW
      """
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" places a token on "J3"
    Then the action is accepted
    And "SSW" has a token on "J3"
    And "FW" has a token on "J3"

  @id:DS-12-b @ruling:DS-12 @source:004
  Scenario: FW has not started; SSW's destination token took its spot; FW still starts there
    Given the board
      """
      J3: destination token SSW
      """
    And the operating order is "SSW", "FW"
    And it is "FW"'s turn in the "home" step
    When "FW" places a token on "J3"
    Then the action is accepted
    And "FW" has a token on "J3"

  @id:DS-12-c @ruling:DS-12 @source:004
  Scenario: The spot SSW's destination token took is not free for another company's token
    Given the board
      """
                 I4
                //
        J3 Fort Worth ====== J5 Dallas [TP]
      J3: tile 5 rotation 3, destination token SSW   -- in the spot kept for FW
      J5: tile 57 rotation 1, token TP
      """
    And the operating order is "TP", "FW"
    And it is "TP"'s turn in the "token" step
    When "TP" places a token on "J3"
    Then the action is refused with reason "token/city_full"

  # ---- DS-13: a token already at the destination is promoted -----------------------------

  @id:DS-13-a @ruling:DS-13 @source:004
  Scenario: SSW's token already in Fort Worth becomes its destination token
    Given the board
      """
      J3: tile 14 rotation 0, token FW, token SSW
      """
    And it is "SSW"'s connection run in the "connection_token" step, after "FW"'s turn
    When "SSW" places a token on "J3"
    Then the action is accepted
    And "SSW" has its destination token on its destination
    And "SSW" has 1 tokens on "J3"
    And "SSW" has 1 tokens left

  @id:DS-13-b @ruling:DS-13 @source:004
  Scenario: The token the promotion freed is a $100 token
    Given the board
      """
      J3: tile 14 rotation 0, token FW, token SSW
      """
    And "SSW" made its token on its destination the destination token and took a $100 token
    And it is "SSW"'s turn in the "token" step
    When "SSW" places a token on "H13"
    Then the action is accepted
    And "SSW" has $400 in treasury

  @id:DS-13-c @ruling:DS-13 @source:004
  Scenario: The promoted token doubles Fort Worth like a placed one
    Given the board
      """
      J3: tile 14 rotation 0, token FW, token SSW
      """
    And "SSW" made its token on its destination the destination token and took a $100 token
    And it is "SSW"'s turn in the "route" step
    When "SSW" runs its trains
      """
      3: H17 H15 H13* H11 H9 I8 I6 I4 J3
      """
    Then the action is accepted
    And the run earns $100
