"""The buttons and menu of the leaderboard's private replies: one family per kind, each with a strict id.

The ids carry what the click shows, so the replies keep working after a restart; they have the
``wzlb:`` prefix (``wizard:`` is the game's) and have not changed since the leaderboard was added:

- ``wzlb:lb:<sort>:<period>:<page|me>``: Previous, Next and My place of a leaderboard page (a
  season's board has ``s<season id>`` for its period);
- ``wzlb:hp:<member>:<page>``: Newer and Older of a member's history, and a score sheet's way back;
- ``wzlb:hg:<member>:<page>``: the menu of a history page's games, which shows one's score sheet.

The history's ids end in ``:s<season id>`` for a season's games (seasons came later: an id without it
is all time, as it always was). A season's id that is not this server's is refused.

discord.py hands a click only to the family whose template matches the whole id, so a handler gets
well-formed fields; the bot refuses a click under the prefix that no template matches
(``cogs.utils.components.stray_click_reply``). A click answers by editing the reply in place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

import discord

from cogs.leaderboard import context
from cogs.leaderboard.embeds import (
    game_label,
    history_embed,
    leaderboard_embed,
    own_text,
    score_sheet_embed,
)
from cogs.leaderboard.queries import (
    BoardPage,
    GameSummary,
    leaderboard_page,
    recent_games,
    score_sheet,
)
from cogs.leaderboard.seasons import Season, find_season
from cogs.replay.components import replay_button
from cogs.server_settings.language import reply_texts
from cogs.utils.components import Component, id_number
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal
from cogs.utils.text import SELECT_DESCRIPTION_LIMIT, SELECT_LABEL_LIMIT, clip

if TYPE_CHECKING:
    from bot import WizardBot

PREFIX = "wzlb"

Message = tuple[discord.Embed, discord.ui.View | None]


def board_id(sort: str, period: str, page: int | str) -> str:
    """The custom_id of a leaderboard page button: the page to show, or ``me`` for the caller's."""
    return f"{PREFIX}:lb:{sort}:{period}:{page}"


def board_period(period: str, season: Season | None) -> str:
    """The period field of a board's ids: the period, or ``s<id>`` for a season's board."""
    return period if season is None else f"s{season.id}"


def _within(season_id: int | None) -> str:
    return "" if season_id is None else f":s{season_id}"


def history_id(user_id: int, page: int, season_id: int | None = None) -> str:
    """The custom_id of a button that shows a page of a member's history (in a season)."""
    return f"{PREFIX}:hp:{user_id}:{page}{_within(season_id)}"


def games_id(user_id: int, page: int, season_id: int | None = None) -> str:
    """The custom_id of the menu of the games on a page of a member's history (in a season)."""
    return f"{PREFIX}:hg:{user_id}:{page}{_within(season_id)}"


async def season_by_id(
    interaction: discord.Interaction[WizardBot], season_id: int | None, t: Texts
) -> Season | None:
    """The season an id names (None for none), refused when this server has no such season."""
    if season_id is None:
        return None
    season = await find_season(context.database(interaction), context.guild_id(interaction), season_id)
    if season is None:
        raise Refusal(t("lb-season-gone"))
    return season


# -- what a click shows ----------------------------------------------------------------------------------


async def board_message(
    interaction: discord.Interaction[WizardBot],
    sort: str,
    period: str,
    page: int | None,
    *,
    t: Texts,
    season: Season | None = None,
) -> Message:
    """A leaderboard page (None: the caller's page) of a period or a season, with its buttons."""
    board = await leaderboard_page(
        context.database(interaction),
        context.guild_id(interaction),
        sort,
        period,
        page,
        interaction.user.id,
        context.now(),
        season=season,
    )
    return leaderboard_embed(board, context.now(), t=t), leaderboard_view(board, t=t)


