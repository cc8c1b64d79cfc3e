"""Pictures: every card draws, hands of 1 to 20 cards, tables in every phase, charts, sizes and the cache."""

from __future__ import annotations

import asyncio
import io
import itertools
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest
from PIL import Image

from cogs.table import pictures as images
from cogs.table import render
from cogs.table.pictures import ChartScene, HandScene, TableScene, chart, png
from cogs.table.pictures import cache as picture_cache
from cogs.table.pictures import hand as hand_picture
from cogs.table.pictures import table as table_picture
from cogs.table.pictures.sprites import DRAWING, font
from cogs.table.pictures.workers import Painters
from wizard_core import Game, GameResult, Phase, PlayerView, Rules, Suit, decode
from wizard_core.cards import JESTER_FACE, MERLIN_FACE, WIZARD_FACE, Card, deck
from wizard_core.tricks import MERLIN_AS_JESTER, MerlinAs

SIZE_LIMIT = 200 * 1024
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decoded(data: bytes) -> Image.Image:
    """The picture, once it is known to be a PNG under the size limit, 800 pixels wide."""
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < SIZE_LIMIT, f"{len(data) / 1024:.0f} KB"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width == images.WIDTH
    return image


def faces(edition: str) -> list[int]:
    return sorted({card.face for card in deck(edition)})


