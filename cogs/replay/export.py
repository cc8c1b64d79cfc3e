"""A finished game as files to download: its record (``wizard_core.records``, JSON) and its score sheet
(CSV), both built from the stored table, sent privately by /wizard record."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.replay.games import FinishedGame
from cogs.utils.i18n import Texts
from wizard_core import records


def game_record(game: FinishedGame) -> dict[str, Any]:
    """The record of a finished game: the seats' names as stored (a computer with its level), its rules,
    seed, deals and moves, and what came of them."""
    stored = game.record
    assert stored.seed is not None
    players = [records.RecordPlayer(seat.name, seat.computer) for seat in stored.seats]
    return records.build_record(
        players, stored.table_rules, stored.seed, stored.log, game_id=stored.id, finished_at=game.finished_at
    )


def score_sheet_csv(record: Mapping[str, Any], names: Sequence[str], *, t: Texts) -> str:
    """The score sheet of a record as CSV: one row per round (its hand size, dealer and trump, then each
    player's bid, tricks won, points and total), then each player's place; headings in ``t``'s language."""
    columns = [t("replay-csv-round"), t("replay-csv-cards"), t("replay-csv-dealer"), t("replay-csv-trump")]
    for name in names:
        columns += [
            t("replay-csv-bid", name=name),
            t("replay-csv-won", name=name),
            t("replay-csv-points", name=name),
            t("replay-csv-total", name=name),
        ]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for round_ in record["rounds"]:
        row = [round_["round"], round_["cards"], names[round_["dealer"]], round_.get("trump") or ""]
        for seat in range(len(names)):
            bid = round_["bids"][seat]
            scores = (round_["won"][seat], round_["points"][seat], round_["totals"][seat])
            row += ["" if bid is None else bid, *scores]
        writer.writerow(row)
    result = record.get("result")
    if result is not None:
        places: list[object] = [t("replay-csv-place"), "", "", ""]
        for place in result["places"]:
            places += ["", "", "", place]  # under each player's total
        writer.writerow(places)
    return out.getvalue()


async def record_files(game: FinishedGame, *, t: Texts) -> list[discord.File]:
    """The two files of /wizard record: the game's record, and its score sheet. The record is written in
    a worker thread (tens of milliseconds for a long game)."""
    record = await asyncio.to_thread(game_record, game)
    text = await asyncio.to_thread(records.dumps, record)
    sheet = score_sheet_csv(record, game.names(t), t=t)
    stem = f"wizard-game-{game.id}"
    return [
        discord.File(
            io.BytesIO(text.encode()),
            filename=f"{stem}.json",
            description=t("replay-record-file-description", game=str(game.id)),
        ),
        discord.File(
            # A byte order mark, so spreadsheet programs read the names and suits as UTF-8.
            io.BytesIO(("\ufeff" + sheet).encode()),
            filename=f"{stem}-scores.csv",
            description=t("replay-sheet-file-description", game=str(game.id)),
        ),
    ]
