"""The samba family's Style judges the next player's take by Samba's law of the pile (B.2):
a natural pair, or the top card alone on a meld of its rank that is not yet a canasta; a
natural with a wild card never takes it. Normal keeps the common model."""

from __future__ import annotations

from bot.ai.discarding import discard_order, take_chance
from bot.ai.knowledge import parse_cards
from bot.ai.style import NORMAL, SAMBA
from bot.ai.table import Table, read_table
from bot.engine import variant

from .helpers import position

CANASTA = "kh kd ks kc kh kd ks"


def samba_table(opponents: list[str], pile_top: str = "9c") -> Table:
    # ann to play; bob (the next player, an opponent) holds 13 unseen cards
    game = position(rules=variant("samba"), hands={
        "ann": "8h 8d 5s 6c jd qs 4d", "bob": "9d " * 12 + "9h",
        "cat": "4c " * 13, "dan": "4c " * 13}, discard=f"4h 5h {pile_top}",
        melds={0: ["th td ts"], 1: opponents}, phase="play", melded_players=["ann", "bob"])
    return read_table(game.view("ann"))


def test_a_natural_and_a_wild_card_do_not_take_a_samba_pile() -> None:
    t = samba_table(["ah ad as"])
    assert take_chance(t, "bob", "5", SAMBA) < take_chance(t, "bob", "5", NORMAL)


def test_the_top_card_alone_goes_only_on_a_meld_that_is_not_yet_a_canasta() -> None:
    short = samba_table(["qh qd qc"])
    assert take_chance(short, "bob", "Q", SAMBA) == 1.0
    done = samba_table([CANASTA])
    assert take_chance(done, "bob", "K", NORMAL) == 1.0
    assert take_chance(done, "bob", "K", SAMBA) < 1.0


def test_discarding_on_the_next_sides_canasta_costs_no_lay_off() -> None:
    t = samba_table([CANASTA, "qh qd qc"])
    hand = t.hand + parse_cards(["kh", "qh"])
    normal = {c.rank: cost for cost, c in discard_order(t, hand, NORMAL)}
    samba = {c.rank: cost for cost, c in discard_order(t, hand, SAMBA)}
    assert normal["K"] > 1000 and samba["K"] < 1000     # a canasta takes no single card
    assert normal["Q"] > 1000 and samba["Q"] > 1000     # a meld of three does

