"""What the renderer remembers between pictures (team panels, compressed bands of rows)
changes no pixel and no byte: a picture drawn after others is the one drawn from nothing.
And the encoding (``bot.render.encode``): 256 colours that keep the picture."""

from __future__ import annotations

import io
import zlib

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops

from bench.likeness import ssim
from bot.render import (
    draw,
    encode,
    hand,
    palette,
    palette_choice,
    panels,
    png,
    render_hand,
    render_scores,
    render_table,
    scores,
    table,
)
from bot.render.samples import hand_view, results_sample, table_view


def _from_nothing(render, view) -> bytes:
    panels.forget()
    png.forget()
    return render(view)


VIEWS = [
    (render_table, table_view(4)),
    (render_table, table_view(6, melds=("big", "mid", "none"), pile_top="2C", blocked="wild")),
    (render_table, table_view(3, melds=("canastas", "early"), viewer=None, phase="play")),
    (render_table, table_view(2, melds=("big", "big"), red_threes=(("3H", "3D"), ()))),
    (render_hand, hand_view(15, seed=4, just_arrived=2)),
    (render_scores, table_view(4, results=results_sample(4))),
]


def test_a_picture_after_others_is_the_picture_drawn_from_nothing() -> None:
    cold = [_from_nothing(render, view) for render, view in VIEWS]
    for _ in range(2):  # everything remembered, in another order
        for (render, view), expected in reversed(list(zip(VIEWS, cold, strict=True))):
            assert render(view) == expected


def test_a_move_changes_the_pile_and_keeps_the_panels() -> None:
    before = table_view(4, pile_top="8H", pile_size=12, stock=41)
    after = table_view(4, pile_top="9C", pile_size=13, stock=40)
    cold_after = _from_nothing(render_table, after)
    render_table(before)
    assert render_table(after) == cold_after
    assert Image.open(io.BytesIO(cold_after)).convert("RGB").tobytes() != \
        Image.open(io.BytesIO(render_table(before))).convert("RGB").tobytes()


def _decoded(data: bytes) -> Image.Image:
    decoded = Image.open(io.BytesIO(data))
    decoded.load()  # checks the zlib stream and its Adler-32
    assert decoded.format == "PNG" and decoded.mode == "P"
    return decoded.convert("RGB")


def test_a_picture_keeps_its_felt_its_inks_and_its_looks() -> None:
    """256 colours: the bare felt keeps its exact shades, the named inks stay exact, and
    the whole is alike to the drawn picture (luma SSIM above 0.98)."""
    for draw_, view in ((table.draw, table_view(4, red_threes=(("3H",), ()))),
                        (hand.draw, {**hand_view(17, just_arrived=6, phase="play"),
                                     "language": "lt"}),
                        (scores.draw, table_view(4, results=results_sample(3), winner=0))):
        img = draw_(view)
        data = encode.encode(img)
        decoded = _decoded(data)
        assert decoded.size == img.size
        assert encode.encode(img.copy()) == data  # same pixels, same bytes
        assert ssim(img, decoded) >= 0.98
        ground = draw.felt(*img.size)
        bare = _bare(img, ground)
        assert Image.composite(decoded, ground, bare).tobytes() == ground.tobytes()
        kept = {colour for _, colour in img.getcolors(1 << 20) if colour in palette_choice.named()}
        assert kept <= {colour for _, colour in decoded.getcolors(1 << 20)}


def _bare(img: Image.Image, ground: Image.Image) -> Image.Image:
    """255 where ``img`` shows ``ground`` exactly, in every channel."""
    red, green, blue = ImageChops.difference(img, ground).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).point([255] + [0] * 255)


def test_png_bytes_decode_to_the_palettes_colours() -> None:
    img = Image.effect_noise((203, 77), 60).convert("RGB")  # a band cut mid-picture too
    decoded = _decoded(encode.encode(img))
    assert decoded.size == img.size
    assert {c for _, c in decoded.getcolors(256)} <= set(palette.colours())


def test_the_palette_is_the_felts_shades_and_every_named_colour() -> None:
    """The committed palette: the felt's shades first, then every colour the pictures name
    (the rest was a median cut of the samples as they were drawn when the script last ran:
    a new label in some language needs no new palette)."""
    colours = palette.colours()
    assert len(colours) == 256 and colours[:draw.FELT_LEVELS] == tuple(draw.felt_shades())
    assert set(palette_choice.named()) <= set(colours)
    assert len(set(colours[draw.FELT_LEVELS:])) > 150  # the median cut chose most of them


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_of_two_parts_is_zlibs(first: bytes, second: bytes) -> None:
    assert png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == \
        zlib.adler32(first + second)


def test_ssim_sees_a_blurred_picture() -> None:
    from PIL import ImageFilter

    img = table.draw(table_view(4))
    assert ssim(img, img) == 1.0
    assert ssim(img, img.filter(ImageFilter.GaussianBlur(2))) < 0.95


def test_the_bots_attachment_names_are_the_encoders() -> None:
    from bot.discord_ui.pictures import EXTENSION, file_name

    assert EXTENSION == encode.EXTENSION
    assert file_name("hand") == encode.file_name("hand") == "hand.png"


def test_a_felt_is_the_size_asked_and_the_pictures_own() -> None:
    from bot.render.draw import felt

    first = felt(300, 130)
    assert first.size == (300, 130) and first.mode == "RGB"
    clean = first.tobytes()
    first.paste((255, 0, 0), (0, 0, 300, 130))  # drawing on one felt...
    assert felt(300, 130).tobytes() == clean  # ...leaves the next one clean
    assert felt(300, 100).tobytes() == felt(300, 128).crop((0, 0, 300, 100)).tobytes()
