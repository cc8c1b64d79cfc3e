"""Game records: a game written out move by move as JSON that anyone can read, and check with this core.

A record says who sat where, the rules, the seed, every card dealt, every bid, trump choice, call and
card played in order, and what came of them: each trick's winner, each round's bids, tricks, points and
totals, and the final places. ``docs/game-record.md`` documents the format and
``docs/game-record.schema.json`` is its JSON Schema.

What was dealt and done (the *moves*) is the record's input; everything else is what the rules make of
it. ``verify`` plays the moves again through ``Game`` and reports every figure that the rules do not
give, so a score changed by hand, or a card swapped, shows. The seed is kept as the game was started
with it, but the deals written out are what counts: a game the bot restored after a restart dealt its
later rounds from a generator keyed by the seed and the log's length, not from the seed's own stream.

Seats are numbered from 0, as in the rules core; cards and suits are written in RULES.md §4 notation
(``Q♥``, ``10♠``, ``Wizard``, ``Morgan le Fay``, ``♣``).

>>> from wizard_core import Game
>>> game = Game(["Ann", "Ben", "Cy"], seed=7)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> record = build_record(game.players, game.rules, game.seed, game.log)
>>> record["rounds"][0]["moves"][0]
{'seat': 2, 'bid': 0}
>>> verify(loads(dumps(record)))
[]
>>> record["rounds"][2]["totals"][0] += 10
>>> verify(record)
['rounds[2].totals[0]: the record says -30, the rules give -40']
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wizard_core.actions import PLAY_HIDDEN, Action, Bid, Call, ChooseTrump, Play, PlayHidden, decode
from wizard_core.cards import BITS_OF_FACE, CARD_OF_BIT, Card, Suit, deck_bits
from wizard_core.errors import CorruptSaveError, RulesError, WizardError
from wizard_core.events import Event, RoundDealt, RoundScored
from wizard_core.game import SEAT_STRIDE, Game, LogEntry, _draw_rank
from wizard_core.rules import MAX_PLAYERS, Rules
from wizard_core.views import PlayedCard, PublicView, RoundResult, TrickView

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameWalk",
    "Move",
    "RecordError",
    "RecordPlayer",
    "build_record",
    "dumps",
    "loads",
    "log_of",
    "rebuild",
    "summary",
    "verify",
]

RECORD_FORMAT = "wizard-game-record"
RECORD_VERSION = 1
_TOP_KEYS = ("format", "version", "game", "finished_at", "players", "rules", "seed", "first_dealer", "rounds")


class RecordError(CorruptSaveError):
    """A record that cannot be read as one: not JSON, another format or version, a malformed field."""


@dataclass(frozen=True, slots=True)
class RecordPlayer:
    """A seat as the table showed it: the player's name, and a computer's level (None for a member)."""

    name: str
    computer: str | None = None


# -- walking a game move by move -------------------------------------------------------------------------


class _Watched(Game):
    """A game that keeps the table as a round's last card went in, before the round is scored and the next
    one dealt (the rules core does both inside that one move)."""

    __slots__ = ("ending",)

    def _score_round(self) -> tuple[Event, ...]:
        self.ending = self.public_view()
        return super()._score_round()


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a walked game: who made it, what it was, the card it put on the table (an unseen card
    revealed), what it caused, and for a round's last card the table as that card went in (``ending``:
    its last trick complete, the round not yet scored)."""

    seat: int
    action: Action
    card: Card | None
    events: tuple[Event, ...]
    ending: PublicView | None


class GameWalk:
    """A game rebuilt from its setup and action log one move at a time, the log checked as
    ``Game.replay`` checks it (a damaged log raises ``CorruptSaveError``).

    ``game`` is the game as far as the walk went: before the first move it holds the first round's deal.
    """

    def __init__(self, players: Sequence[str], rules: Rules, seed: int, log: Sequence[LogEntry]) -> None:
        self.log = log
        chance = [entry for entry in log if not isinstance(entry, int)]
        try:
            self.game: Game = _Watched(players, rules, seed, _replay=chance)
        except WizardError as error:
            raise _corrupt(error) from None
        # The draws for the first dealer, as the game made them before its first deal.
        chance = [entry for entry in self.game.log if not isinstance(entry, int)]
        self.draws = [cards for kind, cards in chance if kind == "draw"]

    def moves(self) -> Iterator[Move]:
        """Each move in the order it was made; the game moves on as the walk goes."""
        game, log = self.game, self.log
        for index, entry in enumerate(log):
            if index < game.version:
                if game.log[index] != entry:
                    raise CorruptSaveError(f"log entry {index} does not follow from the ones before it")
                continue
            if not isinstance(entry, int):
                raise CorruptSaveError(f"log entry {index} is a {entry[0]} where an action was due")
            yield self._move(entry)
        if game.version != len(log):
            raise CorruptSaveError("the log has entries that no game could produce")

    def _move(self, entry: int) -> Move:
        game = self.game
        seat: int | None
        if entry >= SEAT_STRIDE:
            seat, code = divmod(entry, SEAT_STRIDE)
            seat -= 1
        else:
            seat, code = game.current_player, entry
        if seat is None:
            seat = game.to_act[0] if game.to_act else 0
        try:
            action = decode(code)
            card = game.hand(seat)[-1] if code == PLAY_HIDDEN and game.hand(seat) else _card_of(action)
            events = game.apply(code, player=seat)
        except (WizardError, IndexError) as error:
            raise _corrupt(error) from None
        ending: PublicView | None = None
        if any(isinstance(event, RoundScored) for event in events):
            ending = getattr(game, "ending", None)
        return Move(seat, action, card, events, ending)


