"""Each picture label keeps within its room in every language: the rooms the drawing code
declares hold every translation at its widest numbers and every count it can show."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.i18n.catalog import po_catalog
from bot.render import assets, melds, panels, scores, table
from bot.render.draw import Room
from bot.render.samples import table_view

from .conftest import in_language as _in

LANGS = i18n.LANGUAGES

ROOMS: dict[str, list[Room]] = {}
for _module in (melds, panels, table, scores):
    for _key, _room in _module.ROOMS.items():
        ROOMS.setdefault(_key, []).append(_room)


def _texts(lang: str, key: str, room: Room) -> list[str]:
    """Every way ``key`` can read in ``lang`` in ``room``: each count it can show, its number
    placeholders at their widest."""
    values = {name: i18n.number(lang, n) for name, n in room.widest}
    if key in _plural_keys():
        return [i18n.plural(lang, key, n, **values) for n in room.counts]
    return [i18n.text(lang, key, **values)]


def _plural_keys() -> set[str]:
    return {m.id[0] for m in po_catalog("en") if isinstance(m.id, tuple)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(ROOMS))
def test_every_translation_fits_its_room(lang: str, key: str) -> None:
    for room in ROOMS[key]:
        for text in _texts(lang, key, room):
            assert "{" not in text, f"{key} left a placeholder unfilled: {text!r}"
            assert room.holds(text), (
                f"{lang}: {text!r} is wider than the {room.width} px of {key} "
                f"(at {room.sizes[-1]} px)")


@pytest.mark.parametrize("lang", LANGS)
def test_pile_badges_fit(lang: str) -> None:
    for blocked, top in (("black_three", "3S"), ("wild", "JK"), ("canasta", "KH")):
        view = _in(lang, table_view(4, blocked=blocked, pile_top=top))
        for text, _ in table._pile_tags(view):
            assert table.TAG.holds(text), f"{lang}: {text!r}"


def test_a_translation_too_long_for_its_room_fails() -> None:
    assert melds.RIBBON.holds("Natural")
    assert not melds.RIBBON.holds("Смешанная")  # the word the Russian ribbon could not take
    assert not table.STOCK_LABEL.holds("Uždarasisuždarasis fondas")
    assert table.STOCK_LABEL.holds("Uždarasis fondas")  # condensed, on one line
    assert table.STOCK_LABEL.fit("Uždarasis fondas")[0].path == assets.font(16, "condensed").path


def test_the_table_panels_are_never_narrower_than_their_rooms_assume() -> None:
    assert panels._grid_width(2, table.AREA_W) >= panels.MIN_PANEL_W
