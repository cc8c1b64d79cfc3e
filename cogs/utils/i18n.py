"""The bot's languages: message catalogs, who reads which language, and numbers and dates per language.

Every text a player reads comes from a catalog in Fluent's format (https://projectfluent.org), one file
per feature and language under ``cogs/locales/<language>/``: English (``en``) and German (``de``). A
message is looked up by its key with named arguments; Fluent chooses plural forms by the language's rules
(``{ $count -> [one] … *[other] … }``) and formats numbers and dates through Babel::

    t = texts("de")
    t("tricks-won", count=2)  # "2 Stiche"

Code that renders text takes a ``Texts`` (one language's catalog) and never builds a sentence from
English pieces. A key missing in a language falls back to English (logged once); a key missing in English
is a bug and raises ``KeyError``. ``tests/app/test_catalogs.py`` holds both catalogs to the same keys and
the same placeholders.

Who reads which language:

- a server's channel messages follow its language in ``/wizard settings``; by default German when the
  server's Discord language (``Guild.preferred_locale``) is German, else English (``server_language``);
- a player's private replies follow their own Discord client's language (``Interaction.locale``), and the
  DMs the bot sends on its own follow the language they last used with it, falling back to the server's
  (``reader_language``).
"""

from __future__ import annotations

import datetime
import functools
import logging
from pathlib import Path
from typing import Any, Literal, cast

import babel.dates
import babel.numbers
from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger(__name__)

Lang = Literal["en", "de"]
LANGUAGES: tuple[Lang, ...] = ("en", "de")
DEFAULT_LANGUAGE: Lang = "en"
# The catalog keys of the languages' own names (for the settings menu).
LANGUAGE_NAMES: dict[Lang, str] = {"en": "language-en", "de": "language-de"}
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"


def language_of(locale: object) -> Lang | None:
    """The bot's language for a Discord locale (``"de"``, ``"en-US"``, a ``discord.Locale``), or None when
    the bot does not speak it."""
    value = str(getattr(locale, "value", locale) or "").lower()
    for lang in LANGUAGES:
        if value == lang or value.startswith(f"{lang}-"):
            return lang
    return None


def server_language(chosen: str | None, preferred_locale: object) -> Lang:
    """A server's language: the one chosen in its settings, else its Discord language if the bot speaks
    it, else English."""
    return language_of(chosen) or language_of(preferred_locale) or DEFAULT_LANGUAGE


def guild_language(chosen: str | None, guild: object | None) -> Lang:
    """``server_language`` of a Discord server (a ``discord.Guild``, or None outside one)."""
    return server_language(chosen, getattr(guild, "preferred_locale", None))


def reader_language(locale: object, fallback: Lang) -> Lang:
    """The language of one reader: their Discord client's, if the bot speaks it, else ``fallback``."""
    return language_of(locale) or fallback


def catalog_files(lang: Lang) -> list[Path]:
    """A language's catalog files, in a stable order."""
    return sorted((LOCALES_DIR / lang).glob("*.ftl"))


@functools.cache
def _bundle(lang: Lang) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    for path in catalog_files(lang):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


@functools.cache
def _warn_missing(lang: Lang, key: str) -> None:
    log.warning("The %s catalog has no %r; English is shown instead", lang, key)


class Explained(Exception):
    """A failure a player is told about in plain words: ``key`` names its catalog message. Raised below
    the Discord layer (a store, say); ``replies.report_failure`` shows it in the reader's language."""

    key = "reply-sorry"


class Texts:
    """One language's catalog: ``t(key, **args)`` is the text of ``key``; also numbers and dates."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def __repr__(self) -> str:
        return f"Texts({self.lang!r})"

    def __call__(self, key: str, **args: Any) -> str:
        if any(isinstance(value, str) and len(value) > KEPT_ARGUMENT for value in args.values()):
            return self._format(key, args)  # a text made of other texts: seldom the same twice
        try:
            # The type is part of the key: 1, 1.0 and True are equal, but not written alike.
            return _formatted(
                self.lang, key, tuple((name, type(value), value) for name, value in sorted(args.items()))
            )
        except TypeError:  # an argument that cannot be a key of the memo (a list, say)
            return self._format(key, args)

    def _format(self, key: str, args: dict[str, Any]) -> str:
        bundle = _bundle(self.lang)
        if not bundle.has_message(key):
            if self.lang == DEFAULT_LANGUAGE:
                raise KeyError(f"no message {key!r} in the English catalog")
            _warn_missing(self.lang, key)
            return texts(DEFAULT_LANGUAGE)(key, **args)
        message = bundle.get_message(key)
        if message.value is None:
            raise KeyError(f"message {key!r} has no value in the {self.lang} catalog")
        text, errors = bundle.format_pattern(message.value, dict(args))
        for error in errors:
            log.warning("Formatting %r in the %s catalog: %s", key, self.lang, error)
        return cast(str, text)

    def has(self, key: str) -> bool:
        """Whether this language's catalog has ``key``."""
        return _bundle(self.lang).has_message(key)

    def number(self, value: float) -> str:
        """A number as this language writes it (``1,234.5`` or ``1.234,5``)."""
        return babel.numbers.format_decimal(value, locale=self.lang)

    def date(self, value: datetime.date | datetime.datetime) -> str:
        """A date as this language writes it, in its medium form (``Dec 1, 2026``, ``01.12.2026``)."""
        return babel.dates.format_date(value, format="medium", locale=self.lang)


# Most texts a message is made of repeat with the same arguments (a card's name, "Round 3", a player's
# bid), and formatting one through Fluent and Babel takes some 10 to 20 microseconds, dozens of times a
# click: the texts are kept by language, key and arguments, the least recently used dropped first. A text
# with a long argument (a list of players, a whole line) is not kept: it hardly repeats, and kept texts
# stay small (16,384 of at most a few hundred bytes).
KEPT_ARGUMENT = 64


@functools.lru_cache(maxsize=16384)
def _formatted(lang: Lang, key: str, args: tuple[tuple[str, type, Any], ...]) -> str:
    return texts(lang)._format(key, {name: value for name, _, value in args})


@functools.cache
def texts(lang: Lang) -> Texts:
    """The catalog of a language."""
    return Texts(lang)


ENGLISH = texts("en")
