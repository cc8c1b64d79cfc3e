"""Text in pictures: names in every script and emoji are drawn by a face that has their glyphs (never a
box), what no face has becomes "�", long names wrap or are cut between whole characters, and every label
is readable at the width Discord shows a picture."""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from cogs.table import pictures as images
from cogs.table.pictures import ChartScene, HandScene, Slot, TableScene, cards, glyphs, pieces, png, sprites
from cogs.table.pictures.style import (
    CARD_H,
    CARD_W,
    DISPLAY_WIDTH,
    HIGHLIGHT,
    INK_LIGHT,
    MIN_DISPLAYED_TEXT,
    SUPERSAMPLE,
    TEXT_SMALL,
    WIDTH,
    displayed,
)
from wizard_core import Suit
from wizard_core.cards import (
    EXCALIBUR_FACE,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    WIZARD_FACE,
    Card,
)

# Names as members and computers have them, one script each; the face each must be drawn in.
NAMES = {
    "latin": "Jürgen Weiß-Ærøskøbing Łódź Şükrü Nguyễn",
    "greek": "Ελένη Παπαδοπούλου",
    "cyrillic": "Дмитрий Шостакович",
    "chinese": "张伟 王秀英",
    "japanese": "山田たなか カタカナ",
    "korean": "김민준",
    "computer": "🤖 Ada (Easy)",
    "away": "Ben (🤖 away)",
    "emoji": "Zoë 🎲🔥👍🏽 ❤️",
    "sequences": "👨\u200d👩\u200d👧 🏳️\u200d🌈 1️⃣ 🇩🇪",
}
FACE_OF_SCRIPT = {
    "latin": "NotoSans[wght].ttf",
    "greek": "NotoSans[wght].ttf",
    "cyrillic": "NotoSans[wght].ttf",
    "chinese": "wqy-microhei.ttc",
    "japanese": "wqy-microhei.ttc",
    "korean": "wqy-microhei.ttc",
    "computer": "NotoEmoji[wght].ttf",
    "away": "NotoEmoji[wght].ttf",
    "emoji": "NotoEmoji[wght].ttf",
    "sequences": "NotoEmoji[wght].ttf",
}


@dataclass(frozen=True)
class TextCall:
    """One ``ImageDraw.text`` call: the text, the font file it was drawn with, its size and the size of
    the image drawn on."""

    text: str
    path: str
    index: int
    size: float
    target: tuple[int, int]


def clear_drawn_caches() -> None:
    """Forget every drawn sprite and tile, so the next pictures draw all their text again."""
    sprites.text_sprite.cache_clear()
    sprites.text_mask_kept.cache_clear()
    sprites.text_length.cache_clear()
    for cached in (cards.tile, cards.trump_mark, cards.back, cards.badge, cards.suit_label, png.card_palette):
        cached.cache_clear()
    images.cache_clear()


@pytest.fixture
def text_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[TextCall]]:
    """Every text Pillow is asked to draw while the test runs (the caches are cleared before and after)."""
    calls: list[TextCall] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> object:
        font = kwargs.get("font")
        assert isinstance(font, ImageFont.FreeTypeFont), "text is drawn with a font of the chain"
        assert isinstance(text, str) and isinstance(font.path, str)
        calls.append(TextCall(text, font.path, font.index, font.size, self.im.size))
        return original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    clear_drawn_caches()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    yield calls
    clear_drawn_caches()


@pytest.mark.parametrize("name", ["Ann", "山田 👩\u200d💻"])
def test_a_name_in_two_colours_is_set_once_and_looks_as_drawn_in_each(
    name: str, text_calls: list[TextCall]
) -> None:
    # A name is shown plain and, on their turn, highlighted: the second piece fills the first's mask.
    pieces.forget()
    png.card_palette()  # the palette's sample has text of its own
    text_calls.clear()
    plain, lit = (pieces.text(name, TEXT_SMALL, ink, 300) for ink in (INK_LIGHT, HIGHLIGHT))
    assert sorted(call.text for call in text_calls) == sorted(run.text for run in glyphs.runs(name))
    for piece, ink in ((plain, INK_LIGHT), (lit, HIGHLIGHT)):
        drawn = pieces.flat(sprites.text_sprite_once(name, TEXT_SMALL, ink, 300))
        assert piece.tobytes() == drawn.tobytes()
    assert plain.tobytes() != lit.tobytes()
    pieces.forget()


