"""Pictures of the Samba family (issue 11): a sequence runs in rank order and is marked as
one, each canasta kind has its own word and colour, two melds of one rank both show, and a
22-card hand after a pile take and a side with nine melds fit (engine views and samples)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from bot.engine import Game, variant
from bot.render import melds, panels, render_hand, render_table
from bot.render.samples import samba_view, sequence, wild_meld

from .conftest import decode

HAND_22 = "4h 5h 6h 7h 9h 10h jh qh kd kd kc ks ac ad as 8s 8c 8d 2c jk 5s 6s"
NINE_MELDS = ["4s 5s 6s 7s 8s 9s 10s", "jc qc kc ac", "2c 2d 2s jk jk 2h 2c", "kh kd ks kc 2d",
              "kh ks kc", "9c 9d 9s 9h 9c 9d 9h", "5d 6d 7d", "qh qd qs", "ah ad as 2s jk"]


def bolivia_position() -> Game:
    """Ana holds 22 cards after taking a pile; her side has nine melds of every kind."""
    return Game.from_position(
        variant("bolivia", 4), ["Ana", "Bo", "Cy", "Di"],
        hands={"Ana": HAND_22, "Bo": "4d", "Cy": "4c", "Di": "5c"},
        melds={0: NINE_MELDS, 1: ["10h jh qh kh ah", "7c 7d 7h"]},
        stock="4d 4d 5d 5d 6d 6d 7d 7d 8d 8d 9d 9d 10d 10d jd jd qd qd kd kd ad ad",
        discard="3c 8h 8h 6c 6c 6d", phase="play", turn="Ana", melded_players=["Ana", "Bo"])


def test_a_sequence_runs_low_to_high_and_its_canasta_shows_the_top_card() -> None:
    run = sequence("H", ("K", "9", "A", "10", "J", "Q", "8"), "samba")
    assert melds.meld_cards(run) == ["8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    assert melds.canasta_top(run) == "AH"
    assert melds.meld_cards(sequence("S", ("10", "4", "5"))) == ["4S", "5S", "10S"]
    assert melds.canasta_top(wild_meld(("2C", "2D", "JK", "2S", "2H", "2C", "2D"),
                                       "bolivia")) == "JK"


def test_every_kind_of_meld_has_its_own_ribbon_and_colour() -> None:
    kinds = {"natural": melds.NATURAL_INK, "mixed": melds.MIXED_INK,
             "samba": melds.SEQUENCE_INK, "escalera": melds.SEQUENCE_INK,
             "wild": melds.WILD_INK, "bolivia": melds.WILD_INK}
    for kind, ink in kinds.items():
        assert melds.RIBBONS[kind] == ink
    assert len({melds.NATURAL_INK, melds.MIXED_INK, melds.SEQUENCE_INK, melds.WILD_INK}) == 4
    assert melds.ribbon(sequence("D", ("5", "6", "7"))) == "sequence"
    assert melds.ribbon(wild_meld(("2C", "JK", "2D"))) == "wilds"
    assert melds.ribbon({"rank": "K", "kind": "set", "cards": ["KH"] * 3,
                         "canasta": None}) is None


def _ink_near(img: Image.Image, ink: tuple[int, int, int]) -> int:
    data = img.convert("RGB").tobytes()
    pixels = (data[i:i + 3] for i in range(0, len(data), 3))
    return sum(1 for px in pixels if all(abs(a - b) <= 6 for a, b in zip(px, ink, strict=True)))


@pytest.mark.parametrize(("meld", "ink"), [
    (sequence("S", ("4", "5", "6", "7", "8", "9", "10"), "escalera"), melds.SEQUENCE_INK),
    (sequence("D", ("5", "6", "7")), melds.SEQUENCE_INK),
    (wild_meld(("2C", "2D", "2S", "JK", "JK", "2H", "2C"), "bolivia"), melds.WILD_INK),
    (wild_meld(("2C", "2D", "JK")), melds.WILD_INK),
])
def test_the_ribbon_is_drawn_in_its_colour(meld: dict[str, Any],
                                           ink: tuple[int, int, int]) -> None:
    img = Image.new("RGBA", (melds.PITCH + 20, melds.block_height(meld) + 20), (20, 90, 50, 255))
    melds.draw_meld(img, meld, 10, 10)
    assert _ink_near(img, ink) > 60
    other = melds.WILD_INK if ink == melds.SEQUENCE_INK else melds.SEQUENCE_INK
    assert _ink_near(img, other) < 5


def test_nine_melds_two_of_kings_and_a_22_card_hand_from_a_real_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = bolivia_position()
    view = game.view("Ana")
    drawn: list[list[str]] = []
    real = melds.draw_meld

    def recording(img: Image.Image, meld: dict[str, Any], x: int, y: int, lang: str = "en"
                  ) -> None:
        drawn.append(melds.meld_cards(meld))
        real(img, meld, x, y, lang)

    monkeypatch.setattr(panels.melds, "draw_meld", recording)
    for lang in ("en", "ru"):
        drawn.clear()
        table = decode(render_table({**view, "language": lang}))
        assert table.size[0] <= 1280 and table.size[1] < 1600
        assert len(drawn) == 9 + 2  # every meld of both sides, both melds of kings
        kings = [cards for cards in drawn if cards and cards[0].startswith("K")]
        assert len(kings) == 2
        assert ["JC", "QC", "KC", "AC"] in drawn and ["5D", "6D", "7D"] in drawn
        hand = decode(render_hand({**view, "language": lang}))
        assert hand.size[0] < 1600 and hand.size[1] < 700  # 22 cards in two readable rows


def test_samples_of_a_samba_table_render_in_three_sizes() -> None:
    for players in (2, 4, 6):
        view = samba_view(players)
        assert decode(render_table(view)).size[0] <= 1280
        assert decode(render_hand(view)).size[0] < 1600