def _corrupt(error: Exception) -> CorruptSaveError:
    if isinstance(error, CorruptSaveError):
        return error
    return CorruptSaveError(f"the log holds an illegal action: {error}")


def _card_of(action: Action) -> Card | None:
    return action.card if isinstance(action, Play) else None


# -- building a record -----------------------------------------------------------------------------------


def build_record(
    players: Sequence[str] | Sequence[RecordPlayer],
    rules: Rules,
    seed: int,
    log: Sequence[LogEntry],
    *,
    game_id: int | None = None,
    finished_at: str | None = None,
) -> dict[str, Any]:
    """The record of a game from its setup and action log (a ``CorruptSaveError`` if the log does not
    replay). ``players`` are names, or ``RecordPlayer`` values for seats that computers played;
    ``game_id`` and ``finished_at`` (an ISO 8601 time) say where the game comes from, if known."""
    seats = [p if isinstance(p, RecordPlayer) else RecordPlayer(p) for p in players]
    walk = GameWalk([seat.name for seat in seats], rules, seed, log)
    rounds = _rounds(walk)
    game = walk.game
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game_id,
        "finished_at": finished_at,
        "players": [{"seat": i, "name": s.name, "computer": s.computer} for i, s in enumerate(seats)],
        "rules": rules.to_dict(),
        "seed": seed,
        "first_dealer": {"seat": game.first_dealer, "draws": _draws(walk.draws, len(seats))},
        "rounds": rounds,
    }
    if game.is_over:
        result = game.result()
        record["result"] = {
            "totals": list(result.totals),
            "places": list(result.places),
            "winners": list(result.winners),
        }
    return record


def _draws(draws: Sequence[tuple[int, ...]], players: int) -> list[list[dict[str, Any]]]:
    """The draws for the first dealer (R-1), each card with its drawer: everyone draws, then the players
    tied for the highest card draw again."""
    written = []
    contenders = list(range(players))
    for bits in draws:
        drawn = zip(contenders, bits, strict=True)
        written.append([{"seat": seat, "card": str(CARD_OF_BIT[bit])} for seat, bit in drawn])
        ranks = [_draw_rank(bit) for bit in bits]
        contenders = [seat for seat, rank in zip(contenders, ranks, strict=True) if rank == max(ranks)]
    return written


def _new_round(game: Game) -> dict[str, Any]:
    """A round as it was dealt: dealer, hand size, every hand and the turned-up card."""
    turned = game.turned_up
    return {
        "round": game.round_number,
        "dealer": game.dealer,
        "cards": game.cards_per_player,
        "hands": [[str(card) for card in game.hand(seat)] for seat in range(len(game.players))],
        "turned_up": None if turned is None else str(turned),
        "moves": [],
    }


def _rounds(walk: GameWalk) -> list[dict[str, Any]]:
    rounds = [_new_round(walk.game)]
    for move in walk.moves():
        current = rounds[-1]
        current["moves"].append(_move_entry(move))
        for event in move.events:
            if isinstance(event, RoundScored):
                tricks = move.ending.completed_tricks if move.ending is not None else ()
                current.update(_scores(event.result, tricks))
            elif isinstance(event, RoundDealt):
                rounds.append(_new_round(walk.game))
    return rounds


def _move_entry(move: Move) -> dict[str, Any]:
    action: Action = move.action
    entry: dict[str, Any] = {"seat": move.seat}
    if isinstance(action, Bid):
        entry["bid"] = action.tricks
    elif isinstance(action, ChooseTrump):
        entry["trump"] = str(action.suit)
    elif isinstance(action, Call):
        entry["call"] = action.name
    else:
        entry["play"] = str(move.card)
        if isinstance(action, PlayHidden):
            entry["unseen"] = True
        elif action.merlin is not None:
            entry["as"] = action.merlin
    return entry


