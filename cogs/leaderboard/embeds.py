"""The leaderboard's replies as embeds: a leaderboard page, a stats card, a history page, a score sheet.

Every word comes from the catalog ``t`` (``cogs/locales/<language>/leaderboard.ftl``); numbers and dates
are written as its language writes them. Members are named by a mention (Discord shows it as their name,
and a page needs no member lookup); computers by the label the table gave them, "🤖 Ada (Easy)": no user
has their negative ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import discord

from cogs.leaderboard.periods import period_start
from cogs.leaderboard.queries import (
    HISTORY_PAGE_SIZE,
    RATE_SORTS,
    BoardLine,
    BoardPage,
    GameSummary,
    PlayerCard,
    ScoreSheet,
    Seat,
    Totals,
)
from cogs.leaderboard.ratings import MIN_GAMES, MIN_MEMBERS, Rating
from cogs.leaderboard.season_words import season_name, season_text
from cogs.leaderboard.seasons import Season
from cogs.utils.i18n import Texts
from cogs.utils.text import (
    DESCRIPTION_LIMIT,
    FIELD_VALUE_LIMIT,
    TITLE_LIMIT,
    clip,
    code_block,
    display_name,
)

COLOUR = discord.Colour.gold()
SPARKS = "▁▂▃▄▅▆▇█"
SORT_KEYS = {
    "rating": "lb-sort-rating",
    "wins": "lb-sort-wins",
    "winrate": "lb-sort-winrate",
    "average": "lb-sort-average",
    "accuracy": "lb-sort-accuracy",
}
PERIOD_KEYS = {"all": "lb-period-all", "month": "lb-period-month", "week": "lb-period-week"}
SINCE_KEYS = {"month": "lb-period-since-month", "week": "lb-period-since-week"}
EDITION_KEYS = {"classic": "lb-edition-classic", "camelot": "lb-edition-camelot"}
LEVEL_KEYS = {"easy": "lb-level-easy", "medium": "lb-level-medium", "hard": "lb-level-hard"}
# The width of one player's column in a score sheet: "bid/tricks" and the running total.
SHEET_COLUMN = 12


def when_text(at: float, *, t: Texts) -> str:
    """A moment as the language writes a date, with the time of day in UTC."""
    moment = datetime.fromtimestamp(at, UTC)
    return t("lb-when", date=t.date(moment), time=moment.strftime("%H:%M"))


def edition_text(edition: str, *, t: Texts) -> str:
    """An edition's name (an unknown one as it is stored)."""
    key = EDITION_KEYS.get(edition)
    return t(key) if key is not None else edition


def percent(rate: float) -> float:
    """A fraction rounded to whole percents as Python rounds it (the catalogs write it)."""
    return round(rate, 2)


def tenth(value: float) -> float:
    """A number rounded to one decimal as Python rounds it (the catalogs write it)."""
    return round(value, 1)


def place_text(place: int, *, t: Texts) -> str:
    """A place in a game as the language writes it: "2nd", "2."."""
    return t("lb-place", place=place)


def seat_name(seat: Seat, *, t: Texts) -> str:
    """A player of a past game in Markdown: a member's mention, or a computer's label as the table showed it.

    >>> from cogs.utils.i18n import ENGLISH, texts
    >>> ada = Seat(1, -1, 120, 1, True, "Ada", "easy")
    >>> seat_name(ada, t=ENGLISH), seat_name(Seat(0, 42, 80, 2, False), t=ENGLISH)
    ('🤖 Ada (Easy)', '<@42>')
    >>> seat_name(Seat(1, -1, 120, 1, True, None, "hard"), t=texts("de"))
    '🤖 Computer (Schwer)'

    """
    if not seat.computer:
        return f"<@{seat.user_id}>"
    name = display_name(seat.name) if seat.name else t("lb-computer")
    if not seat.level:
        return f"🤖 {name}"
    key = LEVEL_KEYS.get(seat.level)
    return f"🤖 {name} ({t(key) if key is not None else seat.level.capitalize()})"


