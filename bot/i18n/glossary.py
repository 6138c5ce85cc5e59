"""The glossary's rules as checks on the catalogs (issue 23): the words `glossary.toml` rules
out, numbers that a noun must agree with, capitals in mid-sentence, English left in a
translation, and endings that hedge on gender ("взял(а)").

Each check takes a language (and, for tests, its entries) and returns the offenses it finds,
one per entry and place, for a translator to read. From a shell:

    python -m bot.i18n.glossary check [lang ...]
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.i18n.catalog import BASE_LANGUAGE, plural_keys, po_catalog

PATH = Path(__file__).with_name("glossary.toml")
TARGETS: tuple[str, ...] = ("bg", "lt", "ru")  # the languages the glossary rules

Entries = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Offense:
    lang: str
    key: str
    excerpt: str
    why: str

    def __str__(self) -> str:
        return f"{self.lang} {self.key}: «{self.excerpt}» — {self.why}"


@cache
def glossary() -> dict[str, Any]:
    return tomllib.loads(PATH.read_text(encoding="utf-8"))


@cache
def entries(lang: str) -> dict[str, tuple[str, ...]]:
    """Every entry of one catalog: key -> its forms (one, or one per plural form)."""
    out: dict[str, tuple[str, ...]] = {}
    for m in po_catalog(lang):
        if m.id:
            key = str(m.id[0] if isinstance(m.id, tuple) else m.id)
            forms = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
            out[key] = tuple(str(f or "") for f in forms)
    return out


def _excerpt(text: str, start: int, end: int, around: int = 25) -> str:
    """The offending part ⟦marked⟧, with some text around it."""
    left, right = max(0, start - around), min(len(text), end + around)
    return (("…" if left else "") + text[left:start] + "⟦" + text[start:end] + "⟧"
            + text[end:right] + ("…" if right < len(text) else "")).replace("\n", " ")


def _each(lang: str, found: Entries | None) -> list[tuple[str, str]]:
    """(key, text) of every distinct form of every entry."""
    return [(key, form) for key, forms in (entries(lang) if found is None else found).items()
            for form in dict.fromkeys(forms)]


def _unique(offenses: list[Offense]) -> list[Offense]:
    return list(dict.fromkeys(offenses))


@dataclass(frozen=True)
class RuledOut:
    lang: str
    sense: str
    pattern: re.Pattern[str]
    keys: tuple[str, ...]
    why: str


@cache
def ruled_out(lang: str) -> tuple[RuledOut, ...]:
    """The glossary's ruled-out words of one language, compiled."""
    out = []
    for sense in glossary()["sense"]:
        for rule in sense.get("ruled_out", ()):
            if rule["lang"] != lang:
                continue
            words = "|".join(map(re.escape, rule.get("words", ())))
            stems = "|".join(map(re.escape, rule.get("stems", ())))
            source = (rf"(?<!\w)(?:{words})(?!\w)" if words else
                      rf"(?<!\w)(?:{stems})\w*" if stems else rule["regex"])
            out.append(RuledOut(lang, sense["en"], re.compile(source, re.I),
                                tuple(rule.get("keys", ())), rule["why"]))
    return tuple(out)


def ruled_out_words(lang: str, found: Entries | None = None) -> list[Offense]:
    """Every word the glossary rules out for `lang`, wherever an entry uses it."""
    out = []
    for key, text in _each(lang, found):
        for rule in ruled_out(lang):
            if rule.keys and not key.startswith(rule.keys):
                continue
            out += [Offense(lang, key, _excerpt(text, m.start(), m.end()),
                            f"{rule.sense}: {rule.why}") for m in rule.pattern.finditer(text)]
    return _unique(out)


NUMBER_BEFORE_WORD = re.compile(r"(?P<mark>[#№]\s*)?\{(?P<name>\w+)\}[ \u00a0]+"
                                r"(?P<word>[^\W\d_][\w-]*)(?P<dot>\.)?")
WORD_BEFORE = re.compile(r"([^\W\d_][\w-]*)[ \u00a0]*$")


def numbers_before_words(lang: str, found: Entries | None = None) -> list[Offense]:
    """A number placeholder directly followed by a word that must agree with it, unless it is
    the entry's own plural count: "{deck} карт" reads "162 карт". A number naming a thing
    (a deal's) may follow its noun: "Раздача {hand} окончена"."""
    rules = glossary()["numbers"]
    free = {w.lower() for w in rules["free_after"].get(lang, ())}
    out = []
    for key, text in _each(lang, found):
        for m in NUMBER_BEFORE_WORD.finditer(text):
            name, word = m["name"], m["word"].lower()
            abbreviation = bool(m["dot"]) and word + "." in free
            number = name in rules["names"] or key in rules["only_in"].get(name, ())
            before = WORD_BEFORE.search(text[:m.start()])
            named = name in rules["labels"] and before and before[1].lower() not in free
            if (not number or m["mark"] or named or (name == "n" and key in plural_keys())
                    or word in free or abbreviation):
                continue
            out.append(Offense(lang, key, _excerpt(text, m.start(), m.end("word")),
                               f"{{{name}}} is a number: the word after it must agree with it; "
                               "use the plural count {n} or set the number apart"))
    return _unique(out)