def _scores(result: RoundResult, tricks: Sequence[TrickView]) -> dict[str, Any]:
    """What the rules made of a round: trump, the tricks and their winners, bids, tricks won, points,
    totals and who Nannie's Rule put out."""
    return {
        "trump": None if result.trump is None else str(result.trump),
        "tricks": [
            {"leader": trick.leader, "plays": [_played(p) for p in trick.plays], "winner": trick.winner}
            for trick in tricks
        ],
        "bids": list(result.bids),
        "won": list(result.tricks),
        "points": list(result.points),
        "totals": list(result.totals),
        "eliminated": list(result.eliminated),
    }


def _played(played: PlayedCard) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": played.player, "card": str(played.card)}
    if played.merlin is not None:
        entry["as"] = played.merlin
    elif played.flipped:
        entry["as"] = "jester" if played.card.face == 52 else "wizard"
    return entry


def dumps(record: Mapping[str, Any]) -> str:
    """A record as the text of its file: JSON indented by level, every value that fits on one line of
    ``LINE`` characters written on one (a move, a hand, a trick), cards and names as they are written."""
    return _json(record, 0) + "\n"


# The width within which ``dumps`` keeps a value on one line.
LINE = 100


def _json(value: object, depth: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(flat) + 2 * depth <= LINE or not isinstance(value, dict | list) or not value:
        return flat
    inner = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_json(v, depth + 1)}" for key, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [inner + _json(v, depth + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


# -- reading and checking a record -----------------------------------------------------------------------


def loads(text: str | bytes) -> dict[str, Any]:
    """A record from the text of its file; a ``RecordError`` if it is not JSON or not a game record of a
    version this core reads. The moves are read by ``log_of``, the figures by ``verify``."""
    try:
        record = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise RecordError(f"the file is not JSON ({error})") from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"the file is not a Wizard game record (its format is not {RECORD_FORMAT!r})")
    if record.get("version") != RECORD_VERSION:
        version = record.get("version")
        raise RecordError(f"record version {version!r} is not supported (only {RECORD_VERSION})")
    missing = [key for key in _TOP_KEYS if key not in record]
    if missing:
        raise RecordError(f"the record has no {', '.join(missing)}")
    return record