async def history_message(
    interaction: discord.Interaction[WizardBot],
    user_id: int,
    page: int,
    *,
    t: Texts,
    season: Season | None = None,
) -> Message:
    """A page of a member's history (in a season) with its menu of games and buttons (none if they have
    no game)."""
    db, guild_id = context.database(interaction), context.guild_id(interaction)
    games, more = await recent_games(db, guild_id, user_id, page, season)
    season_id = None if season is None else season.id
    embed = history_embed(games, user_id, page, t=t, season=season)
    return embed, history_view(games, user_id, page, more, t=t, season_id=season_id)


async def sheet_message(
    interaction: discord.Interaction[WizardBot],
    table_id: int,
    user_id: int,
    page: int,
    *,
    t: Texts,
    season_id: int | None = None,
) -> Message:
    """A game's score sheet, with a way back to the history page it was picked from."""
    sheet = await score_sheet(context.database(interaction), context.guild_id(interaction), table_id)
    if sheet is None:
        raise Refusal(t("lb-game-gone"))
    view = sheet_view(user_id, page, t=t, season_id=season_id, table_id=table_id)
    return score_sheet_embed(sheet, t=t), view


# -- the families ----------------------------------------------------------------------------------------


class LeaderboardControl(Component[discord.ui.Item[Any]], template=r"(?!)"):
    """What every control of the leaderboard's replies does: check the kind of component, then show
    what its id asks for in place of the reply.

    The base of the families, never registered itself (its template matches nothing).
    """

    what = "a leaderboard interaction"
    prefix = f"{PREFIX}:"
    private = True

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        # The reply is private: in the clicking member's language (their client's, else the server's).
        t = await reply_texts(interaction)
        embed, view = await self.show(interaction, fields, t=t)
        await interaction.response.edit_message(embed=embed, view=view)

    async def show(
        self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str], *, t: Texts
    ) -> Message:
        """What the click shows, from the id's fields."""
        raise NotImplementedError


class BoardButton(
    LeaderboardControl,
    template=r"wzlb:lb:(?P<sort>rating|wins|winrate|average|accuracy)"
    r":(?P<period>all|month|week|s\d{1,18}):(?P<page>\d{1,6}|me)",
):
    """Previous, Next and My place of a leaderboard page: the sort, the period and the page to show."""

    def __init__(self, item: discord.ui.Item[Any], page: int | None = None) -> None:
        super().__init__(item)
        # The page to show; None for the clicker's own place.
        self.page = page

    @classmethod
    def parse(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        component = cls(item, None if match["page"] == "me" else int(match["page"]))
        component.fields = match.groupdict()
        return component

    async def show(
        self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str], *, t: Texts
    ) -> Message:
        period = fields["period"]
        season = await season_by_id(interaction, int(period[1:]) if period[0] == "s" else None, t)
        return await board_message(interaction, fields["sort"], period, self.page, t=t, season=season)


class _HistoryControl(LeaderboardControl, template=r"(?!)"):
    """A control of a member's history: whose history (``user``) and which page, parsed from its id."""

    def __init__(
        self, item: discord.ui.Item[Any], user: int = 0, page: int = 0, season: int | None = None
    ) -> None:
        super().__init__(item)
        self.user = user
        self.page = page
        self.season = season

    @classmethod
    def parse(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        season = None if match["season"] is None else id_number(match["season"])
        return cls(item, id_number(match["user"]), int(match["page"]), season)


class HistoryButton(
    _HistoryControl, template=r"wzlb:hp:(?P<user>\d{1,20}):(?P<page>\d{1,6})(?::s(?P<season>\d{1,18}))?"
):
    """Newer and Older of a history page, and a score sheet's way back: whose history, which page, and
    which season's games."""

    async def show(
        self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str], *, t: Texts
    ) -> Message:
        season = await season_by_id(interaction, self.season, t)
        return await history_message(interaction, self.user, self.page, t=t, season=season)


