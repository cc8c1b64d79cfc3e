"""The leaderboard's replies as embeds: a leaderboard page, a stats card, a history page, a score sheet.

Members are named by a mention (Discord shows it as their name, and a page needs no member lookup);
computers by the label the table gave them, "🤖 Ada (Easy)": no user has their negative ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import discord

from cogs.leaderboard.periods import PERIODS, period_start
from cogs.leaderboard.queries import (
    HISTORY_PAGE_SIZE,
    RATE_SORTS,
    SORTS,
    BoardLine,
    BoardPage,
    GameSummary,
    PlayerCard,
    ScoreSheet,
    Seat,
)
from cogs.leaderboard.ratings import MIN_GAMES, Rating
from cogs.utils.text import (
    DESCRIPTION_LIMIT,
    FIELD_VALUE_LIMIT,
    TITLE_LIMIT,
    clip,
    code_block,
    display_name,
    ordinal,
)

COLOUR = discord.Colour.gold()
SPARKS = "▁▂▃▄▅▆▇█"
EDITIONS = {"classic": "Classic", "camelot": "Camelot"}
# The width of one player's column in a score sheet: "bid/tricks" and the running total.
SHEET_COLUMN = 12


def _date(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _edition(game: GameSummary) -> str:
    return EDITIONS.get(game.edition, game.edition)


def seat_name(seat: Seat) -> str:
    """A player of a past game in Markdown: a member's mention, or a computer's label as the table showed it.

    >>> seat_name(Seat(1, -1, 120, 1, True, "Ada", "easy")), seat_name(Seat(0, 42, 80, 2, False))
    ('🤖 Ada (Easy)', '<@42>')
    """
    if not seat.computer:
        return f"<@{seat.user_id}>"
    name = display_name(seat.name) if seat.name else "Computer"
    return f"🤖 {name} ({seat.level.capitalize()})" if seat.level else f"🤖 {name}"


def rating_text(rating: Rating) -> str:
    """The shown rating, with a ``?`` while it is provisional."""
    return f"{rating.display}{'?' if rating.provisional else ''}"


def board_line_text(line: BoardLine, sort: str) -> str:
    """One leaderboard line: place, member, every figure (the sorted one in bold) and games played."""
    t = line.totals
    figures = {
        "rating": f"rating {rating_text(line.rating)}",
        "wins": _plural(t.wins, "win"),
        "winrate": f"{t.win_rate:.0%} won",
        "average": f"avg {t.average:.1f}",
        "accuracy": f"bids {t.accuracy:.0%} exact",
    }
    parts = [f"**{text}**" if key == sort else text for key, text in figures.items()]
    return f"`{line.position:>3}.` <@{line.user_id}> · {' · '.join(parts)} · {_plural(t.games, 'game')}"


def period_text(period: str, now: float) -> str:
    """The period in words, with its start."""
    if period == "all":
        return "All time"
    since = datetime.fromtimestamp(period_start(period, now), UTC)
    when = since.strftime("%-d %B %Y") if period == "month" else since.strftime("Monday %-d %B %Y")
    return f"{PERIODS[period]} (since {when}, UTC)"


def leaderboard_embed(page: BoardPage, now: float) -> discord.Embed:
    """A leaderboard page, with the caller's own line when it is on another page."""
    title = f"Wizard leaderboard · {SORTS[page.sort]} · {PERIODS[page.period]}"
    embed = discord.Embed(title=title, colour=COLOUR)
    head = period_text(page.period, now)
    if not page.lines:
        embed.description = f"{head}\nNo finished games in this server for this period yet."
    else:
        body = "\n".join(
            board_line_text(line, page.sort)
            + (" ◀ you" if page.me and line.user_id == page.me.user_id else "")
            for line in page.lines
        )
        embed.description = f"{head}\n\n{body}"
    if page.me is None:
        embed.add_field(name="You", value="You have no finished games in this period.", inline=False)
    elif page.me not in page.lines:
        embed.add_field(name="You", value=board_line_text(page.me, page.sort), inline=False)
    notes = [f"Page {page.page + 1}/{page.pages} · {_plural(page.total, 'player')}"]
    notes.append(f"? = provisional rating (fewer than {MIN_GAMES} rated games)")
    if page.sort in RATE_SORTS:
        notes.append(f"players with fewer than {MIN_GAMES} games in the period come after the others")
    if page.period != "all" and page.sort == "rating":
        notes.append("ratings are current ones")
    embed.set_footer(text=" · ".join(notes))
    return embed