def _field(data: object, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise RecordError(f"{where}: no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}.{key}: {value!r} is not of the right kind")
    return value


def _card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise RecordError(f"{where}: {text!r} is not a card")
    try:
        return Card.parse(text)
    except ValueError:
        raise RecordError(f"{where}: {text!r} is not a card") from None


def _chance(kind: str, cards: Sequence[Card], edition: str, where: str) -> LogEntry:
    """A chance event of the log: the cards' bits in the deck, a Wizard or a Jester taking the next copy."""
    allowed, used, bits = deck_bits(edition), 0, []
    for card in cards:
        free = BITS_OF_FACE[card.face] & allowed & ~used
        if not free:
            raise RecordError(f"{where}: more {card} than the {edition} deck holds")
        used |= free & -free
        bits.append((free & -free).bit_length() - 1)
    return (kind, tuple(bits))


def _code(move: object, where: str) -> int:
    """A move as an action code of the log, with its seat (``SEAT_STRIDE``)."""
    seat: int = _field(move, "seat", int, where)
    assert isinstance(move, dict)
    action: Action
    if "bid" in move:
        action = Bid(_field(move, "bid", int, where))
    elif "trump" in move:
        try:
            action = ChooseTrump(Suit.parse(_field(move, "trump", str, where)))
        except ValueError:
            raise RecordError(f"{where}.trump: {move['trump']!r} is not a suit") from None
    elif "call" in move:
        call = _field(move, "call", str, where)
        if call not in ("gizzard", "fester"):
            raise RecordError(f"{where}.call: {call!r} is not a call")
        action = Call("gizzard" if call == "gizzard" else "fester")
    elif move.get("unseen") is True:
        _card(move.get("play"), f"{where}.play")
        action = PlayHidden()
    else:
        merlin = move.get("as")
        if merlin not in (None, "wizard", "jester"):
            raise RecordError(f"{where}.as: {merlin!r} is neither 'wizard' nor 'jester'")
        action = Play(_card(move.get("play"), f"{where}.play"), merlin)
    try:
        code = action.code
    except WizardError as error:
        raise RecordError(f"{where}: {error}") from None
    if not 0 <= seat < MAX_PLAYERS:
        raise RecordError(f"{where}.seat: no seat {seat}")
    return code + SEAT_STRIDE * (seat + 1)


def _setup(record: Mapping[str, Any]) -> tuple[list[str], Rules, int]:
    players = _field(record, "players", list, "record")
    names = [_field(p, "name", str, f"players[{i}]") for i, p in enumerate(players)]
    try:
        rules = Rules.from_dict(record["rules"])
    except RulesError as error:
        raise RecordError(f"rules: {error}") from None
    seed: int = _field(record, "seed", int, "record")
    return names, rules, seed


def log_of(record: Mapping[str, Any]) -> list[LogEntry]:
    """The action log of a record's draws, deals and moves, for ``GameWalk`` or ``Game.replay``."""
    _, rules, _ = _setup(record)
    edition = rules.edition
    log: list[LogEntry] = []
    draws = _field(_field(record, "first_dealer", dict, "record"), "draws", list, "first_dealer")
    for i, draw in enumerate(draws):
        where = f"first_dealer.draws[{i}]"
        if not isinstance(draw, list):
            raise RecordError(f"{where}: not a list")
        cards = [_card(_field(d, "card", str, f"{where}[{j}]"), f"{where}[{j}]") for j, d in enumerate(draw)]
        log.append(_chance("draw", cards, edition, where))
    for r, round_ in enumerate(_field(record, "rounds", list, "record")):
        where = f"rounds[{r}]"
        hands = _field(round_, "hands", list, where)
        dealt = [
            _card(card, f"{where}.hands[{seat}][{i}]")
            for seat, hand in enumerate(hands)
            for i, card in enumerate(hand if isinstance(hand, list) else [hand])
        ]
        turned = round_.get("turned_up")
        if turned is not None:
            dealt.append(_card(turned, f"{where}.turned_up"))
        log.append(_chance("deal", dealt, edition, where))
        moves = _field(round_, "moves", list, where)
        log += [_code(move, f"{where}.moves[{m}]") for m, move in enumerate(moves)]
    return log


def rebuild(record: Mapping[str, Any]) -> Game:
    """The game of a record's deals and moves, as the rules core plays them (``RecordError`` for a
    malformed record, ``CorruptSaveError`` for moves the rules refuse)."""
    names, rules, seed = _setup(record)
    walk = GameWalk(names, rules, seed, log_of(record))
    for _ in walk.moves():
        pass
    return walk.game


def verify(record: Mapping[str, Any]) -> list[str]:
    """Every way a record differs from what the rules core makes of its deals and moves, one line each;
    empty when every trick, bid, point, total and place is as the rules give it. A malformed record raises
    ``RecordError``; moves the rules refuse, ``CorruptSaveError``."""
    names, rules, seed = _setup(record)
    seats = [RecordPlayer(name, p.get("computer")) for name, p in zip(names, record["players"], strict=True)]
    again = build_record(
        seats, rules, seed, log_of(record), game_id=record.get("game"), finished_at=record.get("finished_at")
    )
    return list(_differences(record, again, ""))


def _differences(given: object, expected: object, where: str) -> Iterator[str]:
    if isinstance(given, dict) and isinstance(expected, dict):
        for key in (*expected, *(k for k in given if k not in expected)):
            path = f"{where}.{key}" if where else str(key)
            if key not in given:
                yield f"{path}: missing, the rules give {_shown(expected[key])}"
            elif key not in expected:
                yield f"{path}: not part of a record"
            else:
                yield from _differences(given[key], expected[key], path)
    elif isinstance(given, list) and isinstance(expected, list) and len(given) == len(expected):
        for index, (a, b) in enumerate(zip(given, expected, strict=True)):
            yield from _differences(a, b, f"{where}[{index}]")
    elif given != expected or type(given) is not type(expected):
        yield f"{where}: the record says {_shown(given)}, the rules give {_shown(expected)}"


def _shown(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


# -- a record in words -----------------------------------------------------------------------------------


def summary(record: Mapping[str, Any], game: Game) -> list[str]:
    """A record's game in lines of English, as the rules core played it (``rebuild``): where it comes
    from, then each round (hand size, trump, and each player's bid/tricks won, points and total), then the
    final places."""
    names = []
    for player in record["players"]:
        level = player.get("computer")
        names.append(f"{player['name']} ({level})" if level else str(player["name"]))
    game_id, when = record.get("game"), record.get("finished_at")
    which = "A game" if game_id is None else f"Game #{game_id}"
    finished = f", finished {when}" if when else ""
    lines = [f"{which}{finished}: {game.rules.describe()}, {len(names)} players, seed {game.seed}"]
    for result in game.round_results:
        trump = "no trump" if result.trump is None else f"trump {result.trump}"
        seats = " · ".join(
            f"{name} {'-' if bid is None else bid}/{won} {points:+d} = {total}"
            for name, bid, won, points, total in zip(
                names, result.bids, result.tricks, result.points, result.totals, strict=True
            )
        )
        lines.append(f"Round {result.round_number:>2} ({result.cards_per_player} cards, {trump}): {seats}")
    if game.is_over:
        final = game.result()
        places = ", ".join(f"{final.places[p]}. {names[p]} {final.totals[p]}" for p in final.standings())
        lines.append(f"Final: {places}")
    return lines
