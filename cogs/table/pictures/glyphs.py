"""The fonts text is drawn in, and which of them draws each character (so no character is a box).

Text is set in a chain of faces, each asked only for the characters its character map (``cmap``) holds:

- Noto Sans, for Latin (with every accent, ß), Greek and Cyrillic, and the Noto faces of other scripts
  (Arabic, Hebrew, Devanagari, Thai, …): package ``manimgx-fonts``, SIL Open Font License 1.1;
- Noto Emoji, a one-colour emoji face (same package): 🤖 and every other emoji it knows, ZWJ sequences,
  skin tones, keycaps and flags included, is drawn as a glyph in the text's own colour;
- WenQuanYi Micro Hei, for Chinese, Japanese and Korean: package ``paperang-p2-fonts-cjk``,
  Apache License 2.0 (or GPL 3 with the font exception);
- Noto Sans Symbols, last.

A character no face holds (an emoji newer than Noto Emoji, a rare script) is drawn as U+FFFD "�", the
replacement character, never as an empty box; characters with no look of their own (format characters,
a variation selector or a joiner no face uses) are dropped. ``runs`` cuts a text into pieces that each
go to one face, and ``check_covered`` is the guard every piece passes before it reaches Pillow.

A face whose package is missing is skipped: its characters then become "�". Noto Sans is required.
"""

from __future__ import annotations

import functools
import importlib.util
import struct
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "REPLACEMENT",
    "Face",
    "Run",
    "check_covered",
    "clean",
    "clusters",
    "faces",
    "primary",
    "read_cmap",
    "runs",
]

REPLACEMENT = "\ufffd"  # "�": a character no face has
ZWJ = "\u200d"
KEYCAP = "\u20e3"
EMOJI_PRESENTATION = "\ufe0f"

# (package, file inside it, collection index); the order is the order faces are asked in.
NOTO = "manimgx_fonts"
CJK = "paperang_p2_fonts_cjk"
SCRIPTS = (
    "Arabic",
    "Armenian",
    "Bengali",
    "Devanagari",
    "Ethiopic",
    "Georgian",
    "Gujarati",
    "Gurmukhi",
    "Hebrew",
    "Kannada",
    "Khmer",
    "Lao",
    "Malayalam",
    "Myanmar",
    "Oriya",
    "Sinhala",
    "Tamil",
    "Telugu",
    "Thai",
)
CHAIN: tuple[tuple[str, str, int], ...] = (
    (NOTO, "NotoSans[wght].ttf", 0),
    (NOTO, "NotoEmoji[wght].ttf", 0),
    *((NOTO, f"NotoSans{script}[wght].ttf", 0) for script in SCRIPTS),
    (CJK, "fonts/wqy-microhei.ttc", 0),
    (NOTO, "NotoSansSymbols[wght].ttf", 0),
)


@dataclass(frozen=True, slots=True)
class Face:
    """One font file of the chain; the characters it draws are read from it when first asked for."""

    path: str
    index: int

    @property
    def name(self) -> str:
        return Path(self.path).name

    @property
    def coverage(self) -> frozenset[int]:
        """The code points the face has a glyph for."""
        return _coverage(self.path, self.index)

    def covers(self, char: str) -> bool:
        return ord(char) in _coverage(self.path, self.index)


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text drawn in one face."""

    face: Face
    text: str


# -- reading a font's character map -------------------------------------------------------------------


def _table_offsets(data: bytes, start: int) -> dict[bytes, int]:
    """The offsets of the tables of the sfnt font that begins at ``start``."""
    (count,) = struct.unpack_from(">H", data, start + 4)
    tables = {}
    for entry in range(count):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, start + 12 + 16 * entry)
        tables[tag] = offset
    return tables


def _format4(data: bytes, at: int) -> set[int]:
    (segments,) = struct.unpack_from(">H", data, at + 6)
    segments //= 2
    ends_at = at + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    ranges_at = deltas_at + 2 * segments
    ends = struct.unpack_from(f">{segments}H", data, ends_at)
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, deltas_at)
    range_offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
    codes: set[int] = set()
    for seg, (first, last, delta, range_offset) in enumerate(
        zip(starts, ends, deltas, range_offsets, strict=True)
    ):
        last = min(last, 0xFFFE)
        if range_offset == 0:  # every code of the segment, but one that would map to glyph 0
            unmapped = (-delta) & 0xFFFF
            codes.update(code for code in range(first, last + 1) if code != unmapped)
            continue
        for code in range(first, last + 1):
            at_glyph = ranges_at + 2 * seg + range_offset + 2 * (code - first)
            (glyph,) = struct.unpack_from(">H", data, at_glyph)
            if glyph and (glyph + delta) & 0xFFFF:
                codes.add(code)
    return codes


def _format12(data: bytes, at: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    codes: set[int] = set()
    for group in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * group)
        codes.update(range(first + (1 if glyph == 0 else 0), last + 1))
    return codes


def read_cmap(path: str | Path, index: int = 0) -> frozenset[int]:
    """The code points a TrueType or OpenType font (or a font of a collection) maps to a glyph."""
    data = Path(path).read_bytes()
    start = 0
    if data[:4] == b"ttcf":
        (start,) = struct.unpack_from(">I", data, 12 + 4 * index)
    cmap = _table_offsets(data, start)[b"cmap"]
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables: dict[int, int] = {}
    for entry in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * entry)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)):
            (fmt,) = struct.unpack_from(">H", data, cmap + offset)
            subtables.setdefault(fmt, cmap + offset)
    if 12 in subtables:
        return frozenset(_format12(data, subtables[12]))
    if 4 in subtables:
        return frozenset(_format4(data, subtables[4]))
    raise ValueError(f"{path}: no Unicode character map of format 4 or 12")


@functools.cache
def _coverage(path: str, index: int) -> frozenset[int]:
    return read_cmap(path, index)


# -- the chain --------------------------------------------------------------------------------------------


def _package_file(package: str, name: str) -> Path | None:
    """A file inside an installed package, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        candidate = Path(folder) / name
        if candidate.is_file():
            return candidate
    return None


