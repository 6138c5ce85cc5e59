"""The four catalogs: every key in every language, same placeholders, every plural form,
every reason code the engine can raise, the Plural-Forms each language really has."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural

from bot import i18n
from bot.i18n.catalog import FOLDER, po_catalog

ROOT = Path(__file__).resolve().parents[2]
PICTURES_LINE = "# --- pictures (bot/render, owned by 10p) ---"


def _entries(lang: str) -> dict[str, tuple[str, ...]]:
    out = {}
    for m in po_catalog(lang):
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        out[key] = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
    return out


def _placeholders(s: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(s) if name}


def _plural_keys(lang: str) -> set[str]:
    return {m.id[0] for m in po_catalog(lang) if isinstance(m.id, tuple)}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_key_in_every_language(lang: str) -> None:
    en, other = set(_entries("en")), set(_entries(lang))
    assert en - other == set(), f"{lang}.po lacks {sorted(en - other)}"
    assert other - en == set(), f"{lang}.po has keys en.po lacks: {sorted(other - en)}"
    assert _plural_keys(lang) == _plural_keys("en")
    fuzzy = [m.id for m in po_catalog(lang) if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}.po has fuzzy entries {fuzzy}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_key_is_written_twice(lang: str) -> None:
    """A second entry of a key is dead text (the loader keeps the first), and a reviewer
    who corrects it corrects nothing."""
    keys = re.findall(r'^msgid "(.+)"$', (FOLDER / f"{lang}.po").read_text("utf-8"), re.M)
    assert sorted({k for k in keys if keys.count(k) > 1}) == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_form_is_written_with_the_same_placeholders(lang: str) -> None:
    en = _entries("en")
    for key, forms in _entries(lang).items():
        want = set().union(*(_placeholders(f) for f in en[key]))
        for form in forms:
            assert form.strip(), f"{lang}.po: {key} has an empty translation"
            assert _placeholders(form) == want, f"{lang}.po: {key} {form!r} vs {sorted(want)}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_forms_are_the_languages_own(lang: str) -> None:
    cat = po_catalog(lang)
    assert cat.num_plurals == get_plural(lang).num_plurals
    assert cat.plural_expr.replace(" ", "") == get_plural(lang).plural_expr.replace(" ", "")
    for key in _plural_keys(lang):
        assert len(_entries(lang)[key]) == cat.num_plurals, f"{lang}.po: {key} forms"


def test_plurals_choose_the_right_form() -> None:
    assert i18n.plural("en", "count.cards", 1) == "1 card"
    assert i18n.plural("en", "count.cards", 3) == "3 cards"
    assert [i18n.plural("ru", "count.cards", n) for n in (1, 3, 5, 21, 11)] == [
        "1 карта", "3 карты", "5 карт", "21 карта", "11 карт"]
    assert [i18n.plural("lt", "count.cards", n) for n in (1, 3, 10, 21, 12)] == [
        "1 korta", "3 kortos", "10 kortų", "21 korta", "12 kortų"]
    assert [i18n.plural("bg", "count.cards", n) for n in (1, 3)] == ["1 карта", "3 карти"]


def test_numbers_are_grouped_as_each_language_writes_them() -> None:
    assert i18n.number("en", 1500) == "1,500"
    for lang in ("bg", "lt", "ru"):
        assert i18n.number(lang, 1500) == "1\u00a0500"
        assert i18n.number(lang, -12500) == "-12\u00a0500"
    assert i18n.plural("ru", "count.points", 1500) == "1\u00a0500 очков"


def test_rank_letters() -> None:
    assert [i18n.rank_letters("ru")[r] for r in "AKQJ"] == ["Т", "К", "Д", "В"]
    assert [i18n.rank_letters("bg")[r] for r in "AKQJ"] == ["А", "П", "Д", "В"]
    assert [i18n.rank_letters("lt")[r] for r in "AKQJ"] == ["T", "K", "D", "V"]
    assert i18n.rank_letters("en")["10"] == "10"


def test_unknown_language_and_key() -> None:
    assert i18n.supported("ru-RU") == "ru" and i18n.supported("pt-BR") is None
    assert i18n.text("xx", "picture.stock") == "Stock"
    assert i18n.text("ru", "no.such.key") == "no.such.key"


def _engine_codes() -> set[str]:
    """Every reason code an IllegalMove in the engine is built with (read from the source:
    `code="..."`, or a conditional choosing between two such strings)."""
    codes: set[str] = set()
    for path in sorted((ROOT / "bot" / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalMove"):
                continue
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            assert code is not None, f"{path.name}:{node.lineno}: an IllegalMove without a code"
            found = [c.value for c in ast.walk(code) if isinstance(c, ast.Constant)
                     and isinstance(c.value, str)]
            assert found and all(found), f"{path.name}:{node.lineno}: code is not a plain name"
            codes.update(found)
    return codes


def test_every_engine_reason_code_has_a_message() -> None:
    codes = _engine_codes()
    assert {"not_your_turn", "first_meld_minimum", "pile_black_three"} <= codes
    missing = {c for c in codes if not i18n.has_key(f"refusal.{c}")}
    assert not missing, f"engine codes without a catalog message: {sorted(missing)}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_pictures_block_closes_each_catalog(lang: str) -> None:
    text = (FOLDER / f"{lang}.po").read_text()
    assert text.count(PICTURES_LINE) == 1
    below = text.split(PICTURES_LINE)[1]
    assert all(k.startswith("picture.") for k in re.findall(r'^msgid "([^"]+)"', below, re.M))


NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_slash_command_words_fit_discord(lang: str) -> None:
    """Names: lowercase words of at most 32 letters; descriptions and choices at most 100;
    button and menu labels at most 80."""
    for key, (value, *_) in _entries(lang).items():
        if key.startswith("command.") and key.endswith(".name"):
            assert NAME.match(value) and value == value.lower(), f"{lang}: {key} {value!r}"
        elif key.startswith(("command.", "choice.")):
            assert 1 <= len(value) <= 100, f"{lang}: {key} is {len(value)} long"
        elif key.startswith(("button.", "panel.", "level.")):
            assert len(value) <= 80, f"{lang}: {key} is {len(value)} long"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_commands_named_in_sentences_are_that_languages_names(lang: str) -> None:
    """A reply that says "/рука" must name a command a Russian client shows."""
    entries = _entries(lang)
    names = {value for key, (value, *_) in entries.items()
             if key.startswith("command.") and key.endswith(".name")}
    for key, forms in entries.items():
        for form in forms:
            for word in re.findall(r"(?<![\w<])/(\w+)", form):
                assert word in names, f"{lang}: {key} names /{word}, not a {lang} command"


def test_the_samba_familys_refusals_speak_each_language() -> None:
    """An engine reason of the Samba family, turned into words the way the bot does it."""
    from bot.engine import IllegalMove, Meld, variant
    from bot.engine.game import Game
    from bot.service.outcome import Refused

    g = Game.from_position(variant("samba", players=2), ["Ana", "Bo"],
                           hands={"Ana": "10h jh 9c 9d 4c", "Bo": "5c"},
                           melds={0: ["4h 5h 6h 7h 8h 9h 10h"]}, phase="play")
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(add={0: ["jh"]}))
    refusal = Refused(str(err.value), key=f"refusal.{err.value.code}", **err.value.values)
    assert refusal.said("ru") == ("карт в последовательности — не больше 7 (это самба); "
                                  "в этой было бы 8")
    assert refusal.said("lt") == ("sekvencijoje kortų gali būti ne daugiau kaip 7 (tai samba); "
                                  "šioje jų būtų 8")
    assert refusal.said("en") == ("a sequence stops at 7 cards (a samba); "
                                  "this one would have 8")
