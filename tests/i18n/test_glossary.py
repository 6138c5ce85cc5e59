"""The glossary (`bot/i18n/glossary.toml`, issue 23) held against the catalogs: no word it
rules out, numbers that agree, no capital in mid-sentence, no English left, no endings that
hedge on gender. Each failure lists every offending entry for the translator."""

from __future__ import annotations

import pytest

from bot.i18n import glossary as g

CHECKS = [(name, lang) for name in g.CHECKS for lang in g.TARGETS]


@pytest.mark.parametrize(("name", "lang"), CHECKS, ids=[f"{n}-{lang}" for n, lang in CHECKS])
def test_catalog_keeps_the_glossary(name: str, lang: str) -> None:
    found = g.CHECKS[name](lang)
    if found:
        pytest.fail(f"{lang}.po, {name}: {len(found)}\n{g.report(found)}", pytrace=False)


def test_every_sense_names_its_words_in_every_language() -> None:
    for sense in g.glossary()["sense"]:
        assert sense["en"] and all(sense[lang] for lang in g.TARGETS), sense
        for rule in sense.get("ruled_out", ()):
            assert rule["lang"] in g.TARGETS and rule["why"], rule
            assert len({"words", "stems", "regex"} & set(rule)) == 1, rule
    assert all(g.ruled_out(lang) for lang in g.TARGETS)


@pytest.mark.parametrize("lang", g.TARGETS)
def test_no_ruled_out_pattern_matches_a_word_the_glossary_chooses(lang: str) -> None:
    chosen = [w for sense in g.glossary()["sense"] for w in sense[lang]]
    for rule in (r for r in g.ruled_out(lang) if not r.keys):  # keys: only those entries
        hits = [w for w in chosen if rule.pattern.search(w)]
        assert not hits, f"{rule.pattern.pattern} rules out the glossary's own {hits}"


def test_the_glossarys_question_passes_the_capitals_check() -> None:
    for lang in g.TARGETS:
        (question,) = next(s[lang] for s in g.glossary()["sense"] if "go out?" in s["en"])
        assert not g.capitals_mid_sentence(lang, {"k": (f"пита: {question}",)})


def test_checks_see_made_up_text() -> None:
    """The machinery, on made-up entries (so the tests above cannot pass by seeing nothing)."""
    numbers = {"rules.deal": ("{deck} слова, {n} слово",), "count.cards": ("{n} слова",),
               "table.head": ("Слово {hand} идёт, #{game} слово",), "lobby.head": ("{host} идёт",)}
    assert [o.key for o in g.numbers_before_words("ru", numbers)] == ["rules.deal"]
    capitals = {"a": ("слово, Слово",), "b": ("слово: «Слово»",), "c": ("слово, А, QQ2",)}
    assert [o.key for o in g.capitals_mid_sentence("ru", capitals)] == ["a"]
    english = {"button.rematch": ("Rematch",), "rules.sequence_typing": ("wild: jk, seq: 8h",)}
    assert [o.key for o in g.english_left("lt", english)] == ["button.rematch"]
    assert len(g.hedged_endings("ru", {"a": ("сказал(а), пришёл(-ла), рука (вы)",)})) == 2
    for lang in g.TARGETS:
        word = next(rule["words"][0] for sense in g.glossary()["sense"]
                    for rule in sense.get("ruled_out", ())
                    if rule["lang"] == lang and "words" in rule and "keys" not in rule)
        assert g.ruled_out_words(lang, {"a": (f"слово {word.upper()} слово",)}), word


def test_command_line_lists_offenses(capsys: pytest.CaptureFixture[str]) -> None:
    assert g.main(["check", "xx"]) == 2
    code = g.main(["check", "ru"])
    out = capsys.readouterr().out
    assert "== ru: ruled-out words:" in out and code in (0, 1)