def spark(values: Sequence[int]) -> str:
    """A one-line chart of the values."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return SPARKS[3] * len(values)
    return "".join(SPARKS[round((v - low) * (len(SPARKS) - 1) / (high - low))] for v in values)


def stats_embed(card: PlayerCard, name: str) -> discord.Embed:
    """A member's stats card for one server."""
    t = card.totals
    embed = discord.Embed(title=clip(f"Wizard stats · {display_name(name)}", TITLE_LIMIT), colour=COLOUR)
    embed.description = f"<@{card.user_id}> in this server, all time."
    shared = f" ({t.shared_wins} shared)" if t.shared_wins else ""
    embed.add_field(name="Games", value=str(t.games))
    embed.add_field(name="Wins", value=f"{t.wins}{shared}")
    embed.add_field(name="Win rate", value=f"{t.win_rate:.0%}")
    embed.add_field(name="Average score", value=f"{t.average:.1f}")
    embed.add_field(name="Best score", value=str(t.best_score))
    embed.add_field(name="Bid accuracy", value=f"{t.accuracy:.0%} ({t.exact_bids}/{t.rounds} rounds exact)")
    rating = f"{card.rating.display}"
    if card.rating.provisional:
        rating += f" (provisional: {card.rating.games} of {MIN_GAMES} rated games)"
    rating += f"\n#{card.rank} of {card.ranked_players} by rating"
    embed.add_field(name="Rating", value=rating)
    if len(card.trend) > 1:
        change = card.trend[-1] - card.trend[0]
        embed.add_field(
            name=f"Trend, last {_plural(len(card.trend) - 1, 'rated game')}",
            value=f"{spark(card.trend)}\n{card.trend[0]} → {card.trend[-1]} ({change:+d})",
        )
    if card.hands:
        lines = [
            f"{cards:>2} {'card ' if cards == 1 else 'cards'} {exact:>4}/{rounds:<4} {exact / rounds:>4.0%}"
            for cards, rounds, exact in card.hands
        ]
        embed.add_field(
            name="Bid accuracy by hand size", value=clip(code_block(lines), FIELD_VALUE_LIMIT), inline=False
        )
    return embed


def own_text(game: GameSummary, user_id: int) -> str:
    """A member's result in a game in plain text ("2nd with 120"), or nothing if they are not in it."""
    mine = game.seat_of(user_id)
    return f"{ordinal(mine.place)} with {mine.score}" if mine else ""


def _erased(game: GameSummary) -> int:
    return game.players - len(game.seats)


def history_embed(games: Sequence[GameSummary], user_id: int, page: int) -> discord.Embed:
    """A page of a member's recent games in one server (the member as a mention: pages need no name)."""
    embed = discord.Embed(title="Wizard history", colour=COLOUR)
    if not games:
        embed.description = (
            f"<@{user_id}> has no finished games in this server yet." if page == 0 else "No older games."
        )
        return embed
    lines = []
    for index, game in enumerate(games, start=page * HISTORY_PAGE_SIZE + 1):
        mine = game.seat_of(user_id)
        own = f"**{ordinal(mine.place)}** with {mine.score}" if mine else ""
        standings = sorted(game.seats, key=lambda s: (s.place, s.seat))
        scores = " · ".join(f"{seat_name(s)} {s.score}" for s in standings)
        if _erased(game):
            scores += f" · {_erased(game)} erased"
        lines.append(
            f"`{index:>2}.` <t:{int(game.finished_at)}:d> · {_edition(game)}"
            f" · {game.players} players · {own}\n{scores}"
        )
    embed.description = clip(f"<@{user_id}>'s games in this server:\n" + "\n".join(lines), DESCRIPTION_LIMIT)
    embed.set_footer(text=f"Page {page + 1} · newest first · pick a game below for its score sheet")
    return embed


def game_label(game: GameSummary) -> str:
    """A past game in one line of plain text: when, which edition, how many players."""
    return f"{_date(game.finished_at)} · {_edition(game)} · {game.players} players"


def score_sheet_embed(sheet: ScoreSheet) -> discord.Embed:
    """One past game round by round: bid/tricks and the running total of each player."""
    game = sheet.game
    title = f"Score sheet · {_edition(game)} · {_date(game.finished_at)}"
    legend = [f"P{s.seat + 1} {seat_name(s)}: **{ordinal(s.place)}** with {s.score}" for s in game.seats]
    if _erased(game):
        legend.append(f"{_erased(game)} player{'s' if _erased(game) > 1 else ''}' records were erased.")
    description = (
        "\n".join(legend)
        + "\nEach round: bid/tricks and the running total; n = cards dealt; - no bid.\n"
        + code_block(_sheet_lines(sheet))
    )
    return discord.Embed(
        title=clip(title, TITLE_LIMIT), description=clip(description, DESCRIPTION_LIMIT), colour=COLOUR
    )


def _sheet_lines(sheet: ScoreSheet) -> list[str]:
    """The score sheet's table: a head line, then one line per round."""
    seats = [s.seat for s in sheet.game.seats if s.seat in sheet.rounds]
    lines = ["  #  n" + "".join(f"P{seat + 1}".rjust(SHEET_COLUMN) for seat in seats)]
    totals = dict.fromkeys(seats, 0)
    count = max((len(sheet.rounds[seat]) for seat in seats), default=0)
    for number in range(count):
        cards = next(sheet.rounds[s][number].cards for s in seats if number < len(sheet.rounds[s]))
        cells = []
        for seat in seats:
            if number >= len(sheet.rounds[seat]):
                cells.append("out".rjust(6).ljust(SHEET_COLUMN))  # eliminated by Nannie's Rule
                continue
            line = sheet.rounds[seat][number]
            totals[seat] += line.points
            bid = "-" if line.bid is None else line.bid
            cells.append(f"{bid}/{line.tricks}".rjust(6) + f"{totals[seat]:>6}")
        lines.append(f"{number + 1:>3} {cards:>2}" + "".join(cells))
    return lines
