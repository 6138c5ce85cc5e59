"""Every picture in every language: the words come from the catalogs, the fonts hold every
letter, no text runs over another or off the picture, and
the cards carry the language's index letters."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot import i18n
from bot.i18n.catalog import po_catalog
from bot.render import (
    assets,
    caption,
    cards,
    draw,
    language,
    melds,
    panels,
    render_hand,
    render_scores,
    render_table,
)
from bot.render.samples import (
    cutthroat_view,
    feet_view,
    hand_view,
    modern_american_view,
    results_sample,
    samba_view,
    table_view,
)

from .conftest import decode
from .conftest import in_language as _in

LANGS = i18n.LANGUAGES
OTHERS = tuple(lang for lang in LANGS if lang != "en")
Box = tuple[int, int, int, int]


def _cases() -> dict[str, tuple[Callable[[dict[str, Any]], bytes], dict[str, Any]]]:
    """Views that between them show every label of the three pictures."""
    question = {"asker": "Ana", "partners": ["Cy"]}
    over = table_view(4, results=results_sample(3), winner=0, phase="over")
    return {
        "hand, play, new cards": (render_hand, hand_view(17, just_arrived=6, phase="play")),
        "hand, first meld": (render_hand, hand_view(11, phase="play", melds=("none",))),
        "hand, 40 cards, draw": (render_hand, hand_view(40, phase="draw", blocked="wild",
                                                        pile_top="2D")),
        "hand, two players": (render_hand, hand_view(15, n_players=2, phase="draw")),
        "hand, asked": (render_hand, hand_view(9, question=question, turn=2, viewer=0)),
        "hand, answering": (render_hand, hand_view(9, question=question, turn=2, viewer=2)),
        "hand, empty": (render_hand, table_view(4, hand=[], phase="play")),
        "hand, over": (render_hand, hand_view(5, phase="over", winner=1)),
        "hand, long name": (render_hand, {**hand_view(12, just_arrived=2, phase="play"),
                                          "player": "Konstantinas Vasiliauskas-Petrauskas"}),
        "table, 4 players": (render_table, table_view(4, red_threes=(("3H", "3D"), ("3H",)))),
        "table, 6 players, frozen": (render_table, table_view(
            6, melds=("canastas", "mid", "early"), frozen_all=True, phase="play", turn=4)),
        "table, 5 players, sitting out": (render_table, table_view(5, melds=("none", "mid"))),
        "table, 3 players, black three": (render_table, table_view(
            3, melds=("none", "mid", "big"), blocked="black_three", pile_top="3C")),
        "table, 2 players, asking": (render_table, table_view(2, question={
            "asker": "Ana", "partners": ["Bo"]}, melds=("big", "none"))),
        "table, empty stock and pile": (render_table, table_view(4, stock=0, pile_top=None)),
        "table, long moves": (render_table, {**table_view(4), "history": [
            {"type": "take_pile", "player": "Konstantinas Vasiliauskas", "size": 23},
            {"type": "meld", "player": "Konstantinas Vasiliauskas",
             "groups": [["7H", "7S", "7D"]] * 4}]}),
        "table, over": (render_table, over),
        "scores, won": (render_scores, over),
        "scores, 12 hands, 3 sides": (render_scores, table_view(
            6, results=results_sample(12, teams=3))),
        "scores, none yet": (render_scores, table_view(4)),
        "hand, samba, 22 cards after a pile take": (render_hand, samba_view()),
        "table, samba, a side with 9 melds": (render_table, samba_view()),
        "table, samba, 6 players": (render_table, samba_view(6)),
        "hand, foot face down": (render_hand, feet_view()),
        "hand, foot picked up": (render_hand, feet_view(viewer=1, turn=1)),
        "hand, packet face down, 3 cards": (render_hand, feet_view(
            6, variant="pennies", hand_size=3)),
        "hand, packet picked up": (render_hand, feet_view(6, variant="pennies", viewer=3)),
        "table, hand and foot": (render_table, feet_view()),
        "table, pennies, 6 players": (render_table, feet_view(6, variant="pennies")),
        "table, modern american, bonus piles": (render_table, modern_american_view(
            bonus_piles=(4, 3))),
        "table, modern american, turn card drawn": (render_table, modern_american_view(
            turn_card_drawn=True)),
        "table, cut-throat, a lone hand": (render_table, cutthroat_view()),
        "table, cut-throat, before the pile is taken": (render_table, cutthroat_view(
            lone=None)),
    }


CASES = _cases()


NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Konstantinas Vasiliauskas-Petrauskas")
Panel = tuple[int, int, int, int]


@dataclass
class Drawn:
    """What the renderer drew: every text with the box its ink covers, and every panel (a
    rounded box: a side's panel, a seat, a tag, a ribbon) a text may be drawn in."""

    texts: list[tuple[str, Box]]
    panels: list[Panel]

    def clear(self) -> None:
        self.texts.clear()
        self.panels.clear()


@pytest.fixture
def drawn_boxes(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every text the renderer writes, with its ink box, and every rounded panel (panels
    drawn afresh)."""
    panels.forget()
    out = Drawn([], [])
    original = draw.Pen.text

    def recording(self: draw.Pen, xy: tuple[float, float], text: str,
                  font: ImageFont.FreeTypeFont, fill: Any, anchor: str = "la") -> None:
        if text.strip():
            left, top, right, bottom = font.getbbox(text, anchor=anchor)
            x, y = round(xy[0]), round(xy[1])
            out.texts.append((text, (x + left, y + top, x + right, y + bottom)))
        original(self, xy, text, font, fill, anchor)

    def rounded(self: draw.Pen, box: Any, *args: Any, **kwargs: Any) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        out.panels.append((x0, y0, x1, y1))
        self.draw.rounded_rectangle(box, *args, **kwargs)

    monkeypatch.setattr(draw.Pen, "text", recording)
    monkeypatch.setattr(draw.Pen, "rounded_rectangle", rounded, raising=False)
    return out


@pytest.fixture
def longest(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every counted label at its longest translation: whatever the count, the form (and
    the number, of up to four digits) that writes widest."""
    counts = (0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 99, 108, 1500, 4444)
    real = i18n.plural

    def widest(lang: str, key: str, n: int, **values: Any) -> str:
        forms = [real(lang, key, m, **values) for m in counts]
        return max(forms, key=lambda text: (assets.font(20, "bold").getlength(text), text))

    monkeypatch.setattr(i18n, "plural", widest)
    for cached in (language.count, language.cards):
        cached.cache_clear()
    yield
    for cached in (language.count, language.cards):
        cached.cache_clear()


def _overlap(a: Box, b: Box) -> bool:
    """More than a hair of shared ink box (letters of one line may touch across runs)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 2 and min(a[3], b[3]) - max(a[1], b[1]) > 2


def _inside(box: Box, panel: Panel) -> bool:
    return (box[0] >= panel[0] - 1 and box[1] >= panel[1] - 1 and box[2] <= panel[2] + 1
            and box[3] <= panel[3] + 1)


@pytest.mark.parametrize("words", ["as drawn", "longest"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CASES))
def test_every_picture_in_every_language_keeps_its_text_apart(
        lang: str, case: str, words: str, drawn_boxes: Drawn,
        request: pytest.FixtureRequest) -> None:
    if words == "longest":
        request.getfixturevalue("longest")
    render, view = CASES[case]
    _assert_apart(render(_in(lang, view)), drawn_boxes)


def _assert_apart(data: bytes, drawn: Drawn) -> None:
    """Every text of the picture inside it and inside the panel it is drawn in, none cut
    short but a player's name, none over another."""
    w, h = decode(data).size
    boxes = drawn.texts
    assert boxes, "no text drawn"
    for text, (x0, y0, x1, y1) in boxes:
        assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, f"{text!r} runs off the picture"
        assert _only_names_cut(text), f"{text!r} was cut to fit"
        for panel in drawn.panels:
            box = (x0, y0, x1, y1)
            assert not _overlap(box, panel) or _inside(box, panel) or _inside(panel, box), \
                f"{text!r} runs over the edge of the panel {panel}"
    for i, (text, box) in enumerate(boxes):
        for other, other_box in boxes[i + 1:]:
            assert not _overlap(box, other_box), f"{text!r} runs into {other!r}"


def _only_names_cut(text: str) -> bool:
    """Each "…" in ``text`` ends a player's name cut short (a part of the name, from its
    start, at the start of a word): nothing else may be cut."""
    for at in [i for i, c in enumerate(text) if c == "\u2026"]:
        before = text[:at].rstrip()
        if not any(before.endswith(name[:k]) and (len(before) == k or not before[-k - 1].isalnum())
                   for name in NAMES for k in range(1, len(name))):
            return False
    return True


def test_the_panel_check_sees_text_over_a_panels_edge() -> None:
    from bot.render.encode import encode

    picture = encode(Image.new("RGB", (300, 100)))
    inside = Drawn([("SCORE", (20, 10, 90, 30))], [(0, 0, 100, 50)])
    _assert_apart(picture, inside)
    over = Drawn([("CANASTAS", (80, 10, 130, 30))], [(0, 0, 100, 50)])
    with pytest.raises(AssertionError, match="over the edge"):
        _assert_apart(picture, over)


def test_the_cut_check_knows_a_name_from_a_sentence() -> None:
    assert _only_names_cut("Konstantinas Vasil\u2026 \u00b7 12 cards")
    assert _only_names_cut("Ana & C\u2026")
    assert not _only_names_cut("Partner of Ana this hand: the melds are wi\u2026")
    assert not _only_names_cut("Ana\u2026")  # a whole name needs no cut


@pytest.mark.parametrize("lang", LANGS)
def test_real_games_in_every_language(lang: str, drawn_boxes: Drawn) -> None:
    """Views the engine writes (its events in the last moves, its scores), not samples."""
    from bot import engine
    from bot.render import demo

    names = ["Ana", "Bo", "Cy", "Di"]
    game = engine.Game.new(engine.variant("classic", 4), names, seed=11)
    rng = random.Random(11)
    written: set[str] = set()
    pictures = []
    for turns in (2, 6):
        demo.play_turns(game, rng, turns, stop_after_draw=True)
        pictures += [(render_table, game.view(None)), (render_hand, game.view(game.turn))]
    demo.finish_hand(game, rng)
    pictures.append((render_scores, game.view(names[0])))
    for render, view in pictures:
        drawn_boxes.clear()
        panels.forget()
        _assert_apart(render(_in(lang, view)), drawn_boxes)
        written |= {w.lower() for text, _ in drawn_boxes.texts
                    for w in re.findall(r"[A-Za-z]{4,}", text)}
    if lang != "en":
        assert not written & _english_words(), f"English in {lang}: {written & _english_words()}"


def _english_words() -> set[str]:
    """The words of the English picture texts (placeholders and short words left out)."""
    words: set[str] = set()
    for key in _picture_keys():
        for form in _forms("en", key):
            literal = "".join(part for part, *_ in string.Formatter().parse(form))
            words |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", literal)}
    # names of games every language writes its own way (Lithuanian: samba, Kombo too)
    return words - {"canasta", "samba", "kombo"}


def _picture_keys() -> list[str]:
    return sorted(k for k in i18n.keys("en") if k.startswith("picture."))


def _forms(lang: str, key: str) -> list[str]:
    message = po_catalog(lang)[key]
    assert message is not None, f"{lang}.po lacks {key}"
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_word_leaks_into_a_picture(lang: str, drawn: list[str]) -> None:
    english = _english_words()
    assert {"stock", "discard", "frozen", "score", "melded"} <= english
    for render, view in CASES.values():
        render(_in(lang, view))
    written = {w.lower() for text in drawn for w in re.findall(r"[A-Za-z]{4,}", text)}
    assert not written & english, f"English in the {lang} pictures: {written & english}"


def test_the_leak_check_sees_english(drawn: list[str]) -> None:
    render_table(table_view(4))
    written = {w.lower() for text in drawn for w in re.findall(r"[A-Za-z]{4,}", text)}
    assert written & _english_words()


# -- fonts ----------------------------------------------------------------------------------

LETTERS = ("ąčęėįšųūžĄČĘĖĮŠŲŪŽ"  # Lithuanian
           "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
           "\u00a0\u2212\u00b7\u2014\u2013\u2026\u2713\u25b6\u2665\u2666\u2663\u2660„“«»")


def _written_letters() -> set[str]:
    """Every character the pictures can write: the catalogs' picture texts, card counts,
    the joker's name, rank letters, grouped numbers, and the letters above."""
    chars = set(LETTERS)
    for lang in LANGS:
        for key in [*_picture_keys(), "count.cards", "card.joker"]:
            for form in _forms(lang, key):
                chars |= set(form)
        chars |= set("".join(i18n.rank_letters(lang).values()))
        chars |= set(i18n.number(lang, -1234567))
    return {c for c in chars if not c.isspace() or c == "\u00a0"} - {"{", "}"}


def _glyph(f: ImageFont.FreeTypeFont, char: str) -> bytes:
    img = Image.new("L", (80, 80), 0)
    ImageDraw.Draw(img).text((10, 10), char, font=f, fill=255)
    return img.tobytes()


NOTDEF = "\U0010fffd"  # a code point no font maps: it draws the .notdef box


@pytest.mark.parametrize("weight", sorted(assets.FONT_FILES))
def test_the_fonts_hold_every_letter_the_pictures_write(weight: str) -> None:
    f = assets.font(40, weight)
    notdef = _glyph(f, NOTDEF)
    missing = [c for c in sorted(_written_letters())
               if c != "\u00a0" and _glyph(f, c) == notdef]
    assert not missing, f"{assets.FONT_FILES[weight]} lacks {''.join(missing)}"
    assert f.getlength("\u00a0") == f.getlength(" ")  # the no-break space of 1 500 is a space


def test_the_notdef_check_can_fail() -> None:
    f = assets.font(40)
    assert _glyph(f, "\U0010fffe") == _glyph(f, NOTDEF)
    assert _glyph(f, "\u0f00") == _glyph(f, NOTDEF)  # Tibetan: not in DejaVu Sans
    assert _glyph(f, "ž") != _glyph(f, NOTDEF)


# -- words ----------------------------------------------------------------------------------

def test_captions_speak_the_views_language() -> None:
    view = _in("ru", hand_view(11, phase="draw"))
    assert caption.hand_prompt(view) == (
        "Ваш ход: возьмите карту из колоды или весь сброс (сверху 8\u2665, 12 карт)")
    assert caption.hand_title(view) == "Ana \u00b7 11 карт"
    assert caption.card_text("ru", "QS") == "Д\u2660"
    assert caption.card_text("bg", "KD") == "П\u2666"
    assert caption.card_text("lt", "AH") == "T\u2665"
    assert caption.card_text("lt", "JK") == "Džokeris"
    lt = _in("lt", table_view(4, phase="play", turn=1))
    assert caption.table_status(lt) == "Bo skelbia ir numeta"
    assert caption.last_moves(lt) == "Ana ištraukė 1 kortą \u00b7 Ana numetė 8\u2665"
    bg = _in("bg", table_view(4, phase="over", winner=0))
    assert caption.table_status(bg) == "Партията приключи \u2014 Ana & Cy печелят"
    assert caption.hand_prompt(_in("xx", view)).startswith("Your turn:")  # unknown: English


def test_plurals_in_the_pictures() -> None:
    counts = [caption.last_moves(_in("ru", {"history": [
        {"type": "take_pile", "player": "Bo", "size": n}]})) for n in (1, 3, 5, 21)]
    assert counts == ["Bo берёт сброс (1 карта)", "Bo берёт сброс (3 карты)",
                      "Bo берёт сброс (5 карт)", "Bo берёт сброс (21 карта)"]
    lt = [melds.labels({"cards": ["7H"] * n, "points": 5 * n}, "lt")[1] for n in (3, 10, 21)]
    assert lt == ["3 kortos", "10 kortų", "21 korta"]


def test_numbers_are_grouped_as_the_language_writes_them(drawn: list[str]) -> None:
    view = table_view(4, results=results_sample(3), winner=0, phase="over")
    render_scores(_in("ru", view))
    assert "партия до 5\u00a0000" in " ".join(drawn)
    drawn.clear()
    render_scores(view)
    assert "game to 5,000" in " ".join(drawn)


def test_the_table_picture_uses_the_russian_labels(drawn: list[str]) -> None:
    render_table(_in("ru", table_view(4, melds=("canastas", "none"))))
    for label in ("КОЛОДА", "СБРОС", "ИГРОКИ", "СЧЁТ", "МИНИМУМ", "КАНАСТЫ", "ЧИСТАЯ",
                  "ГРЯЗНАЯ", "Канаста \u00b7 раздача 3"):
        assert label in drawn, label


# -- card art -------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "code"), [("ru", "QS"), ("ru", "AD"), ("bg", "KH"),
                                            ("lt", "JC"), ("lt", "JK"), ("bg", "JK")])
