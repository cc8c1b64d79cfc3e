"""The code blocks of the bot's messages, read back: that every line fits a phone (issue 26), and a score
sheet's figures, whichever blocks its players were spread over.

``assert_code_blocks_fit`` takes what a test has at hand: a SimCord ``Env`` (every message the bot sent),
a reply, an embed, a payload or a text, or a list of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import discord
from simcord import Env, HttpLogEntry

from cogs.table.render import text_width
from cogs.utils.text import CODE_BLOCK_WIDTH

BLOCK = re.compile(r"```[^\n`]*\n(.*?)```", re.DOTALL)


def texts_of(source: Any) -> Iterator[str]:
    """Every text in a message, an embed, a payload, a recorded request or an environment's requests."""
    if isinstance(source, str):
        yield source
    elif isinstance(source, Env):
        yield from texts_of(source.http_requests)
    elif isinstance(source, HttpLogEntry):
        yield from texts_of(source.json)
    elif isinstance(source, discord.Embed):
        yield from texts_of(source.to_dict())
    elif isinstance(source, Mapping):
        for value in source.values():
            yield from texts_of(value)
    elif isinstance(source, list | tuple):
        for item in source:
            yield from texts_of(item)
    elif hasattr(source, "embeds"):
        yield from texts_of(getattr(source, "content", None) or "")
        yield from texts_of(list(source.embeds))


def code_blocks(source: Any) -> list[list[str]]:
    """The lines of every code block in a source's texts."""
    return [
        match.group(1).rstrip("\n").split("\n") for text in texts_of(source) for match in BLOCK.finditer(text)
    ]


def assert_code_blocks_fit(source: Any, width: int = CODE_BLOCK_WIDTH) -> int:
    """Fail, naming every offender, if a line of a code block is wider than ``width`` columns; return how
    many blocks were checked (so a test can tell that it checked some)."""
    blocks = code_blocks(source)
    wide = [
        f"{text_width(line):>3} |{line}|" for block in blocks for line in block if text_width(line) > width
    ]
    assert not wide, f"code block lines wider than {width} columns:\n" + "\n".join(wide)
    return len(blocks)


# A score sheet's entry of one player in one round: (bid/tricks, running total), or the "out" word alone.
Entry = tuple[str, ...]


def read_sheet(text: str) -> tuple[list[list[str]], dict[str, list[Entry]]]:
    """A score sheet's code blocks read back: each round's first columns (its number, and the cards dealt
    if a column says so), and each player's entries by the label heading their column."""
    marks: list[list[str]] = []
    players: dict[str, list[Entry]] = {}
    for head, *rows in (block for block in code_blocks(text)):
        words = head.split()
        labels = words[words.index("n") + 1 if "n" in words else 1 :]
        firsts = len(words) - len(labels)
        for index, row in enumerate(rows):
            tokens = row.split()
            if len(marks) <= index:
                marks.append(tokens[:firsts])
            assert marks[index] == tokens[:firsts], f"the blocks disagree on round {index + 1}"
            entries = _entries(tokens[firsts:])
            assert len(entries) == len(labels), f"{row!r} under {head!r}"
            for label, entry in zip(labels, entries, strict=True):
                players.setdefault(label, []).append(entry)
    return marks, players


def _entries(tokens: list[str]) -> list[Entry]:
    entries: list[Entry] = []
    while tokens:
        if "/" in tokens[0]:
            entries.append((tokens[0], tokens[1]))
            tokens = tokens[2:]
        else:
            entries.append((tokens[0],))
            tokens = tokens[1:]
    return entries
