"""The card art: every face drawn, all different, our script reproduces the committed files."""

from __future__ import annotations

import hashlib

import pytest
from PIL import Image

from bot.render import assets, cards
from bot.render.notation import BACK, RANKS, SUITS, all_faces, parse

FACES = all_faces()


def test_every_face_and_the_back_exist() -> None:
    assert len(FACES) == 53  # 13 ranks x 4 suits + the joker
    assert {f"{r}{s}" for r in RANKS for s in SUITS} <= set(FACES)
    for code in [*FACES, BACK]:
        path = assets.card_file(code)
        assert path.exists(), f"missing {path}"
        with Image.open(path) as img:
            assert img.size == (cards.W, cards.H)
            assert img.mode == "RGBA"


def test_every_face_differs_from_every_other() -> None:
    digests = {}
    for code in [*FACES, BACK]:
        digest = hashlib.sha256(assets.card_master(code).tobytes()).hexdigest()
        assert digest not in digests, f"{code} looks exactly like {digests.get(digest)}"
        digests[digest] = code


@pytest.mark.parametrize("code", ["7H", "10C", "QS", "AD", "JK"])
def test_art_script_reproduces_the_committed_files(code: str) -> None:
    assert cards.draw_face(code).tobytes() == assets.card_master(code).tobytes()


def test_back_is_reproduced() -> None:
    assert cards.draw_back().tobytes() == assets.card_master(BACK).tobytes()


def _index_colour(code: str) -> tuple[int, int, int]:
    """Mean colour of the dark/red ink in the corner index."""
    img = assets.card_master(code).convert("RGB").crop((8, 8, 84, 120))
    inked = [p for p in img.get_flattened_data() if sum(p) < 600]
    n = len(inked)
    assert n > 200, f"{code}: no index ink"
    return tuple(sum(c[i] for c in inked) // n for i in range(3))  # type: ignore[return-value]


@pytest.mark.parametrize("code", ["AH", "10D", "KH", "3D", "2H"])
def test_hearts_and_diamonds_are_red(code: str) -> None:
    r, g, b = _index_colour(code)
    assert r > 150 and g < 90 and b < 100


@pytest.mark.parametrize("code", ["AS", "10C", "KS", "3C", "2S"])
def test_clubs_and_spades_are_black(code: str) -> None:
    r, g, b = _index_colour(code)
    assert max(r, g, b) < 90


def test_card_scaling_is_cached_and_sized() -> None:
    small = assets.card("9S", 84)
    assert small.size == (84, assets.card_height(84))
    assert assets.card("9S", 84) is small


def test_notation_reads_engine_codes() -> None:
    assert parse("10D").rank == "10" and parse("10D").is_red
    assert parse("JK").is_joker and parse("JK").is_wild
    assert parse("2C").is_wild and not parse("3S").is_wild
    assert parse("3S").is_black_three and not parse("3H").is_black_three
    with pytest.raises(ValueError):
        parse("1X")
