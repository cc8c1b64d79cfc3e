"""/wizard record through SimCord: the record and score sheet of a finished game, read from the reply's
attachments, valid against the schema and verified by `bot.py replay`, which reports a tampered record;
and the games the command's option suggests."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bot_helpers import make_players
from discord_payloads import assert_valid_discord_payloads
from replay_helpers import new_member_channel, store_game
from simcord import Env, InteractionResult

import bot
from wizard_core import Rules

pytestmark = pytest.mark.simcord(check_errors=True)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "game-record.schema.json").read_text(encoding="utf-8"))


def attachments(env: Env, result: InteractionResult) -> dict[str, bytes]:
    """The files of a reply by name, as Discord's CDN serves them."""
    assert result.response is not None
    found = {}
    for attachment in result.response.attachments:
        data = env.backend.cdn.get(attachment.url)
        assert data is not None
        found[attachment.filename] = data
    return found


async def test_a_record_round_trips_through_bot_py_replay(
    simcord_env: Env, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    guild, channel, reader = new_member_channel(simcord_env)
    members = make_players(simcord_env, guild, 4)
    rules = Rules("camelot", frozenset({"hidden-bid", "gizzard-fester"}))
    game_id, game = await store_game(simcord_env, guild, members, seed=28, rules=rules)

    result = await reader.slash(channel, "wizard record", game=game_id)
    assert result.response is not None and result.ephemeral
    assert "python bot.py replay FILE" in result.response.content
    files = attachments(simcord_env, result)
    assert sorted(files) == [f"wizard-game-{game_id}-scores.csv", f"wizard-game-{game_id}.json"]
    record: dict[str, Any] = json.loads(files[f"wizard-game-{game_id}.json"])
    jsonschema.validate(record, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert record["game"] == game_id
    assert [p["name"] for p in record["players"]] == [m.name for m in members]
    assert record["rules"] == rules.to_dict() and record["seed"] == game.seed
    assert record["result"]["totals"] == list(game.result().totals)

    # The score sheet: a row per round, each player's running total as the rules scored it.
    rows = list(csv.reader(io.StringIO(files[f"wizard-game-{game_id}-scores.csv"].decode("utf-8-sig"))))
    assert rows[0][:4] == ["Round", "Cards", "Dealer", "Trump"]
    assert rows[0][4:8] == [
        f"{members[0].name}: bid",
        f"{members[0].name}: won",
        "player0: points",
        "player0: total",
    ]
    assert len(rows) == 1 + game.rounds_total + 1
    for row, scored in zip(rows[1:-1], game.round_results, strict=True):
        assert [int(row[7 + 4 * seat]) for seat in range(4)] == list(scored.totals)
    assert rows[-1][0] == "Place" and [int(rows[-1][7 + 4 * s]) for s in range(4)] == list(
        game.result().places
    )

    # bot.py replay checks it with the rules core, and prints its rounds.
    path = tmp_path / "record.json"
    path.write_bytes(files[f"wizard-game-{game_id}.json"])
    assert bot.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Game #{game_id}" in out and "Verified: every trick, bid, point, total and place" in out
    assert out.count("\nRound ") == game.rounds_total

    # A total changed by hand is found and named.
    record["rounds"][3]["totals"][2] += 100
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert bot.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "does not match the rules: 1 difference(s)" in out
    assert f"rounds[3].totals[2]: the record says {game.round_results[3].totals[2] + 100}" in out
    # A file that is no record, and one that is missing, are one line each.
    path.write_text("{}", encoding="utf-8")
    assert bot.main(["replay", str(path)]) == 1
    assert "cannot be replayed: the file is not a Wizard game record" in capsys.readouterr().err
    assert bot.main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "Could not read" in capsys.readouterr().err
    assert_valid_discord_payloads(simcord_env)


async def test_the_game_option_suggests_the_members_recent_games(simcord_env: Env) -> None:
    guild, channel, _ = new_member_channel(simcord_env)
    members = make_players(simcord_env, guild, 3)
    first, _ = await store_game(simcord_env, guild, members, seed=1)
    second, _ = await store_game(simcord_env, guild, members, seed=2)
    for command in ("wizard replay", "wizard record"):
        offered = await members[0].autocomplete(channel, command, "game", "")
        assert [choice["value"] for choice in offered] == [second, first]
        assert all(choice["name"].startswith(f"#{choice['value']} · ") for choice in offered)
        typed = await members[0].autocomplete(channel, command, "game", f"#{first}")
        assert [choice["value"] for choice in typed] == [first]
    outsider = guild.add_member(simcord_env.create_user("newcomer"))
    assert await outsider.autocomplete(channel, "wizard replay", "game", "") == []