def decoded(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG") and len(data) < 200 * 1024
    image = Image.open(io.BytesIO(data))
    assert image.width == WIDTH
    return image


def every_picture(names: list[str]) -> None:
    """Hands (plain, on turn, Forehead round), tables of 3 to 6 players and a chart, with these names."""
    specials = (WIZARD_FACE, JESTER_FACE, MERLIN_FACE, EXCALIBUR_FACE, MORGAN_FACE, GRAIL_FACE)
    hand = (Card("3♠").face, Card("10♥").face, Card("Q♣").face, Card("7♦").face, *specials)
    decoded(images.draw_hand(HandScene(hand, Suit.HEARTS, frozenset(hand[::2]))))
    decoded(images.draw_hand(HandScene(hand, None)))
    decoded(images.draw_hand(HandScene((), None, None, 3)))
    decoded(
        images.draw_hand(
            HandScene((), Suit.SPADES, None, 1, tuple((n, hand[i % 10]) for i, n in enumerate(names)))
        )
    )
    details = ["won 10 of 20", "no bid yet", "won 2, saboteur", "won 0, bid ?", "out", "bid 3"]
    for count in range(3, 7):
        for start in range(0, len(names), count):
            group = (names[start:] + names)[:count]
            slots = tuple(
                Slot(
                    name,
                    details[i % 6],
                    hand[i] if i % 3 else None,
                    "wizard" if i == 2 else None,
                    i == 3,
                    i == 1,
                )
                for i, name in enumerate(group)
            )
            for trump, caption in ((Suit.DIAMONDS, "Diamonds"), (None, "Dealer picks")):
                decoded(
                    images.draw_table(
                        TableScene(f"Trick 2 of 9 was won by {group[1]}", WIZARD_FACE, trump, caption, slots)
                    )
                )
    for start in range(0, len(names), 6):
        six = tuple((names[start:] + names)[:6])
        totals = tuple(tuple((r * 37 * (p + 1)) % 130 - 50 for p in range(6)) for r in range(15))
        decoded(images.draw_chart(ChartScene(six, totals, (1, 2, 2, 4, 5, 6))))


# -- the faces and their character maps ---------------------------------------------------------------------


def test_the_chain_has_wide_faces_in_order() -> None:
    names = [face.name for face in glyphs.faces()]
    assert names[0] == "NotoSans[wght].ttf" and names[1] == "NotoEmoji[wght].ttf"
    assert {"wqy-microhei.ttc", "NotoSansSymbols[wght].ttf", "NotoSansArabic[wght].ttf"} <= set(names)
    # Pillow loads each of them.
    for face in glyphs.faces():
        sample = next(chr(code) for code in sorted(face.coverage) if _shows_ink(chr(code)))
        assert sprites.font(20, face).getbbox(sample)[2] > 0, face.name


def _shows_ink(char: str) -> bool:
    return unicodedata.category(char) not in ("Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me", "Co", "Cn")


def _mask(font: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    """What FreeType draws for a character: the size and pixels of its mask."""
    mask = font.getmask(char)
    return mask.size, bytes(mask)


def test_character_maps_agree_with_what_freetype_draws() -> None:
    """``read_cmap`` is what the drawing relies on: a character it says a face has is drawn with a glyph of
    its own, one it says the face lacks is drawn as the face's .notdef glyph (the box)."""
    chain = glyphs.faces()
    everything = frozenset().union(*(face.coverage for face in chain))
    for face in chain:
        font = ImageFont.truetype(face.path, 24, index=face.index, layout_engine=ImageFont.Layout.BASIC)
        notdef = _mask(font, "\U0010fffd")  # a private-use character no font has

        def looks_like_notdef(
            char: str, font: ImageFont.FreeTypeFont = font, notdef: tuple[tuple[int, int], bytes] = notdef
        ) -> bool:
            return _mask(font, char) == notdef

        covered = sorted(c for c in face.coverage if _shows_ink(chr(c)))
        assert covered, face.name
        for code in covered[:: max(1, len(covered) // 60)]:
            assert not looks_like_notdef(chr(code)), f"{face.name} draws U+{code:04X} as .notdef"
        lacking = sorted(c for c in everything - face.coverage if _shows_ink(chr(c)))
        for code in lacking[:: max(1, len(lacking) // 60)]:
            assert looks_like_notdef(chr(code)), f"{face.name} has a glyph for U+{code:04X}"


@pytest.mark.parametrize("script", sorted(NAMES))
def test_names_in_every_script_are_covered(script: str) -> None:
    runs = glyphs.runs(glyphs.clean(NAMES[script]))
    drawn = "".join(run.text for run in runs)
    assert glyphs.REPLACEMENT not in drawn, f"{script}: a character no face has"
    for run in runs:
        glyphs.check_covered(run.text, run.face)
    assert FACE_OF_SCRIPT[script] in {run.face.name for run in runs}


@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=40))
def test_plain_text_is_one_run_as_cutting_it_cluster_by_cluster_finds(text: str) -> None:
    # ``runs`` takes an ASCII text the first face covers whole without cutting it: the same runs.
    line = glyphs.clean(text)
    assert glyphs.runs(line) == glyphs._cut(line)


def test_emoji_sequences_stay_whole_in_the_emoji_face() -> None:
    runs = glyphs.runs(glyphs.clean(NAMES["sequences"]))
    emoji = [run.text for run in runs if run.face.name == "NotoEmoji[wght].ttf"]
    assert "".join(emoji).replace(" ", "") == NAMES["sequences"].replace(" ", "")
    assert glyphs.clusters("a👨\u200d👩\u200d👧b") == ["a", "👨\u200d👩\u200d👧", "b"]
    assert glyphs.clusters("1\ufe0f\u20e3e\u0301") == ["1\ufe0f\u20e3", "e\u0301"]


def test_what_no_face_has_becomes_the_replacement_character() -> None:
    # An Egyptian hieroglyph, an emoji newer than the fonts, a private-use character.
    runs = glyphs.runs(glyphs.clean("𓀀 Bob 🫩\ue000"))
    assert [(run.face.name, run.text) for run in runs] == [("NotoSans[wght].ttf", "� Bob ��")]
    # Characters with no look of their own are dropped; white space is a plain space.
    assert glyphs.clean("A\tB\nC\x00") == "A B C"
    assert "".join(run.text for run in glyphs.runs("\u200d\ufe0fAda")) == "Ada"
    # A letter joined by ZWJ to one of another script keeps its own face.
    runs = glyphs.runs("a\u200d张b")
    assert [(run.face.name, run.text) for run in runs] == [
        ("NotoSans[wght].ttf", "a\u200d"),
        ("wqy-microhei.ttc", "张"),
        ("NotoSans[wght].ttf", "b"),
    ]


def test_drawing_never_hands_pillow_a_character_its_font_lacks(text_calls: list[TextCall]) -> None:
    every_picture([*NAMES.values(), "𓀀 Bob 🫩", "A very long display name that goes on and on 🎲"])
    assert text_calls
    maps = {(face.path, face.index): glyphs.read_cmap(face.path, face.index) for face in glyphs.faces()}
    used = set()
    for call in text_calls:
        cmap = maps[(call.path, call.index)]
        missing = {char for char in call.text if ord(char) not in cmap}
        assert not missing, f"{call.text!r} drawn with {call.path}: no glyph for {missing}"
        used.add(call.path.rsplit("/", 1)[-1])
    assert {"NotoSans[wght].ttf", "NotoEmoji[wght].ttf", "wqy-microhei.ttc"} <= used
    # The names were drawn (the longest wrapped or cut).
    drawn = "".join(call.text for call in text_calls)
    for piece in ("🤖", "Дми", "Weiß", "Ελένη", "张伟", "김민준", "👨\u200d👩\u200d👧", "🇩🇪", "�"):
        assert piece in drawn, piece


def test_the_guard_refuses_a_character_the_face_lacks() -> None:
    with pytest.raises(ValueError, match="no glyph"):
        glyphs.check_covered("张", glyphs.primary())
    image = Image.new("RGBA", (200, 40))
    run = glyphs.Run(glyphs.primary(), "Ada 张")
    with pytest.raises(ValueError, match="no glyph"):
        sprites._draw_run(ImageDraw.Draw(image), 0, 30, run, 20, (0, 0, 0, 255), 0)


# -- fitting text into its place ----------------------------------------------------------------------------


def test_cut_names_end_between_whole_characters() -> None:
    name = "Zoë 👨\u200d👩\u200d👧👨\u200d👩\u200d👧👨\u200d👩\u200d👧 long tail"
    for width in range(20, 300, 7):
        cut = sprites.fit(name, 24, width)
        assert sprites.text_length(cut, 24) <= width or len(glyphs.clusters(cut)) <= 2
        if cut != name:
            assert cut.endswith(sprites.ELLIPSIS)
            assert name.startswith(cut[:-1].rstrip())
            assert not cut[:-1].endswith("\u200d")


def test_wrapped_names_keep_to_their_lines() -> None:
    assert sprites.wrap("🤖 Ada (Easy)", 26, 110, 2) == ["🤖 Ada", "(Easy)"]
    assert sprites.wrap("Ada", 26, 110, 2) == ["Ada"]
    lines = sprites.wrap("Дмитрий", 26, 80, 2)
    assert lines[0].endswith("-") and "".join(lines).replace("-", "") == "Дмитрий"
    lines = sprites.wrap("张伟王秀英山田太郎", 26, 80, 2)
    assert len(lines) == 2 and not lines[0].endswith("-") and lines[1].endswith(sprites.ELLIPSIS)
    for text in NAMES.values():
        for width in (60, 95, 140):
            lines = sprites.wrap(text, 26, width, 2)
            assert 1 <= len(lines) <= 2
            assert all(sprites.text_length(line, 26) <= width or len(line) <= 2 for line in lines)


# -- readable at Discord's size -----------------------------------------------------------------------------


def test_labels_are_readable_at_discord_display_width(text_calls: list[TextCall]) -> None:
    """Discord shows a picture ``DISPLAY_WIDTH`` (400) pixels wide: every label outside the cards is at
    least ``MIN_DISPLAYED_TEXT`` (11) pixels tall there; on the cards, ranks are larger still, and the
    names of special cards are as large as their card's width allows."""
    every_picture(list(NAMES.values()))
    tile = (CARD_W * SUPERSAMPLE, CARD_H * SUPERSAMPLE)
    labels = [displayed(call.size) for call in text_calls if call.target != tile]
    on_cards = {call.text: displayed(call.size / SUPERSAMPLE) for call in text_calls if call.target == tile}
    assert labels and on_cards
    assert min(labels) >= MIN_DISPLAYED_TEXT, sorted(labels)[:5]
    assert displayed(TEXT_SMALL) >= MIN_DISPLAYED_TEXT and DISPLAY_WIDTH / WIDTH == 0.5
    assert min(size for text, size in on_cards.items() if text[0].isdigit() or len(text) == 1) >= 16
    assert min(on_cards.values()) >= 7.5
    assert on_cards["WIZARD"] >= 10 and on_cards["JESTER"] >= MIN_DISPLAYED_TEXT


def test_pictures_with_names_in_every_script_stay_small() -> None:
    every_picture(list(NAMES.values()))  # ``decoded`` holds each under 200 KB and 800 px wide
