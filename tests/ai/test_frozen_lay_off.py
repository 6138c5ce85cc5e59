"""Classic's Style knows that a discard alone cannot take a frozen pile (A.7): a card of a
rank the next side has melded costs the lay-off (1 000 points, "only if nothing else is
safe") only where the pile is not frozen for that side. Normal keeps the old model."""

from __future__ import annotations

from bot.ai.discarding import discard_order
from bot.ai.knowledge import parse_cards
from bot.ai.style import CLASSIC, NORMAL
from bot.ai.table import Table, read_table
from bot.engine import Discard

from .helpers import choose, hands, position


def classic_table(pile: str) -> Table:
    # ann to play; bob (the next player, an opponent) has melded kings
    game = position(hands=hands("8h 8d 5s 6c jd qs 4d"), discard=pile,
                    melds={0: ["th td ts"], 1: ["kh kd ks"]}, phase="play")
    return read_table(game.view("ann"))


def costs(t: Table, style: object) -> dict[str, float]:
    hand = t.hand + parse_cards(["kc"])
    return {c.rank: cost for cost, c in discard_order(t, hand, style)}  # type: ignore[arg-type]


def test_a_king_on_a_frozen_pile_costs_no_lay_off() -> None:
    frozen = classic_table("4h 2c 5h 9c")     # a wild card in the pile: frozen for all
    assert costs(frozen, NORMAL)["K"] > 1000
    assert costs(frozen, CLASSIC)["K"] < 1000


def test_a_king_on_an_unfrozen_pile_still_costs_the_lay_off() -> None:
    open_pile = classic_table("4h 5h 9c")
    assert costs(open_pile, NORMAL)["K"] > 1000
    assert costs(open_pile, CLASSIC)["K"] > 1000


def test_the_hard_levels_style_discards_the_king_on_a_frozen_pile() -> None:
    # every other card is a pair or a card the next player could take the pile with
    game = position(hands=hands("kc 9h 9d 7h 7d"), discard="4h 2c 5h 9c 7s 7c",
                    melds={1: ["kh kd ks"]}, phase="play")
    assert choose(game, "ann", style=CLASSIC) == Discard("KC")
    assert choose(game, "ann", "normal") != Discard("KC")