def test_each_language_has_its_own_lettered_faces(lang: str, code: str) -> None:
    own = assets.card_master(code, lang)
    assert assets.card_file(code, lang).parent.name == lang
    assert own.tobytes() != assets.card_master(code).tobytes()
    assert cards.draw_face(code, lang).tobytes() == own.tobytes()  # the script reproduces it


def test_only_faces_with_letters_are_copied_per_language() -> None:
    lettered = set(cards.lettered_faces())
    assert len(lettered) == 17  # A, K, Q, J of each suit and the joker
    for lang in OTHERS:
        own = {p.stem for p in (assets.ART_DIR / lang).glob("*.png")}
        assert own and own <= lettered, lang
    assert not (assets.ART_DIR / "bg" / "AS.png").exists()  # Bulgarian А looks like A
    assert assets.card_file("7H", "ru") == assets.card_file("7H")
    assert assets.card("7H", 84, "ru") is assets.card("7H", 84)  # shared faces scaled once


def test_the_hand_shows_the_languages_cards() -> None:
    hand = ["QS", "QS", "KH", "7D"]
    en = decode(render_hand(table_view(4, hand=hand)))
    ru = decode(render_hand(_in("ru", table_view(4, hand=hand))))
    assert en.size == ru.size and en.tobytes() != ru.tobytes()


def test_a_panel_remembered_in_one_language_is_not_pasted_into_another() -> None:
    view = table_view(4, melds=("canastas", "mid"))
    english = render_table(view)
    russian = render_table(_in("ru", view))
    panels.forget()
    assert render_table(_in("ru", view)) == russian != english