def rating_text(rating: Rating, *, t: Texts) -> str:
    """The rating as a leaderboard line shows it, with a ``?`` while it is provisional."""
    if rating.provisional:
        return t("lb-figure-rating-provisional", rating=rating.display)
    return t("lb-figure-rating", rating=rating.display)


def board_line_text(line: BoardLine, sort: str, *, t: Texts) -> str:
    """One leaderboard line: place, member, every figure (the sorted one in bold) and games played."""
    totals = line.totals
    figures = {
        "rating": rating_text(line.rating, t=t),
        "wins": t("lb-figure-wins", count=totals.wins),
        "winrate": t("lb-figure-winrate", rate=percent(totals.win_rate)),
        "average": t("lb-figure-average", average=tenth(totals.average)),
        "accuracy": t("lb-figure-accuracy", rate=percent(totals.accuracy)),
    }
    parts = [f"**{text}**" if key == sort else text for key, text in figures.items()]
    games = t("lb-figure-games", count=totals.games)
    return f"`{line.position:>3}.` <@{line.user_id}> · {' · '.join(parts)} · {games}"


def period_text(period: str, now: float, *, t: Texts) -> str:
    """The period in words, with its first day."""
    key = SINCE_KEYS.get(period)
    if key is None:
        return t("lb-period-all")
    since = datetime.fromtimestamp(period_start(period, now), UTC)
    return t(key, date=t.date(since))


def leaderboard_embed(page: BoardPage, now: float, *, t: Texts) -> discord.Embed:
    """A leaderboard page, with the caller's own line when it is on another page."""
    season = page.season
    period = t(PERIOD_KEYS[page.period]) if season is None else season_name(season, t=t)
    title = clip(t("lb-board-title", sort=t(SORT_KEYS[page.sort]), period=period), TITLE_LIMIT)
    embed = discord.Embed(title=title, colour=COLOUR)
    head = period_text(page.period, now, t=t) if season is None else season_text(season, t=t)
    if not page.lines:
        embed.description = f"{head}\n{t('lb-board-empty')}"
    else:
        marker = " " + t("lb-board-me-marker")
        body = "\n".join(
            board_line_text(line, page.sort, t=t)
            + (marker if page.me and line.user_id == page.me.user_id else "")
            for line in page.lines
        )
        embed.description = f"{head}\n\n{body}"
    if page.me is None:
        embed.add_field(name=t("lb-board-you"), value=t("lb-board-you-none"), inline=False)
    elif page.me not in page.lines:
        embed.add_field(name=t("lb-board-you"), value=board_line_text(page.me, page.sort, t=t), inline=False)
    notes = [
        t("lb-board-page", page=page.page + 1, pages=page.pages),
        t("lb-players", count=page.total),
        t("lb-board-provisional-note", min=MIN_GAMES),
    ]
    if page.sort in RATE_SORTS:
        notes.append(t("lb-board-rate-note", min=MIN_GAMES))
    if page.sort == "rating" and (note := _ratings_note(page.period, season)):
        notes.append(t(note))
    embed.set_footer(text=" · ".join(notes))
    return embed


def _ratings_note(period: str, season: Season | None) -> str | None:
    """What the ratings of a board are, when they are not simply everyone's rating now."""
    if season is not None and season.fresh_ratings:
        return "lb-board-season-ratings"
    if season is not None and not season.running:
        return "lb-board-ratings-at-end"
    return None if period == "all" and season is None else "lb-board-current-ratings"


