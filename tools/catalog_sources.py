"""Which English wording each translation was made from, so that a reworded English message shows up as
a translation to update.

Each translated language keeps ``cogs/locales/<lang>/sources.json``: for every message key, a short hash
of the English message (its text and attributes) that the translation says. ``tests/app/test_catalogs.py``
fails when the English has changed since; after updating the translation, record the new English:

    .venv/bin/python tools/catalog_sources.py update de     # record the English each message says now
    .venv/bin/python tools/catalog_sources.py check de      # list the messages whose English changed

A translator may also mark a message they are unsure of with a ``# fuzzy`` comment above it; the test
fails on those too, until someone checks the wording and removes the mark.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from fluent.syntax import FluentSerializer, parse
from fluent.syntax import ast as fluent

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "cogs" / "locales"
SOURCE = "en"
FUZZY_MARK = "fuzzy"


def messages(lang: str) -> dict[str, fluent.Message]:
    """A language's messages by key, from all its catalog files."""
    found: dict[str, fluent.Message] = {}
    for path in sorted((LOCALES / lang).glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fluent.Message):
                found[entry.id.name] = entry
    return found


def fingerprint(message: fluent.Message) -> str:
    """A short hash of what a message says (its comment left out)."""
    bare = fluent.Message(message.id, message.value, message.attributes)
    text = FluentSerializer().serialize_entry(bare)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def sources_path(lang: str) -> Path:
    """Where a language's record of its English sources is kept."""
    return LOCALES / lang / "sources.json"


def recorded(lang: str) -> dict[str, str]:
    """The English each of a language's messages was translated from, as recorded."""
    path = sources_path(lang)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def stale(lang: str) -> list[str]:
    """The keys whose English changed (or appeared) since the translation was recorded."""
    english, known = messages(SOURCE), recorded(lang)
    return sorted(key for key, message in english.items() if known.get(key) != fingerprint(message))


def fuzzy(lang: str) -> list[str]:
    """The keys a translator marked as unsure (a ``# fuzzy`` comment)."""
    return sorted(
        key
        for key, message in messages(lang).items()
        if message.comment is not None and FUZZY_MARK in (message.comment.content or "").lower().split()
    )


def update(lang: str) -> None:
    """Record, for each of a language's messages, the English it says now."""
    english = messages(SOURCE)
    present = set(messages(lang))
    sources = {key: fingerprint(message) for key, message in sorted(english.items()) if key in present}
    sources_path(lang).write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """``check`` (exit 1 on stale or fuzzy messages) or ``update`` a language's record."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("check", "update"))
    parser.add_argument("lang", help="the translated language, such as de")
    args = parser.parse_args(argv)
    if args.command == "update":
        update(args.lang)
        print(f"recorded the English of {len(recorded(args.lang))} messages for {args.lang}")
        return 0
    changed, unsure = stale(args.lang), fuzzy(args.lang)
    for key in changed:
        print(f"{key}: the English changed since the {args.lang} translation was made")
    for key in unsure:
        print(f"{key}: marked fuzzy")
    return 1 if changed or unsure else 0


if __name__ == "__main__":
    sys.exit(main())