CAPITAL_AFTER = re.compile(r"(?P<mark>[,:])\s+(?P<quote>[„“\"«'‘]?)(?P<word>[^\W\d_][\w-]*)"
                           r"(?P<title>\s+#)?")


@cache
def _capital_exempt(lang: str) -> frozenset[str]:
    letters = {v for k, (v, *_) in entries(lang).items() if k.startswith("rank.")}
    letters |= {v for k, (v, *_) in entries(BASE_LANGUAGE).items() if k.startswith("rank.")}
    names = {w for k, (v, *_) in entries(lang).items() if k.startswith("variant.")
             for w in re.findall(r"\w+", v) if w[:1].isupper()}
    return frozenset(letters | names | set(glossary()["capitals"]["names"]))


def capitals_mid_sentence(lang: str, found: Entries | None = None) -> list[Offense]:
    """A capital letter after a comma or colon ("партньоре, Да затварям ли?"), but for a
    quotation opened after a colon, rank letters, abbreviations, card notation and names."""
    out = []
    for key, text in _each(lang, found):
        for m in CAPITAL_AFTER.finditer(text):
            word = m["word"]
            if (not word[0].isupper() or word.isupper() or word in _capital_exempt(lang)
                    or (m["mark"] == ":" and m["quote"]) or m["title"]):
                continue
            out.append(Offense(lang, key, _excerpt(text, m.start("word"), m.end("word")),
                               f"a capital after «{m['mark']}» in mid-sentence"
                               + (": write it small, or quote the sentence" * (m["mark"] == ":"))))
    return _unique(out)


NOT_WORDS = re.compile(r"\{[^}]*\}|https?://\S+|(?<![\w<])/\w+|(?<![\w#])[a-z]{1,4}(?:#\d+)?:(?!\S)"
                       r"|\S*\d\S*")
LATIN_WORD = re.compile(r"(?<![\w#])[A-Za-z]{4,}(?![\w#])")


@cache
def _english_names() -> tuple[str, ...]:
    """Variant names (registry and English display names) and the glossary's kept words,
    longest first, to take out of a text before looking for English in it."""
    from bot.engine.variants import VARIANTS

    names = {name.replace("_", " ") for name in VARIANTS}
    names |= {v for k, (v, *_) in entries(BASE_LANGUAGE).items()
              if k.startswith(("variant.", "picture.variant."))}
    names |= set(glossary()["english"]["keep"])
    return tuple(sorted(names, key=len, reverse=True))


def _strip_english_names(text: str) -> str:
    for name in _english_names():
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.I)
    return NOT_WORDS.sub(" ", text)


def english_left(lang: str, found: Entries | None = None) -> list[Offense]:
    """An English word (more than three letters) of the English entry, left in a translation."""
    source = entries(BASE_LANGUAGE)
    out = []
    for key, text in _each(lang, found):
        english = {w.lower() for form in source.get(key, ())
                   for w in LATIN_WORD.findall(_strip_english_names(form))}
        for m in LATIN_WORD.finditer(_strip_english_names(text)):
            if m[0].lower() in english:
                where = re.search(rf"(?<!\w){re.escape(m[0])}(?!\w)", text)
                at = (where.start(), where.end()) if where else (0, 0)
                out.append(Offense(lang, key, _excerpt(text, *at),
                                   f"«{m[0]}» is left in English"))
    return _unique(out)


HEDGED_ENDING = re.compile(r"\w+\(-?[^\W\d_]{1,4}\)")


def hedged_endings(lang: str, found: Entries | None = None) -> list[Offense]:
    """A word with a bracketed ending for the other gender or number: "взял(а)",
    "вышел(-ла)", "отказался(-ась)", "мест(а)". Players' genders are unknown: use the present
    tense or a noun phrase; numbers go through the plural forms."""
    return _unique([Offense(lang, key, _excerpt(text, m.start(), m.end()),
                            "a bracketed ending for another gender or number")
                    for key, text in _each(lang, found) for m in HEDGED_ENDING.finditer(text)])


CHECKS: dict[str, Callable[..., list[Offense]]] = {
    "ruled-out words": ruled_out_words,
    "numbers before words": numbers_before_words,
    "capitals in mid-sentence": capitals_mid_sentence,
    "English left": english_left,
    "hedged endings": hedged_endings,
}


def report(offenses: list[Offense]) -> str:
    return "\n".join(str(o) for o in offenses)


def main(argv: list[str]) -> int:
    """`check [lang ...]`: print every check's offenses; exit 1 when there are any."""
    if not argv or argv[0] != "check" or not set(argv[1:]) <= set(TARGETS):
        print(f"usage: python -m bot.i18n.glossary check [{' | '.join(TARGETS)} ...]",
              file=sys.stderr)
        return 2
    total = 0
    for lang in argv[1:] or TARGETS:
        for name, check in CHECKS.items():
            found = check(lang)
            total += len(found)
            print(f"== {lang}: {name}: {len(found)}")
            if found:
                print(report(found))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
