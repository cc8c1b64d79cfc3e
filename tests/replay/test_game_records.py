"""Game records (wizard_core.records): written from random games of every kind, valid against the JSON
Schema in docs/, read back and verified by the rules core; a changed figure, a changed move or a damaged
file is reported, never accepted."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from wizard_core import CorruptSaveError, Game, Rules, RulesError, records
from wizard_core.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "game-record.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def played(rules: Rules, players: int, seed: int) -> Game:
    """A whole game with random legal moves; simultaneous bids are made with their seat, as the bot does."""
    game = Game([f"P{i}" for i in range(players)], rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(rng.choice(game.legal_actions(seat)), player=seat)
    return game


def record_of(game: Game) -> dict[str, Any]:
    return records.build_record(game.players, game.rules, game.seed, game.log, game_id=7, finished_at=None)


def random_rules(rng: random.Random) -> Rules | None:
    chosen = frozenset(rng.sample(list(VARIANTS), rng.randint(0, 3)))
    try:
        return Rules(rng.choice(["classic", "camelot"]), chosen, 3 if "nannie" in chosen else 2)
    except RulesError:
        return None


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_records_of_random_games_are_valid_and_verified() -> None:
    """Every variant in random combinations, 3 to 6 players: the record is valid against the schema, reads
    back from its text, verifies, and rebuilds the same result, rounds and hands."""
    rng = random.Random(28)
    checked = 0
    seen: set[str] = set()
    while checked < 60:
        rules = random_rules(rng)
        players = rng.randint(3, 6)
        if rules is None:
            continue
        try:
            game = played(rules, players, rng.randrange(10**9))
        except RulesError:  # the Forehead card needs a 1-card round
            continue
        record = record_of(game)
        errors = [f"{list(e.path)}: {e.message}" for e in VALIDATOR.iter_errors(record)]
        assert errors == [], (rules, errors[:3])
        back = records.loads(records.dumps(record))
        assert back == record
        assert records.verify(back) == []
        again = records.rebuild(back)
        assert again.result() == game.result()
        assert again.round_results == game.round_results
        seen |= rules.variants
        checked += 1
    assert seen == set(VARIANTS), sorted(set(VARIANTS) - seen)


def test_a_record_holds_every_hand_dealt_and_every_move() -> None:
    game = played(Rules("camelot"), 4, 11)
    record = record_of(game)
    deals = [
        index for index, entry in enumerate(game.log) if not isinstance(entry, int) and entry[0] == "deal"
    ]
    assert len(deals) == len(record["rounds"]) == game.rounds_total
    for round_, deal in zip(record["rounds"], deals, strict=True):
        at_deal = Game.replay(game.players, game.rules, game.seed, game.log[: deal + 1])
        assert round_["hands"] == [[str(card) for card in at_deal.hand(seat)] for seat in range(4)]
        assert round_["turned_up"] == (None if at_deal.turned_up is None else str(at_deal.turned_up))
    moves = [move for round_ in record["rounds"] for move in round_["moves"]]
    assert len(moves) == sum(isinstance(entry, int) for entry in game.log)
    for round_, result in zip(record["rounds"], game.round_results, strict=True):
        made = {move["seat"]: move["bid"] for move in round_["moves"] if "bid" in move}
        assert [made.get(seat) for seat in range(4)] == list(result.bids) == round_["bids"]
        assert round_["totals"] == list(result.totals)
    assert record["result"]["totals"] == list(game.result().totals)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (
            lambda r: r["rounds"][2]["totals"].__setitem__(1, r["rounds"][2]["totals"][1] + 10),
            "rounds[2].totals[1]",
        ),
        (lambda r: r["rounds"][0]["points"].__setitem__(0, 990), "rounds[0].points[0]"),
        (lambda r: r["result"]["places"].reverse(), "result.places"),
        (lambda r: r["rounds"][4]["tricks"][0].__setitem__("winner", 99), "rounds[4].tricks[0].winner"),
        (
            lambda r: r["first_dealer"].__setitem__("seat", (r["first_dealer"]["seat"] + 1) % 3),
            "first_dealer.seat",
        ),
        (lambda r: r["rounds"][1].pop("won"), "rounds[1].won: missing"),
    ],
)
def test_a_changed_figure_is_reported(change: Any, path: str) -> None:
    record = record_of(played(Rules(), 3, 5))
    change(record)
    differences = records.verify(record)
    assert differences and any(line.startswith(path) for line in differences), differences


def test_a_changed_bid_changes_the_scores_the_rules_give() -> None:
    record = record_of(played(Rules(), 3, 5))
    moves = record["rounds"][5]["moves"]
    bid = next(move for move in moves if "bid" in move)
    bid["bid"] = (bid["bid"] + 1) % 7
    differences = records.verify(record)
    assert any(line.startswith("rounds[5].bids") for line in differences), differences
    assert any(line.startswith("rounds[5].points") for line in differences), differences


def test_a_move_the_rules_refuse_is_refused() -> None:
    record = record_of(played(Rules(), 3, 5))
    # Round 3's first card played by someone else than its leader, in their place.
    moves = record["rounds"][2]["moves"]
    first = next(move for move in moves if "play" in move)
    first["seat"] = (first["seat"] + 1) % 3
    with pytest.raises(CorruptSaveError, match="illegal action"):
        records.verify(record)
    hands = record["rounds"][3]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # a swapped deal: cards played that were not held
    with pytest.raises(CorruptSaveError):
        records.rebuild(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"\xff\xfe", "not JSON"),
        (b"[1, 2]", "not a Wizard game record"),
        (b'{"format": "wizard-save", "version": 1}', "not a Wizard game record"),
        (b'{"format": "wizard-game-record", "version": 2}', "record version 2 is not supported"),
        (b'{"format": "wizard-game-record", "version": 1}', "the record has no game"),
    ],
)
def test_a_file_that_is_no_record_is_refused(text: bytes, message: str) -> None:
    with pytest.raises(records.RecordError, match=message):
        records.loads(text)


def test_a_malformed_move_is_named() -> None:
    record = record_of(played(Rules(), 3, 5))
    record["rounds"][1]["moves"][4]["play"] = "11♥"
    with pytest.raises(records.RecordError, match=r"rounds\[1\]\.moves\[4\]\.play: '11♥' is not a card"):
        records.verify(record)
    record = record_of(played(Rules(), 3, 5))
    record["rounds"][0]["hands"][0] = ["Wizard"] * 5
    with pytest.raises(records.RecordError, match=r"rounds\[0\]: more Wizard than the classic deck holds"):
        records.log_of(record)


def test_the_summary_names_every_round_and_the_final_places() -> None:
    game = played(Rules(), 3, 5)
    seats = [records.RecordPlayer("Ann"), records.RecordPlayer("Ben"), records.RecordPlayer("Hal", "medium")]
    record = records.build_record(
        seats, game.rules, game.seed, game.log, game_id=12, finished_at="2026-05-01T20:14:03Z"
    )
    lines = records.summary(record, records.rebuild(record))
    assert lines[0] == f"Game #12, finished 2026-05-01T20:14:03Z: Classic, 3 players, seed {game.seed}"
    assert len(lines) == 2 + game.rounds_total
    first = game.round_results[0]
    assert lines[1].startswith("Round  1 (1 cards, ")
    assert (
        f"Hal (medium) {first.bids[2]}/{first.tricks[2]} {first.points[2]:+d} = {first.totals[2]}" in lines[1]
    )
    result = game.result()
    winner = result.standings()[0]
    assert lines[-1].startswith(f"Final: 1. {['Ann', 'Ben', 'Hal (medium)'][winner]} {result.totals[winner]}")