@functools.cache
def faces() -> tuple[Face, ...]:
    """The faces text is set in, in the order they are asked; the first one is Noto Sans."""
    chain = []
    for package, name, index in CHAIN:
        path = _package_file(package, name)
        if path is not None:
            chain.append(Face(str(path), index))
    if not chain or Path(chain[0].path).name != CHAIN[0][1]:
        raise RuntimeError(
            "The pictures' font, Noto Sans, is missing: install the bot's dependencies "
            "(the package manimgx-fonts) with `pip install -e .`"
        )
    return tuple(chain)


def primary() -> Face:
    """Noto Sans: the face of everything but names (headings, numbers, captions, card faces)."""
    return faces()[0]


# -- cutting text into runs -------------------------------------------------------------------------------


def _is_extender(char: str) -> bool:
    """A character that belongs to the one before it: a combining mark, a joiner, a variation selector,
    a skin tone, a tag of a flag sequence, a keycap."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Cf")
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0020 <= code <= 0xE007F
    )


def clean(text: str) -> str:
    """One line of text as it is drawn: composed (NFC), white space as plain spaces, control characters
    and lone surrogates dropped."""
    text = unicodedata.normalize("NFC", text)
    chars = []
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category in ("Zs", "Zl", "Zp"):
            chars.append(" ")
        elif category not in ("Cc", "Cs"):
            chars.append(char)  # unassigned (Cn) too: Python's Unicode may be older than the fonts'
    return "".join(chars)


def clusters(text: str) -> list[str]:
    """The text cut into what is drawn as one: a character and what extends it, and characters joined
    by ZWJ (an emoji sequence). Cutting text between clusters never leaves half an emoji."""
    result: list[str] = []
    for char in text:
        if result and (_is_extender(char) or result[-1].endswith(ZWJ)):
            result[-1] += char
        else:
            result.append(char)
    return result


def _face_for(cluster: str, chain: Sequence[Face]) -> Face | None:
    """The first face holding the cluster's first character; an emoji face first when the cluster asks
    for emoji presentation (VS16, a keycap, a skin tone, a ZWJ sequence)."""
    base = cluster[0]
    wants_emoji = len(cluster) > 1 and any(
        c in (EMOJI_PRESENTATION, KEYCAP, ZWJ) or 0x1F3FB <= ord(c) <= 0x1F3FF for c in cluster[1:]
    )
    if wants_emoji:
        for face in chain:
            if "Emoji" in face.name and face.covers(base):
                return face
    return next((face for face in chain if face.covers(base)), None)


def _split(cluster: str, face: Face) -> tuple[str, str]:
    """The part of a cluster its face draws, and the rest: from the first character the face lacks that
    has a look of its own (a letter joined by ZWJ to one of another script). Characters the face lacks
    with no look of their own (a joiner, a selector) are left out."""
    piece = []
    for index, char in enumerate(cluster):
        if face.covers(char):
            piece.append(char)
        elif not _is_extender(char):
            return "".join(piece), cluster[index:]
    return "".join(piece), ""


def runs(text: str) -> list[Run]:
    """The text (already ``clean``) cut into runs, each drawn by one face of the chain.

    A character no face holds becomes "�" (drawn by Noto Sans); extenders with nothing to extend are
    dropped, and so are the characters of a cluster its face lacks with no look of their own.
    """
    first = faces()[0]
    if text.isascii() and first.coverage.issuperset(map(ord, text)):
        # Most text (headings, bids, most names): one run of the first face, as ``_cut`` would find.
        return [Run(first, text)] if text else []
    return _cut(text)


def _cut(text: str) -> list[Run]:
    """``runs``, cluster by cluster."""
    chain = faces()
    result: list[Run] = []
    pending = clusters(text)
    pending.reverse()
    while pending:
        cluster = pending.pop()
        while cluster and _is_extender(cluster[0]):
            cluster = cluster[1:]  # with nothing before it to extend (a lone joiner, a stray skin tone)
        if not cluster:
            continue
        face = _face_for(cluster, chain)
        if face is None:
            face, piece, rest = chain[0], REPLACEMENT, cluster[1:]
        else:
            piece, rest = _split(cluster, face)
        if rest:
            pending.extend(reversed(clusters(rest)))
        if result and result[-1].face == face:
            result[-1] = Run(face, result[-1].text + piece)
        else:
            result.append(Run(face, piece))
    return result


def check_covered(text: str, face: Face) -> None:
    """Raise if ``face`` lacks a character of ``text``: nothing reaches Pillow that it would draw as a box."""
    missing = [char for char in text if not face.covers(char)]
    if missing:
        raise ValueError(f"{face.name} has no glyph for {''.join(missing)!r} (in {text!r})")
