"""Every code block of the leaderboard's replies fits a phone (issue 26): at most 36 columns a line, wide
characters counted twice, for the widest data a game can leave (six players with long emoji and CJK names,
20 rounds, bids of 20, four- and five-digit totals either side of zero), in English and German; and the
figures read back from the narrower blocks are still the game's."""

from __future__ import annotations

import discord
import pytest
from bot_helpers import SELECT, make_players, manager
from code_blocks import assert_code_blocks_fit, code_blocks, read_sheet
from discord_payloads import assert_valid_discord_payloads
from leaderboard_oracle import NEW_YEAR, store_game
from simcord import Env, ResponseMessage
from simcord.components import walk_components

from cogs.leaderboard.embeds import score_sheet_embed, seat_name, stats_embed
from cogs.leaderboard.queries import GameSummary, PlayerCard, ScoreSheet, Seat, Totals
from cogs.leaderboard.ratings import Rating
from cogs.leaderboard.results import RoundLine
from cogs.table.render import text_width
from cogs.utils.i18n import Texts, texts
from cogs.utils.text import CODE_BLOCK_WIDTH, DESCRIPTION_LIMIT, embed_limit_problems

LANGUAGES = ("en", "de")
# Computers' names as long as a table lets them be, in wide characters, emoji sequences and Markdown.
NAMES = (
    "山田太郎の魔法使いのとても長い名前です",
    "👩\u200d💻🧙\u200d♂️ Zauberin_mit *langem* Namen",
    "Ada Lovelace-Byron of Ockham Park",
    "🇩🇪🇯🇵 Grace Brewster Murray Hopper",
    "Edsger Wybe Dijkstra aus Rotterdam",
    "Barbara Jane Liskov Huberman",
)


def game_of(players: int, seats: int) -> GameSummary:
    """Members in the even seats, computers with long names in the odd ones; ``players - seats`` erased."""
    return GameSummary(
        table_id=7,
        edition="classic",
        finished_at=NEW_YEAR,
        players=players,
        seats=tuple(
            Seat(s, -1 - s, -19_876 + s, s + 1, True, NAMES[s], "medium")
            if s % 2
            else Seat(s, 10**18 + s, 19_876 - s, s + 1, False)
            for s in range(seats)
        ),
    )


def round_line(seat: int, number: int, cards: int) -> RoundLine:
    """A round as wide as it can be written: a bid of all the cards (or none, as a saboteur dealer), all
    the tricks taken, and nearly a thousand points won or lost, so totals reach five digits."""
    bid = None if (seat + number) % 5 == 0 else cards
    return RoundLine(cards, bid, cards, (-1) ** seat * (990 - number))


def sheet_of(
    players: int, seats: int, rounds: int, *, cards: list[int] | None = None, out: int = 0
) -> ScoreSheet:
    """A score sheet of ``rounds`` rounds; the last seat put out after round ``out`` (if any)."""
    dealt = cards or list(range(1, rounds + 1))
    game = game_of(players, seats)
    lines = {
        s: tuple(round_line(s, n, dealt[n]) for n in range(out if out and s == seats - 1 else rounds))
        for s in range(seats)
    }
    return ScoreSheet(game, lines)


def check_sheet(embed: discord.Embed, sheet: ScoreSheet, t: Texts) -> None:
    """Every line fits; each player is named once outside the blocks; every entry and total is the game's."""
    assert not embed_limit_problems(embed)
    text = embed.description or ""
    assert len(text) < DESCRIPTION_LIMIT and text.endswith("```")  # not clipped
    assert assert_code_blocks_fit(embed) >= 1
    marks, entries = read_sheet(text)
    labels = [t("lb-sheet-seat", seat=seat.seat + 1) for seat in sheet.game.seats]
    assert list(entries) == labels
    outside = text.split("```")[0]
    for label, seat in zip(labels, sheet.game.seats, strict=True):
        assert f"{label} {seat_name(seat, t=t)}: " in outside
        total, expected = 0, list[tuple[str, ...]]()
        for line in sheet.rounds[seat.seat]:
            total += line.points
            expected.append((f"{'-' if line.bid is None else line.bid}/{line.tricks}", str(total)))
        expected += [(t("lb-sheet-out"),)] * (len(marks) - len(expected))
        assert entries[label] == expected
    dealt = [
        next(lines[n].cards for lines in sheet.rounds.values() if n < len(lines)) for n in range(len(marks))
    ]
    if dealt == list(range(1, len(dealt) + 1)):
        assert marks == [[str(n)] for n in range(1, len(marks) + 1)] and t("lb-sheet-key") in text
    else:
        assert marks == [[str(n), str(c)] for n, c in enumerate(dealt, 1)] and t("lb-sheet-key-cards") in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("players", "seats", "rounds"), [(6, 6, 20), (6, 6, 10), (6, 4, 10), (5, 5, 12), (4, 4, 15), (3, 3, 20)]
)
def test_score_sheets_fit_a_phone(lang: str, players: int, seats: int, rounds: int) -> None:
    t = texts(lang)
    sheet = sheet_of(players, seats, rounds)
    check_sheet(score_sheet_embed(sheet, t=t), sheet, t)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sheet_with_its_own_hand_sizes_and_a_player_put_out_fits_a_phone(lang: str) -> None:
    """Rounds that deal other than their number of cards get a column for it; Nannie's Rule's "out"."""
    t = texts(lang)
    sheet = sheet_of(6, 6, 20, cards=[20 - n % 3 for n in range(20)], out=7)
    embed = score_sheet_embed(sheet, t=t)
    check_sheet(embed, sheet, t)
    assert t("lb-sheet-out") in (embed.description or "")


