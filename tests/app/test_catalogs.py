"""The message catalogs (cogs/locales): the same keys and placeholders in English and German, nothing
left untranslated, every key the code asks for present, and none that the code no longer uses."""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from fluent.syntax import ast as fluent
from fluent.syntax import parse
from fluent.syntax.visitor import Visitor

from cogs.utils import i18n
from cogs.utils.i18n import LANGUAGES, Lang, catalog_files, language_of, server_language, texts

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
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


def catalog_sources() -> ModuleType:
    """``tools/catalog_sources.py``: which English wording each translation was made from."""
    spec = importlib.util.spec_from_file_location("catalog_sources", ROOT / "tools" / "catalog_sources.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_older_than_its_english(lang: Lang) -> None:
    """A reworded English message fails here until its translation is updated and recorded."""
    sources = catalog_sources()
    stale = sources.stale(lang)
    assert stale == [], f"update the {lang} wording, then run tools/catalog_sources.py update {lang}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_marked_fuzzy(lang: Lang) -> None:
    assert catalog_sources().fuzzy(lang) == []


def test_a_reworded_english_message_or_a_fuzzy_mark_is_noticed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself: copies of the catalogs with one English message reworded and one German message
    marked fuzzy."""
    sources = catalog_sources()
    for lang in ("en", "de"):
        (tmp_path / lang).mkdir()
        for path in catalog_files(lang):
            (tmp_path / lang / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "de" / "sources.json").write_bytes((ROOT / "cogs/locales/de/sources.json").read_bytes())
    monkeypatch.setattr(sources, "LOCALES", tmp_path)
    assert sources.stale("de") == [] and sources.fuzzy("de") == []
    table = tmp_path / "en" / "table.ftl"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("table-countdown = ", "table-countdown = Hurry! ", 1), encoding="utf-8")
    german = tmp_path / "de" / "table.ftl"
    text = german.read_text(encoding="utf-8")
    german.write_text(
        text.replace("\ntable-countdown = ", "\n# fuzzy\ntable-countdown = ", 1), encoding="utf-8"
    )
    assert sources.stale("de") == ["table-countdown"]
    assert sources.fuzzy("de") == ["table-countdown"]
    sources.update("de")
    assert sources.stale("de") == []


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


def test_a_remembered_text_is_the_text_fluent_writes_for_those_very_arguments() -> None:
    # Texts are kept by their arguments (``i18n._formatted``): arguments equal as values but not of one
    # type (1, 1.0, True) must not share a text, nor a German text an English one.
    t, de = texts("en"), texts("de")
    for lang_texts in (t, de, t, de):  # the second pass reads what the first one kept
        for value in (1, 1.0, True, 1.5, 2, "1"):
            assert lang_texts("lb-players", count=value) == lang_texts._format("lb-players", {"count": value})
    assert t("lb-players", count=1) == "1 player" and t("lb-players", count=2) == "2 players"
    assert de("lb-players", count=2) != t("lb-players", count=2)
    # An argument that cannot be kept by (a list), or a long one, is written all the same.
    assert t("hand-cards", count=[3]) == t._format("hand-cards", {"count": [3]})
    long = "x" * 200
    kept = i18n._formatted.cache_info().currsize
    assert t("hand-cards", count=long) == t._format("hand-cards", {"count": long})
    assert i18n._formatted.cache_info().currsize == kept  # a long argument is not kept: memory stays small