def spark(values: Sequence[int]) -> str:
    """A one-line chart of the values."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return SPARKS[3] * len(values)
    return "".join(SPARKS[round((v - low) * (len(SPARKS) - 1) / (high - low))] for v in values)


def _figure_fields(embed: discord.Embed, totals: Totals, *, t: Texts) -> None:
    """The card's counts and rates: games, wins, win rate, average and best score, bid accuracy."""
    wins = t.number(totals.wins)
    if totals.shared_wins:
        wins = t("lb-stats-wins-shared", wins=totals.wins, shared=totals.shared_wins)
    embed.add_field(name=t("lb-stats-games"), value=t.number(totals.games))
    embed.add_field(name=t("lb-sort-wins"), value=wins)
    embed.add_field(name=t("lb-sort-winrate"), value=t("lb-percent", rate=percent(totals.win_rate)))
    embed.add_field(name=t("lb-sort-average"), value=t("lb-average", average=tenth(totals.average)))
    embed.add_field(name=t("lb-stats-best"), value=t.number(totals.best_score))
    accuracy = t(
        "lb-stats-accuracy", rate=percent(totals.accuracy), exact=totals.exact_bids, rounds=totals.rounds
    )
    embed.add_field(name=t("lb-sort-accuracy"), value=accuracy)


def _hand_lines(hands: Sequence[tuple[int, int, int]], *, t: Texts) -> list[str]:
    """The table of bid accuracy by hand size: cards, exact bids of rounds, and the rate, aligned."""
    words = {count: t("lb-stats-hand-cards", count=count) for count in (1, 2)}
    width = max(len(word) for word in words.values())
    rate_width = len(t("lb-percent", rate=1.0))
    return [
        f"{cards:>2} {words[min(cards, 2)]:<{width}} {exact:>4}/{rounds:<4} "
        + t("lb-percent", rate=percent(exact / rounds)).rjust(rate_width)
        for cards, rounds, exact in hands
    ]


def stats_embed(card: PlayerCard, name: str, *, t: Texts) -> discord.Embed:
    """A member's stats card for one server."""
    title = clip(t("lb-stats-title", name=display_name(name)), TITLE_LIMIT)
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.description = t("lb-stats-description", member=f"<@{card.user_id}>")
    if card.season is not None:
        embed.description += "\n" + season_text(card.season, t=t)
    _figure_fields(embed, card.totals, t=t)
    rating = card.rating
    shown = t("lb-rating", rating=rating.display)
    if rating.provisional:
        shown = t("lb-stats-provisional", rating=rating.display, games=rating.games, min=MIN_GAMES)
    unrated = card.totals.games - rating.games
    if unrated > 0:
        # Games of fewer than MIN_MEMBERS members (one member and computers) count in the figures above
        # but not in the rating: said here, so the rating's count of games adds up.
        shown += "\n" + t("lb-stats-unrated", count=unrated, members=MIN_MEMBERS)
    rank = t("lb-stats-rank", rank=card.rank, players=card.ranked_players)
    embed.add_field(name=t("lb-sort-rating"), value=f"{shown}\n{rank}")
    if len(card.trend) > 1:
        first, last = card.trend[0], card.trend[-1]
        embed.add_field(
            name=t("lb-stats-trend", count=len(card.trend) - 1),
            value=f"{spark(card.trend)}\n{first} → {last} ({last - first:+d})",
        )
    if card.hands:
        lines = _hand_lines(card.hands, t=t)
        embed.add_field(
            name=t("lb-stats-hand-sizes"), value=clip(code_block(lines), FIELD_VALUE_LIMIT), inline=False
        )
    return embed


def own_text(game: GameSummary, user_id: int, *, t: Texts) -> str:
    """A member's result in a game in plain text ("2nd with 120"), or nothing if they are not in it."""
    mine = game.seat_of(user_id)
    if mine is None:
        return ""
    return t("lb-history-result-plain", place=place_text(mine.place, t=t), score=mine.score)


def _erased(game: GameSummary) -> int:
    return game.players - len(game.seats)


def _history_line(index: int, game: GameSummary, user_id: int, *, t: Texts) -> str:
    """One game of a history page: when, edition, players, the member's result, then every score."""
    mine = game.seat_of(user_id)
    own = t("lb-history-result", place=place_text(mine.place, t=t), score=mine.score) if mine else ""
    standings = sorted(game.seats, key=lambda s: (s.place, s.seat))
    scores = [f"{seat_name(s, t=t)} {t.number(s.score)}" for s in standings]
    if _erased(game):
        scores.append(t("lb-history-erased", count=_erased(game)))
    players = t("lb-players", count=game.players)
    head = [f"<t:{int(game.finished_at)}:d>", edition_text(game.edition, t=t), players]
    if own:
        head.append(own)
    if game.practice:
        head.append(t("lb-history-practice"))
    return f"`{index:>2}.` {' · '.join(head)}\n{' · '.join(scores)}"


