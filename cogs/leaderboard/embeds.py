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
from cogs.table.render import text_width
from cogs.utils.i18n import Texts
from cogs.utils.text import (
    CODE_BLOCK_WIDTH,
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


def _left(text: str, width: int) -> str:
    return text + " " * (width - text_width(text))


def _right(text: str, width: int) -> str:
    return " " * (width - text_width(text)) + text


def _hand_lines(hands: Sequence[tuple[int, int, int]], *, t: Texts) -> list[str]:
    """The table of bid accuracy by hand size: cards, exact bids of rounds, and the rate, each column as
    wide as its widest entry (a phone's 36 columns hold it even at a million rounds)."""
    words = {count: t("lb-stats-hand-cards", count=count) for count in (1, 2)}
    rates = [t("lb-percent", rate=percent(exact / rounds)) for _, rounds, exact in hands]
    widths = [
        max(text_width(word) for word in words.values()),
        max(len(str(exact)) for _, _, exact in hands),
        max(len(str(rounds)) for _, rounds, _ in hands),
        max(text_width(rate) for rate in [*rates, t("lb-percent", rate=1.0)]),
    ]
    return [
        f"{cards:>2} {_left(words[min(cards, 2)], widths[0])} {exact:>{widths[1]}}/{rounds:<{widths[2]}} "
        + _right(rate, widths[3])
        for (cards, rounds, exact), rate in zip(hands, rates, strict=True)
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
    cards = _sheet_cards(sheet)
    key = t("lb-sheet-key" if _cards_follow_rounds(cards) else "lb-sheet-key-cards")
    blocks = "\n".join(code_block(lines) for lines in _sheet_blocks(sheet, cards, t=t))
    description = "\n".join([*legend, key]) + "\n" + blocks
    return discord.Embed(
        title=clip(title, TITLE_LIMIT), description=clip(description, DESCRIPTION_LIMIT), colour=COLOUR
    )


# One player's entry in one round of a score sheet: "bid/tricks" and the running total, or None in the rounds
# after Nannie's Rule put the player out.
SheetCell = tuple[str, str] | None


def _sheet_cells(sheet: ScoreSheet, seats: Sequence[int], count: int) -> list[list[SheetCell]]:
    """Each player's entries of the score sheet, round by round (``count`` rounds)."""
    columns = []
    for seat in seats:
        total, column = 0, list[SheetCell]()
        for line in sheet.rounds[seat]:
            total += line.points
            column.append((f"{'-' if line.bid is None else line.bid}/{line.tricks}", str(total)))
        columns.append(column + [None] * (count - len(column)))
    return columns


def _round_marks(cards: Sequence[int]) -> tuple[str, list[str]]:
    """The first columns of a score sheet: its head and each round's: the round's number, then the cards
    dealt, a column left out when every round deals as many cards as its number (the key says which)."""
    number_width = len(str(len(cards)))
    if _cards_follow_rounds(cards):
        return "#".rjust(number_width), [f"{number:>{number_width}}" for number in range(1, len(cards) + 1)]
    cards_width = len(str(max(cards, default=0)))
    head = f"{'#':>{number_width}} {'n':>{cards_width}}"
    return head, [f"{number:>{number_width}} {hand:>{cards_width}}" for number, hand in enumerate(cards, 1)]


def _cards_follow_rounds(cards: Sequence[int]) -> bool:
    return all(hand == number for number, hand in enumerate(cards, 1))


def _sheet_cards(sheet: ScoreSheet) -> list[int]:
    """The cards each player was dealt in each round of a score sheet."""
    rounds = [sheet.rounds[s.seat] for s in sheet.game.seats if s.seat in sheet.rounds]
    count = max(map(len, rounds), default=0)
    return [next(lines[n].cards for lines in rounds if n < len(lines)) for n in range(count)]


def _sheet_blocks(sheet: ScoreSheet, cards: Sequence[int], *, t: Texts) -> list[list[str]]:
    """The score sheet's table, its players spread over as few code blocks as keep every line within
    ``CODE_BLOCK_WIDTH`` columns (a phone's): each a head line (the round columns, then the players'
    labels, which the legend above names), then one line per round."""
    seats = [s.seat for s in sheet.game.seats if s.seat in sheet.rounds]
    columns = _sheet_cells(sheet, seats, len(cards))
    labels = [t("lb-sheet-seat", seat=seat + 1) for seat in seats]
    out = t("lb-sheet-out")
    filled = [cell for column in columns for cell in column if cell is not None]
    totals = max((len(total) for _, total in filled), default=0)
    width = max(
        [text_width(out), *map(text_width, labels), *(len(entry) + 1 + totals for entry, _ in filled)]
    )

    gone = _left(_right(out, width - 1 - totals), width)

    def text(cell: SheetCell) -> str:
        # Figures are ASCII: one column a character.
        return gone if cell is None else cell[0].rjust(width - 1 - totals) + " " + cell[1].rjust(totals)

    head, rounds = _round_marks(cards)
    per_block = max(1, (CODE_BLOCK_WIDTH - text_width(head)) // (width + 1))
    blocks = max(1, -(-len(seats) // per_block))
    size = max(1, -(-len(seats) // blocks))
    return [
        [
            head + "".join(" " + _right(label, width) for label in labels[first : first + size]),
            *(
                line + "".join(" " + text(column[number]) for column in columns[first : first + size])
                for number, line in enumerate(rounds)
            ),
        ]
        for first in range(0, max(len(seats), 1), size)
    ]
