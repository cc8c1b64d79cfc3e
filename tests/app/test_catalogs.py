"""The message catalogs (cogs/locales): the same keys and placeholders in English and German, nothing
left untranslated, every key the code asks for present, and none that the code no longer uses."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import ast as fluent
from fluent.syntax import parse
from fluent.syntax.visitor import Visitor

from cogs.utils.i18n import LANGUAGES, Lang, catalog_files, language_of, server_language, texts

ROOT = Path(__file__).resolve().parents[2]
# A message whose comment says this is the same in every language on purpose (a proper name, a symbol).
SAME_MARK = "same in both"


class Variables(Visitor):
    """The names of the variables a pattern uses."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: fluent.VariableReference) -> None:
        self.names.add(node.id.name)


def messages(lang: Lang) -> dict[str, fluent.Message]:
    found: dict[str, fluent.Message] = {}
    for path in catalog_files(lang):
        resource = parse(path.read_text(encoding="utf-8"))
        junk = [entry for entry in resource.body if isinstance(entry, fluent.Junk)]
        assert not junk, (path, [entry.content for entry in junk])
        for entry in resource.body:
            if isinstance(entry, fluent.Message):
                assert entry.id.name not in found, f"{entry.id.name} twice in the {lang} catalog"
                found[entry.id.name] = entry
    return found


def variables(message: fluent.Message) -> set[str]:
    visitor = Variables()
    visitor.visit(message)
    return visitor.names


def plain_text(message: fluent.Message) -> str:
    assert message.value is not None, message.id.name
    return "".join(e.value for e in message.value.elements if isinstance(e, fluent.TextElement))


def test_both_languages_have_the_same_keys() -> None:
    english, german = messages("en"), messages("de")
    assert english, "the English catalog is empty"
    assert sorted(set(english) - set(german)) == [], "missing in German"
    assert sorted(set(german) - set(english)) == [], "stale in German (no English message)"


def test_placeholders_are_the_same_in_both_languages() -> None:
    english, german = messages("en"), messages("de")
    for key, message in english.items():
        assert variables(german[key]) == variables(message), key


def test_nothing_is_left_in_english_in_the_german_catalog() -> None:
    english, german = messages("en"), messages("de")
    for key, message in english.items():
        same = plain_text(german[key]) == plain_text(message) and len(plain_text(message).split()) >= 1
        marked = message.comment is not None and SAME_MARK in (message.comment.content or "")
        assert not same or marked, f"{key} is the same in German: {plain_text(message)!r}"


def python_files() -> Iterator[Path]:
    for folder in ("cogs",):
        yield from (ROOT / folder).rglob("*.py")
    yield ROOT / "bot.py"


def keys_in_code() -> tuple[set[str], set[str]]:
    """The keys the code asks for by name (``t("key", ...)``), and every string literal in it."""
    asked: set[str] = set()
    literals: set[str] = set()
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                first = node.args[0]
                if name == "t" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    asked.add(first.value)
    return asked, literals


def test_every_key_the_code_asks_for_is_in_the_catalog_and_every_key_is_used() -> None:
    english = messages("en")
    asked, literals = keys_in_code()
    assert sorted(asked - set(english)) == [], "asked for but not in the English catalog"
    assert sorted(set(english) - literals) == [], "in the catalog but never named in the code"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats(lang: Lang) -> None:
    t = texts(lang)
    for key, message in messages(lang).items():
        args = {name: 2 for name in variables(message)}
        assert t(key, **args).strip(), key


def test_plural_forms_follow_the_language() -> None:
    assert texts("de").number(1234.5) == "1.234,5"
    assert texts("en").number(1234.5) == "1,234.5"


def test_who_reads_which_language() -> None:
    assert language_of("de") == language_of("de-AT") == "de"
    assert language_of("en-GB") == "en" and language_of("fr") is None and language_of(None) is None
    assert server_language(None, "de") == "de"
    assert server_language("en", "de") == "en"
    assert server_language(None, "ja") == "en"
