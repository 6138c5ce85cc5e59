"""Going-out lines that need their wild cards spread another way than the first: where
going out needs a mixed canasta more, a natural canasta may have to take the wild card
(Hand and Foot at two: 1 natural and 2 mixed canastas)."""
from __future__ import annotations

from bot.engine.going_out_judge import respreadings
from bot.engine.variants import variant

from .brute import check_position
from .test_completeness import build


def test_hand_and_foot_going_out_by_spoiling_a_natural_canasta() -> None:
    """Hand 9S 2C, melds of nines (mixed), fours and tens (natural). Melding 2C on the
    fours (now mixed) and 9S on the nines goes out; the first spreading puts spare wild
    cards on natural canastas last, so that line was missing. Found by the completeness
    test's random positions (seed 33559)."""
    game = build("hand_and_foot 2p", "play", 2, 3, -100, 33559, 2)
    check_position(game, game.turn, "hand_and_foot 2p")


def test_the_other_spreadings_follow_the_kinds_going_out_needs() -> None:
    assert respreadings(variant("classic", 4)) == ()
    assert respreadings(variant("hand_and_foot", 2)) == ("keep", "spoil")
    assert respreadings(variant("pennies", 6)) == ("keep", "spoil")