def test_a_sheet_spreads_its_players_over_as_few_blocks_as_fit() -> None:
    """Three players of an ordinary game share one block; six with five-digit totals take three."""
    t = texts("en")
    ordinary = ScoreSheet(
        game_of(3, 3),
        {s: tuple(RoundLine(n, n // 2, n // 3, -10 * n) for n in range(1, 21)) for s in range(3)},
    )
    assert [len(block) for block in code_blocks(score_sheet_embed(ordinary, t=t))] == [21]
    wide = code_blocks(score_sheet_embed(sheet_of(6, 6, 20), t=t))
    assert [block[0].split()[1:] for block in wide] == [["P1", "P2"], ["P3", "P4"], ["P5", "P6"]]
    assert max(text_width(line) for block in wide for line in block) <= CODE_BLOCK_WIDTH


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_stats_cards_hand_sizes_fit_a_phone(lang: str) -> None:
    t = texts(lang)
    hands = tuple((cards, 10**6 + cards, 10**5 * (cards % 10)) for cards in range(1, 21))
    card = PlayerCard(
        user_id=10**18,
        totals=Totals(10**6, 10**5, 10**4, -(10**9), 10**4, 10**7, 10**6),
        rating=Rating(-50.0, 1.0, 10**6),
        rank=10**5,
        ranked_players=10**5,
        hands=hands,
        trend=tuple(range(1000, 1011)),
    )
    embed = stats_embed(card, NAMES[0], t=t)
    assert not embed_limit_problems(embed)
    assert assert_code_blocks_fit(embed) == 1
    [lines] = code_blocks(embed)
    words = {1: t("lb-stats-hand-cards", count=1), 2: t("lb-stats-hand-cards", count=2)}
    for line, (cards, rounds, exact) in zip(lines, hands, strict=True):
        rate = t("lb-percent", rate=round(exact / rounds, 2))
        assert line.split(maxsplit=2)[:2] == [str(cards), words[min(cards, 2)]]
        # Spaces (and the no-break space German puts before "%") aside, the line ends with the figures.
        assert "".join(line.split()).endswith("".join(f"{exact}/{rounds} {rate}".split()))


# -- through the bot ---------------------------------------------------------------------------------


def reply(result: object) -> ResponseMessage:
    message = getattr(result, "response", None)
    assert isinstance(message, ResponseMessage)
    return message


async def test_every_leaderboard_reply_fits_a_phone(simcord_env: Env) -> None:
    """The board, stats, history and a 6-player score sheet, as the bot sends them: every block fits."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 3)
    ids = [members[0].id, -1, members[1].id, -2, members[2].id, -3]
    levels = [None, "hard", None, "easy", None, "medium"]
    for seed in range(2):
        await store_game(
            manager(simcord_env).store,
            guild.id,
            ids,
            seed=80 + seed,
            finished_at=NEW_YEAR - 3600 + seed,
            levels=levels,
        )
    board = reply(await members[0].slash(channel, "wizard leaderboard"))
    assert assert_code_blocks_fit(board) == 0  # its lines are text, which a phone wraps
    stats = reply(await members[0].slash(channel, "wizard stats"))
    history = reply(await members[0].slash(channel, "wizard history"))
    [menu] = [c for c in walk_components(history.components) if c["type"] == SELECT]
    sheet = reply(await members[0].select(history, [menu["options"][0]["value"]]))
    _, entries = read_sheet(sheet.embeds[0].description or "")
    assert list(entries) == [f"P{seat}" for seat in range(1, 7)]
    assert assert_code_blocks_fit(stats) == 1 and assert_code_blocks_fit(sheet) >= 2
    assert assert_code_blocks_fit(simcord_env) >= 3
    assert_valid_discord_payloads(simcord_env)


def test_the_checker_counts_columns() -> None:
    """The checker fails on a line one column too wide, counting an emoji as two."""
    fits = "```\n" + "x" * 34 + "🧙\n```"
    assert assert_code_blocks_fit(fits) == 1
    with pytest.raises(AssertionError, match="37"):
        assert_code_blocks_fit("```\n" + "x" * 35 + "🧙\n```")
