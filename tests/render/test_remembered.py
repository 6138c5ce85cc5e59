"""What the renderer remembers between pictures (team panels, text masks, felts) changes no
pixel and no byte: a picture drawn after others is the one drawn from nothing. And the
encoding: WebP that keeps the picture (``bot.render.encode``)."""

from __future__ import annotations

import io

from PIL import Image

from bench.likeness import ssim
from bot.render import encode, hand, panels, render_hand, render_scores, render_table, scores, table
from bot.render.samples import hand_view, results_sample, table_view


def _from_nothing(draw, view) -> bytes:
    panels.forget()
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


def test_a_picture_is_webp_close_to_its_pixels() -> None:
    """Lossy, but alike: the luma SSIM against the drawn (lossless) picture is above the
    0.98 the pictures' quality floor keeps (``encode.QUALITY``: chosen by eye)."""
    for draw, view in ((table.draw, table_view(4, red_threes=(("3H",), ()))),
                       (hand.draw, {**hand_view(17, just_arrived=6, phase="play"),
                                    "language": "lt"}),
                       (scores.draw, table_view(4, results=results_sample(3), winner=0))):
        img = draw(view)
        data = encode.encode(img)
        decoded = Image.open(io.BytesIO(data))
        decoded.load()
        assert decoded.format == "WEBP" and decoded.size == img.size
        assert encode.encode(img.copy()) == data  # same pixels, same bytes
        assert ssim(img, decoded.convert("RGB")) >= 0.98


def test_ssim_sees_a_blurred_picture() -> None:
    from PIL import ImageFilter

    img = table.draw(table_view(4))
    assert ssim(img, img) == 1.0
    assert ssim(img, img.filter(ImageFilter.GaussianBlur(2))) < 0.95


def test_the_bots_attachment_names_are_the_encoders() -> None:
    from bot.discord_ui.pictures import EXTENSION, file_name

    assert EXTENSION == encode.EXTENSION
    assert file_name("hand") == encode.file_name("hand") == "hand.webp"


def test_a_felt_is_the_size_asked_and_the_pictures_own() -> None:
    from bot.render.draw import felt

    first = felt(300, 130)
    assert first.size == (300, 130) and first.mode == "RGB"
    clean = first.tobytes()
    first.paste((255, 0, 0), (0, 0, 300, 130))  # drawing on one felt...
    assert felt(300, 130).tobytes() == clean  # ...leaves the next one clean
    assert felt(300, 100).tobytes() == felt(300, 128).crop((0, 0, 300, 100)).tobytes()