def random_game(players: int, edition: str, seed: int) -> Game:
    game = Game(players, Rules(edition), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def views_of(game_seed: int, players: int = 4, edition: str = "camelot") -> Iterator[tuple[Game, PlayerView]]:
    """Every state of a random game, as the current player sees it."""
    game = Game(players, Rules(edition), seed=game_seed)
    rng = random.Random(game_seed)
    while not game.is_over:
        assert game.current_player is not None
        yield game, game.view(game.current_player)
        game.apply(rng.choice(game.legal_actions()))


# -- cards and hands -------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_every_card_of_both_editions_draws_and_looks_its_own(edition: str) -> None:
    pictures = {}
    for face in faces(edition):
        for trump in (None, Suit.HEARTS):
            for playable in (None, frozenset({face}), frozenset()):
                decoded(images.draw_hand(HandScene((face,), trump, playable)))
        pictures[face] = images.draw_hand(HandScene((face,), None))
    # No two cards look the same: each face has a picture of its own.
    assert len(set(pictures.values())) == len(pictures)


def test_hands_of_1_to_20_cards() -> None:
    rng = random.Random(20)
    cards = deck("camelot")
    heights = []
    for count in range(1, 21):
        hand = rng.sample(cards, count)
        trump = rng.choice([None, *Suit])
        ordered = tuple(card.face for card in render.sort_hand(hand, trump))
        playable = frozenset(rng.sample(ordered, rng.randint(1, count)))
        plain = decoded(images.draw_hand(HandScene(ordered, trump)))
        on_turn = decoded(images.draw_hand(HandScene(ordered, trump, playable)))
        assert plain.size == on_turn.size
        heights.append(plain.height)
    # One row up to 8 cards, two up to 16, three up to 20.
    assert heights[0] == heights[7] < heights[8] == heights[15] < heights[16] == heights[19]


def test_an_empty_hand_draws() -> None:
    decoded(images.draw_hand(HandScene((), Suit.CLUBS)))


def test_hand_scene_is_the_sorted_hand_and_what_may_be_played() -> None:
    seen = set()
    for game, view in views_of(5, players=3):
        scene = images.hand_scene(view)
        assert scene.faces == tuple(card.face for card in render.sort_hand(view.hand, view.trump))
        assert scene.trump is view.trump
        if view.phase is Phase.PLAY:
            legal = {decode(code).card.face for code in view.legal_actions}  # type: ignore[union-attr]
            assert scene.playable == legal
            seen.add("play" if len(legal) < len(set(view.hand)) else "any")
        else:
            assert scene.playable is None
            seen.add(view.phase.value)
        # Other players see it as it is (no highlights): it is not their turn.
        other = (view.player + 1) % len(view.players)
        assert images.hand_scene(game.view(other)).playable is None
    assert {"play", "any", "bid"} <= seen


def test_merlin_is_playable_once_for_both_declarations() -> None:
    for _game, view in views_of(11):
        if MERLIN_FACE in view.legal_actions and MERLIN_AS_JESTER in view.legal_actions:
            assert MERLIN_FACE in (images.hand_scene(view).playable or ())
            return
    pytest.fail("Merlin was never playable in this game")


# -- the table ---------------------------------------------------------------------------------------------


def test_every_state_of_a_game_draws_a_table() -> None:
    headings = set()
    for seed in (1, 2):
        for game, view in views_of(seed, players=3 + seed, edition="camelot"):
            public = game.public_view()
            scene = images.table_scene(public)
            assert scene == images.table_scene(view)  # only public things are drawn
            if game.version % 7 == 0 or game.phase is not Phase.PLAY:
                decoded(images.draw_table(scene))
            headings.add(scene.heading.split(":")[0].split(" ")[0])
            assert len(scene.slots) == len(public.players)
            assert sum(slot.turn for slot in scene.slots) <= 1
            assert sum(slot.winner for slot in scene.slots) <= 1
    assert {"Round", "Trick"} <= headings


def test_the_table_shows_the_trick_in_play_order_and_then_its_winner() -> None:
    game = Game(["Ann", "Ben", "Cy", "Dee"], Rules("classic"), seed=3)
    rng = random.Random(3)
    while not (game.phase is Phase.PLAY and len(game.current_trick().plays) == 2):
        game.apply(rng.choice(game.legal_actions()))
    view = game.public_view()
    scene = images.table_scene(view)
    trick = view.current_trick
    assert scene.slots[0].name == view.players[trick.leader]
    assert [slot.face for slot in scene.slots][:2] == [play.card.face for play in trick.plays]
    assert scene.slots[2].face is None and scene.slots[2].turn
    assert not any(slot.winner for slot in scene.slots)
    while len(game.current_trick().plays) != 0:
        game.apply(rng.choice(game.legal_actions()))
    view = game.public_view()
    if view.phase is Phase.PLAY:  # the finished trick stays in the picture until the next card
        scene = images.table_scene(view)
        last = view.completed_tricks[-1]
        assert all(slot.face is not None for slot in scene.slots)
        assert not any(slot.turn for slot in scene.slots)
        assert [slot.winner for slot in scene.slots].count(True) == (0 if last.winner is None else 1)
        assert "won by" in scene.heading or "null" in scene.heading


def test_trump_states_and_long_names_draw() -> None:
    long_name = "A very long display name that goes on `and on` 🎲"
    cases: list[tuple[int | None, MerlinAs | None, bool, bool]] = [
        (MERLIN_FACE, "wizard", False, True),
        (MERLIN_FACE, "jester", False, False),
        (None, None, True, False),
        (WIZARD_FACE, None, False, False),
        (JESTER_FACE, None, False, False),
        (None, None, False, False),
    ]
    slots = tuple(
        images.Slot(name=long_name, detail="won 10 of 20", face=face, merlin=merlin, turn=turn, winner=win)
        for face, merlin, turn, win in cases
    )
    for turned_up, trump, caption in [
        (None, None, "No trump"),
        (JESTER_FACE, None, "No trump"),
        (WIZARD_FACE, None, "Dealer picks"),
        (WIZARD_FACE, Suit.DIAMONDS, "Diamonds"),
        (Card("Q♠").face, Suit.SPADES, "Spades"),
    ]:
        scene = TableScene("Trick 20 of 20: " + long_name, turned_up, trump, caption, slots)
        decoded(images.draw_table(scene))


# -- the chart ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_charts_for_3_to_6_players(players: int, edition: str) -> None:
    game = random_game(players, edition, seed=players)
    result = game.result()
    assert min(result.totals) < 0  # random play bids badly: negative scores are drawn too
    scene = images.chart_scene(result, game.players)
    assert len(scene.totals) == game.rounds_total
    image = decoded(images.draw_chart(scene))
    assert image.height < image.width


def test_charts_of_unusual_games_draw() -> None:
    names = ("Ann", "Ben", "Cy")
    scenes = [
        ChartScene(names, ((0, 0, 0),), (1, 1, 1)),  # one round, nobody scored, a three-way tie
        ChartScene(names, ((-10, -20, -30), (-40, -50, -60)), (1, 2, 3)),  # only negative totals
        ChartScene(names, ((990, 20, 0), (2000, -1500, 30)), (1, 3, 2)),  # wide range
        ChartScene(
            tuple("x" * 40 for _ in range(6)), tuple((r, -r, 0, r, -r, 0) for r in range(60)), (1,) * 6
        ),
    ]
    for scene in scenes:
        decoded(images.draw_chart(scene))


def test_the_chart_numbers_rounds_at_even_steps() -> None:
    """Issue 26: a 15-round chart read 0, 2, … 12, 15; every step is now the same."""
    for rounds in range(1, 61):
        ticks = chart.round_ticks(rounds)
        steps = {b - a for a, b in itertools.pairwise(ticks)}
        assert ticks[0] == 0 and len(steps) <= 1 and ticks[-1] <= rounds, (rounds, ticks)
        assert rounds - ticks[-1] < (steps.pop() if steps else 1), (rounds, ticks)


def test_a_long_name_in_the_legend_is_broken_at_a_word_not_cut() -> None:
    """Issue 26: "Grace (Har…" and "Jürgen 🧙 Str…": two lines, each word whole."""
    room = 180
    for name in ("Grace (Hard)", "Jürgen 🧙 Strasse", "Ada Lovelace-Byron"):
        lines = chart.legend_lines(name, room)
        assert " ".join(lines) == name and not any(line.endswith("…") for line in lines), lines
    assert chart.legend_lines("Ann", room) == ["Ann"]
    # With no room left for second lines, a name is shortened at a word.
    assert chart.shorten("Grace Hopper (Hard)", 180) in ("Grace Hopper…", "Grace…")
    assert chart.shorten("Bo", 180) == "Bo"


def test_a_chart_with_long_names_draws() -> None:
    names = ("Grace (Hard)", "Jürgen 🧙 Strasse", "Ada Lovelace-Byron", "Bo", "Ceci Marchand", "Dee")
    scene = ChartScene(names, tuple((r, -r, 2 * r, 0, r, -r) for r in range(15)), (1, 2, 3, 4, 5, 6))
    image = decoded(images.draw_chart(scene))
    assert image.height < image.width


def test_chart_scene_follows_the_result() -> None:
    game = random_game(4, "classic", seed=8)
    result: GameResult = game.result()
    scene = images.chart_scene(result, ["  Ann \n Lee ", "Ben", "Cy", "Dee"])
    assert scene.names[0] == "Ann Lee"
    assert scene.totals[-1] == result.totals and scene.places == result.places


# -- sizes, the cache and the event loop ---------------------------------------------------------------


def test_the_largest_pictures_stay_under_200_kb() -> None:
    camelot = faces("camelot")
    every_kind = tuple(camelot[:12] + camelot[-8:])  # specials and suit cards, 20 in all
    decoded(images.draw_hand(HandScene(every_kind, Suit.SPADES, frozenset(every_kind[::2]))))
    game = random_game(6, "camelot", seed=6)
    decoded(images.draw_chart(images.chart_scene(game.result(), game.players)))
    game = random_game(3, "classic", seed=3)
    decoded(images.draw_chart(images.chart_scene(game.result(), game.players)))


def test_pictures_are_cached_by_content() -> None:
    images.cache_clear()
    game = Game(["Ann", "Ben", "Cy"], Rules("classic"), seed=1)
    first = images.hand_png(game.view(0))
    assert images.hand_png(game.view(0)) is first
    # A new view with the same content (another game, same cards) is the same picture.
    assert images.hand_png(Game(["Ann", "Ben", "Cy"], Rules("classic"), seed=1).view(0)) is first
    assert images.table_png(game.public_view()) is images.table_png(game.public_view())
    game.apply(game.legal_actions()[0])
    assert images.table_png(game.public_view()) != images.table_png(
        Game(3, Rules("classic"), seed=1).public_view()
    )


def test_the_cache_forgets_the_least_recently_used() -> None:
    cache: picture_cache.LRU[int] = picture_cache.LRU(7)  # bytes
    cache.put(1, b"one")
    cache.put(2, b"two")
    assert cache.get(1) == b"one"
    cache.put(3, b"xy")
    assert cache.get(2) is None and cache.get(1) == b"one" and cache.get(3) == b"xy"
    assert cache.used == 5 and len(cache) == 2


def test_the_cache_is_bounded_by_its_bytes() -> None:
    cache: picture_cache.LRU[int] = picture_cache.LRU(1000)
    for key in range(100):
        cache.put(key, bytes(90))
    assert cache.used <= 1000 and len(cache) == 11
    assert [key for key in range(100) if cache.get(key) is not None] == list(range(89, 100))
    cache.put(99, bytes(10))  # kept again, smaller: counted once
    assert cache.used == 10 * 90 + 10
    cache.put(100, bytes(5000))  # larger than the whole cache: kept alone, until the next one
    assert len(cache) == 1 and cache.get(100) is not None
    cache.clear()
    assert cache.used == 0 and len(cache) == 0


def test_the_pictures_caches_are_bounded() -> None:
    for cache in (picture_cache.HANDS, picture_cache.TABLES, picture_cache.CHARTS):
        assert 0 < cache.size <= 8 * 1024 * 1024


async def test_without_workers_a_hand_or_table_is_drawn_in_the_loop_once_the_pieces_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Painters(0): until this process's card pieces are drawn (by a thread, from the first picture on),
    # pictures are drawn in the thread; then hands and tables in the event loop, charts still in the
    # thread, and a quick picture asked for while the thread draws waits for it there, not in the loop.
    images.cache_clear()
    painters = Painters(0)
    monkeypatch.setattr(picture_cache, "_painters", painters)
    loop_thread = threading.get_ident()
    drawn: list[tuple[str, bool]] = []  # (picture, drawn in the loop's thread)

    def spy(kind: str, draw: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
        def drawing(scene: Any) -> bytes:
            drawn.append((kind, threading.get_ident() == loop_thread))
            return draw(scene)

        return drawing

    for kind in ("hand", "table", "chart"):  # where the files look them up
        name = f"draw_{kind}"
        monkeypatch.setattr(picture_cache, name, spy(kind, getattr(picture_cache, name)))
    game = Game(["Ann", "Ben", "Cy"], Rules("camelot"), seed=4)
    try:
        file = await images.hand_file(game.view(0))
        assert isinstance(file, discord.File) and file.filename == images.HAND_FILENAME
        assert file.description and file.description.startswith("Your hand")
        decoded(file.fp.read())
        again = await images.hand_file(game.view(0))  # cached: not drawn again
        assert again.fp.read().startswith(PNG_SIGNATURE)
        assert drawn == [("hand", False)]
        assert await painters.warmed()
        table, chart = await asyncio.gather(
            images.table_file(game.public_view()),
            images.chart_file(random_game(3, "camelot", 4).result(), ["Ann", "Ben", "Cy"]),
        )
        assert (table.filename, chart.filename) == (images.TABLE_FILENAME, images.CHART_FILENAME)
        await images.hand_file(game.view(1))
        assert sorted(drawn[1:]) == [("chart", False), ("hand", True), ("table", True)]
        with DRAWING:  # the thread is drawing: the loop would wait for it
            waiting = asyncio.ensure_future(images.hand_file(game.view(2)))
            await asyncio.sleep(0.05)
            assert not waiting.done()
        await waiting
        assert drawn[-1] == ("hand", False)
    finally:
        await painters.close()


def test_text_uses_noto_sans_from_a_dependency() -> None:
    # The font comes with the bot's dependencies (manimgx-fonts): no system font is needed.
    assert font(20).getname() == ("Noto Sans", "Regular")
    assert "site-packages" in str(font(20).path) or "manimgx_fonts" in str(font(20).path)


@pytest.mark.parametrize("seed", range(6))
def test_a_palette_picture_written_by_hand_reads_back_as_drawn(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hands and tables are written chunk by chunk (``png._palette_png``, zlib-ng): Pillow must read the
    # very palette and pixels back, and find every chunk's checksum right.
    drawn: list[Image.Image] = []
    write = png.png_bytes

    def keep(image: Image.Image) -> bytes:
        drawn.append(image.copy())
        return write(image)

    monkeypatch.setattr(table_picture, "png_bytes", keep)
    monkeypatch.setattr(hand_picture, "png_bytes", keep)
    game = random_game(4, "camelot", seed)
    images.draw_table(images.table_scene(game.public_view()))
    images.draw_hand(images.hand_scene(game.view(seed % 4)))
    assert [image.mode for image in drawn] == ["P", "P"]
    for image in drawn:
        data = write(image)
        Image.open(io.BytesIO(data)).verify()
        back = Image.open(io.BytesIO(data))
        assert back.mode == "P" and back.size == image.size
        assert back.tobytes() == image.tobytes() and back.getpalette() == image.getpalette()
