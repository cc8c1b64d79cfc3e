"""The pages of /wizard rules in German: every topic, with no English sentence left, and German names
that find their topic. ``test_bot_rules_german.py`` reads them through the bot."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from fluent.syntax import ast as fluent
from fluent.syntax import parse

from cogs.guide.pages import RULES_TOPICS, find_topic, rules_embeds, topic_label
from cogs.utils.i18n import LOCALES_DIR, texts

ENGLISH, GERMAN = texts("en"), texts("de")


@cache
def english_phrases() -> frozenset[str]:
    """The English catalogs' rules and refusal texts, cut at punctuation into runs of 4 words or more,
    leaving out what is the same in both languages (proper names)."""
    found: set[str] = set()
    for name in ("rules.ftl", "core.ftl"):
        for entry in parse((LOCALES_DIR / "en" / name).read_text(encoding="utf-8")).body:
            if not isinstance(entry, fluent.Message) or entry.value is None:
                continue
            if entry.comment is not None and "same in both" in (entry.comment.content or ""):
                continue
            for element in entry.value.elements:
                if isinstance(element, fluent.TextElement):
                    parts = re.split(r"[:;.,()*`!?\"“”„]", element.value)
                    found.update(" ".join(p.split()) for p in parts if len(p.split()) >= 4)
    return frozenset(found)


def assert_german(text: str) -> None:
    flat = " ".join(text.split())
    left = sorted(phrase for phrase in english_phrases() if phrase in flat)
    assert left == [], left


def test_english_phrases_catch_an_english_rules_text() -> None:
    assert len(english_phrases()) > 200
    with pytest.raises(AssertionError):
        assert_german(everything_of(rules_embeds("nannie", t=ENGLISH)))


def everything_of(embeds: list[Any]) -> str:
    return "\n".join(
        [e.title or "" for e in embeds]
        + [e.description or "" for e in embeds]
        + [f"{f.name}\n{f.value}" for e in embeds for f in e.fields]
    )


@pytest.mark.parametrize("topic", [None, *RULES_TOPICS])
def test_every_page_in_german(topic: str | None) -> None:
    german = everything_of(rules_embeds(topic, t=GERMAN))
    assert_german(german)
    assert german != everything_of(rules_embeds(topic, t=ENGLISH))
    assert "{" not in german and not re.search(r"\bR-\d", german)


def test_german_names_find_their_topic() -> None:
    assert find_topic("Kanadische Regel") == "canadian"
    assert find_topic("Variante: Nannies Regel") == "nannie"
    assert find_topic("Regeln der Camelot-Edition") == "camelot"
    assert find_topic("Canadian Rule") == "canadian"
    for topic in RULES_TOPICS:
        assert find_topic(topic_label(topic, t=GERMAN)) == topic