def history_embed(
    games: Sequence[GameSummary], user_id: int, page: int, *, t: Texts, season: Season | None = None
) -> discord.Embed:
    """A page of a member's recent games in one server, or in one of its seasons (the member as a
    mention: pages need no name)."""
    embed = discord.Embed(title=t("lb-history-title"), colour=COLOUR)
    within = "" if season is None else "\n" + season_text(season, t=t)
    if not games:
        embed.description = (
            t("lb-history-none", member=f"<@{user_id}>") if page == 0 else t("lb-history-no-older")
        ) + within
        return embed
    lines = [
        _history_line(index, game, user_id, t=t)
        for index, game in enumerate(games, start=page * HISTORY_PAGE_SIZE + 1)
    ]
    heading = t("lb-history-heading", member=f"<@{user_id}>") + within
    embed.description = clip(heading + "\n" + "\n".join(lines), DESCRIPTION_LIMIT)
    embed.set_footer(text=t("lb-history-footer", page=page + 1))
    return embed


def game_label(game: GameSummary, *, t: Texts) -> str:
    """A past game in one line of plain text: when, which edition, how many players."""
    when, edition = when_text(game.finished_at, t=t), edition_text(game.edition, t=t)
    parts = [when, edition, t("lb-players", count=game.players)]
    if game.practice:
        parts.append(t("lb-history-practice"))
    return " · ".join(parts)


def score_sheet_embed(sheet: ScoreSheet, *, t: Texts) -> discord.Embed:
    """One past game round by round: bid/tricks and the running total of each player."""
    game = sheet.game
    title = t(
        "lb-sheet-title", edition=edition_text(game.edition, t=t), when=when_text(game.finished_at, t=t)
    )
    legend = [
        t(
            "lb-sheet-player",
            label=t("lb-sheet-seat", seat=s.seat + 1),
            name=seat_name(s, t=t),
            place=place_text(s.place, t=t),
            score=s.score,
        )
        for s in game.seats
    ]
    if _erased(game):
        legend.append(t("lb-sheet-erased", count=_erased(game)))
    description = "\n".join([*legend, t("lb-sheet-key")]) + "\n" + code_block(_sheet_lines(sheet, t=t))
    return discord.Embed(
        title=clip(title, TITLE_LIMIT), description=clip(description, DESCRIPTION_LIMIT), colour=COLOUR
    )


def _sheet_lines(sheet: ScoreSheet, *, t: Texts) -> list[str]:
    """The score sheet's table: a head line, then one line per round."""
    seats = [s.seat for s in sheet.game.seats if s.seat in sheet.rounds]
    head = "".join(t("lb-sheet-seat", seat=seat + 1).rjust(SHEET_COLUMN) for seat in seats)
    lines = ["  #  n" + head]
    totals = dict.fromkeys(seats, 0)
    count = max((len(sheet.rounds[seat]) for seat in seats), default=0)
    out = t("lb-sheet-out").rjust(6).ljust(SHEET_COLUMN)  # eliminated by Nannie's Rule
    for number in range(count):
        cards = next(sheet.rounds[s][number].cards for s in seats if number < len(sheet.rounds[s]))
        cells = []
        for seat in seats:
            if number >= len(sheet.rounds[seat]):
                cells.append(out)
                continue
            line = sheet.rounds[seat][number]
            totals[seat] += line.points
            bid = "-" if line.bid is None else line.bid
            cells.append(f"{bid}/{line.tricks}".rjust(6) + f"{totals[seat]:>6}")
        lines.append(f"{number + 1:>3} {cards:>2}" + "".join(cells))
    return lines
