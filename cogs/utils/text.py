"""Text for Discord: its length limits, names, numbers and durations in words, and long text in pieces.

Generic helpers every feature uses; nothing here knows about Wizard.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import discord
from discord.utils import escape_markdown

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


def duration(seconds: float) -> str:
    """A length of time in words, to the second: "2 minutes", "1 minute 30 seconds", "45 seconds".

    >>> duration(60), duration(90), duration(44.6)
    ('1 minute', '1 minute 30 seconds', '45 seconds')
    """
    total = max(1, round(seconds))
    minutes, rest = divmod(total, 60)
    parts = []
    if minutes:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    if rest:
        parts.append(f"{rest} second{'s' if rest != 1 else ''}")
    return " ".join(parts)


def display_name(name: str) -> str:
    """A player's name for Markdown text: one line, at most 32 characters, Markdown escaped."""
    return escape_markdown(short_name(name))


def block_name(name: str) -> str:
    """A player's name for a code block, where escapes would show but a backtick could end the block."""
    return short_name(name).replace("`", "'")


def code_block(lines: Iterable[str]) -> str:
    """Lines as a Markdown code block, trailing spaces dropped."""
    return "```\n" + "\n".join(line.rstrip() for line in lines) + "\n```"


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


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
