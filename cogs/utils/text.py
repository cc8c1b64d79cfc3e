"""Text for Discord: its length limits, names, durations in words, long text in pieces, and the slash
commands' texts in every language.

Generic helpers every feature uses; nothing here knows about Wizard.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import discord
from discord import app_commands
from discord.utils import escape_markdown

from cogs.utils.i18n import DEFAULT_LANGUAGE, ENGLISH, Texts, language_of, texts

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_COUNT_LIMIT = 25
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
AUTHOR_LIMIT = 256
EMBED_TOTAL_LIMIT = 6000
BUTTON_LABEL_LIMIT = 80
SELECT_LABEL_LIMIT = 100
SELECT_DESCRIPTION_LIMIT = 100
EMBEDS_PER_MESSAGE = 10
NAME_LIMIT = 32
ELLIPSIS = "…"
# The widest line a code block may have, in columns (as ``cogs.table.render.text_width`` counts them), so a
# phone shows every line of a table whole, neither cut nor wrapped (issue 26).
CODE_BLOCK_WIDTH = 36


# -- limits ------------------------------------------------------------------------------------------------


def embed_length(embed: discord.Embed) -> int:
    """The characters Discord counts towards an embed's 6000 (title, description, fields, footer, author)."""
    return len(embed)


def embed_limit_problems(embed: discord.Embed) -> list[str]:
    """Every Discord embed limit this embed breaks, in words (an empty list when it may be sent)."""
    problems = []
    checks = [
        ("title", embed.title or "", TITLE_LIMIT),
        ("description", embed.description or "", DESCRIPTION_LIMIT),
        ("footer", embed.footer.text or "", FOOTER_LIMIT),
        ("author", embed.author.name or "", AUTHOR_LIMIT),
    ]
    for index, field in enumerate(embed.fields):
        checks.append((f"field {index} name", field.name or "", FIELD_NAME_LIMIT))
        checks.append((f"field {index} value", field.value or "", FIELD_VALUE_LIMIT))
        if not (field.name or "").strip() or not (field.value or "").strip():
            problems.append(f"field {index} has an empty name or value")
    for what, text, limit in checks:
        if len(text) > limit:
            problems.append(f"{what} has {len(text)} characters (limit {limit})")
    if len(embed.fields) > FIELD_COUNT_LIMIT:
        problems.append(f"{len(embed.fields)} fields (limit {FIELD_COUNT_LIMIT})")
    if embed_length(embed) > EMBED_TOTAL_LIMIT:
        problems.append(f"{embed_length(embed)} characters in all (limit {EMBED_TOTAL_LIMIT})")
    return problems


def checked(embed: discord.Embed) -> discord.Embed:
    """The embed itself, once it is known to respect every limit (a failure here is a renderer bug)."""
    problems = embed_limit_problems(embed)
    assert not problems, f"embed breaks Discord's limits: {'; '.join(problems)}"
    return embed


def clip(text: str, limit: int) -> str:
    """Text cut to at most ``limit`` characters, an ellipsis showing the cut."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


# -- names ---------------------------------------------------------------------------------------------


def short_name(name: str) -> str:
    """A name on one line, at most ``NAME_LIMIT`` characters."""
    return clip(" ".join(name.split()), NAME_LIMIT)


def duration(seconds: float, *, t: Texts) -> str:
    """A length of time in words, to the second: "2 minutes", "1 minute 30 seconds", "45 seconds".

    >>> [duration(seconds, t=ENGLISH) for seconds in (60, 90, 44.6)], duration(90, t=texts("de"))
    (['1 minute', '1 minute 30 seconds', '45 seconds'], '1 Minute 30 Sekunden')
    """
    minutes, rest = divmod(max(1, round(seconds)), 60)
    if not rest:
        return t("reply-duration-minutes", minutes=minutes)
    if not minutes:
        return t("reply-duration-seconds", seconds=rest)
    return t("reply-duration-minutes-seconds", minutes=minutes, seconds=rest)


def display_name(name: str) -> str:
    """A player's name for Markdown text: one line, at most 32 characters, Markdown escaped."""
    return escape_markdown(short_name(name))


def block_name(name: str) -> str:
    """A player's name for a code block, where escapes would show but a backtick could end the block."""
    return short_name(name).replace("`", "'")


def code_block(lines: Iterable[str]) -> str:
    """Lines as a Markdown code block, trailing spaces dropped."""
    return "```\n" + "\n".join(line.rstrip() for line in lines) + "\n```"


# -- long text in pieces ---------------------------------------------------------------------------


def chunk_lines(text: str, limit: int = FIELD_VALUE_LIMIT) -> Iterator[str]:
    """Split text at line breaks into pieces of at most `limit` characters (for embed fields)."""
    piece = ""
    for line in text.splitlines():
        while len(line) > limit:
            if piece:
                yield piece
                piece = ""
            yield line[:limit]
            line = line[limit:]
        candidate = f"{piece}\n{line}" if piece else line
        if len(candidate) > limit:
            yield piece
            candidate = line
        piece = candidate
    if piece:
        yield piece


def message_batches(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages within Discord's limits (10 embeds, 6000 characters in all)."""
    batches: list[list[discord.Embed]] = [[]]
    size = 0
    for embed in embeds:
        length = len(embed)
        if batches[-1] and (len(batches[-1]) == EMBEDS_PER_MESSAGE or size + length > EMBED_TOTAL_LIMIT):
            batches.append([])
            size = 0
        batches[-1].append(embed)
        size += length
    return batches


# -- slash commands in every language ------------------------------------------------------------------


def command_text(key: str) -> app_commands.locale_str:
    """A slash command's, option's or choice's name or description: the English text of ``key``, which
    Discord gets as the default, carrying ``key`` so that ``CommandTexts`` finds it in other languages.

    >>> command_text("command-wizard-name")
    locale_str('wizard', key='command-wizard-name')
    """
    return app_commands.locale_str(ENGLISH(key), key=key)


class CommandTexts(app_commands.Translator):
    """discord.py's translator for the slash commands: the text of a ``command_text`` key in the language
    of a Discord locale the bot speaks (other than English, which is the default Discord is given)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale)
        if not isinstance(key, str) or lang is None or lang == DEFAULT_LANGUAGE:
            return None
        return texts(lang)(key)