class GamesMenu(
    _HistoryControl, template=r"wzlb:hg:(?P<user>\d{1,20}):(?P<page>\d{1,6})(?::s(?P<season>\d{1,18}))?"
):
    """The menu of a history page's games: the one picked shows its score sheet, with a way back."""

    is_menu = True

    async def show(
        self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str], *, t: Texts
    ) -> Message:
        values = self.values or []
        game_id = _game_id(values)
        if game_id is None:
            raise Refusal(t("lb-pick-one-game"))
        return await sheet_message(interaction, game_id, self.user, self.page, t=t, season_id=self.season)


def _game_id(values: Sequence[str]) -> int | None:
    """The one game a history menu's choice names; None for no game, several, or a malformed value (a
    number past 64 bits)."""
    if len(values) != 1 or not values[0].isdecimal():
        return None
    try:
        return id_number(values[0])
    except ValueError:
        return None


# The families the extension registers; their templates match disjoint sets of ids.
FAMILIES: tuple[type[LeaderboardControl], ...] = (BoardButton, HistoryButton, GamesMenu)


# -- the views that carry them ---------------------------------------------------------------------------


def _button(
    family: type[LeaderboardControl], label: str, custom_id: str, *, disabled: bool = False, row: int = 0
) -> LeaderboardControl:
    style = discord.ButtonStyle.secondary
    return family(
        discord.ui.Button(label=label, custom_id=custom_id, style=style, disabled=disabled, row=row)
    )


def leaderboard_view(page: BoardPage, *, t: Texts) -> discord.ui.View:
    """Previous, Next and My place."""
    view = discord.ui.View(timeout=None)
    sort, period, number = page.sort, board_period(page.period, page.season), page.page
    previous = board_id(sort, period, max(number - 1, 0))
    view.add_item(_button(BoardButton, t("lb-previous"), previous, disabled=number == 0))
    following = board_id(sort, period, number + 1)
    view.add_item(_button(BoardButton, t("lb-next"), following, disabled=number >= page.pages - 1))
    mine = board_id(sort, period, "me")
    view.add_item(_button(BoardButton, t("lb-my-place"), mine, disabled=page.me is None))
    return view


def history_view(
    games: Sequence[GameSummary],
    user_id: int,
    page: int,
    more: bool,
    *,
    t: Texts,
    season_id: int | None = None,
) -> discord.ui.View | None:
    """A menu of the page's games (for a score sheet), and Newer / Older; None without any game.

    The menu is the first row and the buttons the second, so each game can have one more control below.
    """
    if not games and page == 0:
        return None
    view = discord.ui.View(timeout=None)
    if games:
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=games_id(user_id, page, season_id),
            placeholder=t("lb-pick-game"),
            row=0,
            options=[
                discord.SelectOption(
                    label=clip(game_label(game, t=t), SELECT_LABEL_LIMIT),
                    value=str(game.table_id),
                    description=clip(own_text(game, user_id, t=t), SELECT_DESCRIPTION_LIMIT) or None,
                )
                for game in games
            ],
        )
        view.add_item(GamesMenu(menu))
    newer = history_id(user_id, max(page - 1, 0), season_id)
    view.add_item(_button(HistoryButton, t("lb-newer"), newer, disabled=page == 0, row=1))
    older = history_id(user_id, page + 1, season_id)
    view.add_item(_button(HistoryButton, t("lb-older"), older, disabled=not more, row=1))
    return view


def sheet_view(
    user_id: int, page: int, *, t: Texts, season_id: int | None = None, table_id: int | None = None
) -> discord.ui.View:
    """Back to the history page the game was picked from, and the game's Replay (``table_id``)."""
    view = discord.ui.View(timeout=None)
    back = history_id(user_id, page, season_id)
    view.add_item(_button(HistoryButton, t("lb-back-to-games"), back))
    if table_id is not None:
        view.add_item(replay_button(table_id, t))
    return view
