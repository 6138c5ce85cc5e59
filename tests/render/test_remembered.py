"""What the renderer remembers between pictures (team panels, compressed bands of rows)
changes no pixel and no byte: a picture drawn after others is the one drawn from nothing."""

from __future__ import annotations

import io
import zlib

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.render import panels, png, render_hand, render_scores, render_table
from bot.render.samples import hand_view, results_sample, table_view


def _from_nothing(draw, view) -> bytes:
    panels.forget()
    png.forget()
    return draw(view)


VIEWS = [
    (render_table, table_view(4)),
    (render_table, table_view(6, melds=("big", "mid", "none"), pile_top="2C", blocked="wild")),
    (render_table, table_view(3, melds=("canastas", "early"), viewer=None, phase="play")),
    (render_table, table_view(2, melds=("big", "big"), red_threes=(("3H", "3D"), ()))),
    (render_hand, hand_view(15, seed=4, just_arrived=2)),
    (render_scores, table_view(4, results=results_sample(4))),
]


def test_a_picture_after_others_is_the_picture_drawn_from_nothing() -> None:
    cold = [_from_nothing(draw, view) for draw, view in VIEWS]
    for _ in range(2):  # everything remembered, in another order
        for (draw, view), expected in reversed(list(zip(VIEWS, cold, strict=True))):
            assert draw(view) == expected


def test_a_move_changes_the_pile_and_keeps_the_panels() -> None:
    before = table_view(4, pile_top="8H", pile_size=12, stock=41)
    after = table_view(4, pile_top="9C", pile_size=13, stock=40)
    cold_after = _from_nothing(render_table, after)
    render_table(before)
    assert render_table(after) == cold_after
    assert Image.open(io.BytesIO(cold_after)).convert("RGB").tobytes() != \
        Image.open(io.BytesIO(render_table(before))).convert("RGB").tobytes()


def test_png_bytes_decode_to_the_same_pixels() -> None:
    img = Image.effect_noise((203, 77), 60).convert("RGB")  # a band cut mid-picture too
    data = png.to_png(img)
    decoded = Image.open(io.BytesIO(data))
    decoded.load()  # checks the zlib stream and its Adler-32
    assert decoded.mode == "RGB" and decoded.tobytes() == img.tobytes()


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_of_two_parts_is_zlibs(first: bytes, second: bytes) -> None:
    assert png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == \
        zlib.adler32(first + second)


def test_a_felt_is_the_size_asked_and_the_pictures_own() -> None:
    from bot.render.draw import felt

    first = felt(300, 130)
    assert first.size == (300, 130) and first.mode == "RGB"
    clean = first.tobytes()
    first.paste((255, 0, 0), (0, 0, 300, 130))  # drawing on one felt...
    assert felt(300, 130).tobytes() == clean  # ...leaves the next one clean
    assert felt(300, 100).tobytes() == felt(300, 128).crop((0, 0, 300, 100)).tobytes()
