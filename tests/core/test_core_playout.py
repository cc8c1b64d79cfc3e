"""Random-playout oracle, after python-chess's perft and OpenSpiel's RandomSimTest.

Thousands of seeded games with random legal play, for every player count and both editions. Each game
is checked against invariants computed here, from RULES.md and the documented action codes, not from the
engine's internals: every card dealt once per round, hand sizes, tricks, every play legal, scores, and
that replaying the log rebuilds the identical game. The first games of each setting also check every
play against the independent oracle in ``oracle.py``.
"""

from __future__ import annotations

import random

import pytest
from oracle import oracle_legal_plays, oracle_round_score, oracle_trick_winner

from wizard_core import Game, PlayerView, Rules, decode

GAMES = 2000
ORACLE_GAMES = 40
WIZARD, JESTER, MERLIN_AS_WIZARD, EXCALIBUR, MERLIN_AS_JESTER = 52, 53, 54, 55, 58
SUIT_MASKS = [((1 << 13) - 1) << (13 * s) for s in range(4)]


def card_name(code: int) -> str:
    return str(decode(code).card)  # type: ignore[union-attr]


def hand_names(game: Game, player: int) -> list[str]:
    return [str(c) for c in game.hand(player)]


def check_deal(game: Game, players: int, size: int) -> None:
    masks = [game.hand_mask(p) for p in range(players)]
    union = 0
    for mask in masks:
        assert mask.bit_count() == size  # hand sizes
        assert not union & mask  # every card dealt once
        union |= mask
    turned = game.turned_up
    assert (turned is None) == (players * size == 60)  # no card left: no trump
    if turned is not None and not turned.is_special:
        assert game.trump == turned.suit


def check_round(game: Game, players: int) -> None:
    result = game.round_results[-1]
    assert sum(result.tricks) + result.null_tricks == result.cards_per_player
    if result.null_tricks == result.cards_per_player:
        assert result.points == (0,) * players
    else:
        bids = [b for b in result.bids if b is not None]
        expected = [oracle_round_score(b, t) for b, t in zip(bids, result.tricks, strict=True)]
        assert list(result.points) == expected
    if game.rules.edition == "classic":
        assert result.null_tricks == 0


def follow_state(led: int | None, free: bool, action: int) -> tuple[int | None, bool]:
    """The suit to follow and whether everyone is free of it, once the card ``action`` is in (R-6).

    The first suit card sets the suit; a Wizard or Merlin as a Wizard before any suit card frees everyone.
    """
    if led is None and not free:
        if action < 52:
            return action // 13, False
        if action in (WIZARD, MERLIN_AS_WIZARD):
            return None, True
    return led, free


def check_follows_suit(game: Game, action: int, led: int | None, free: bool) -> None:
    hand = game.hand_mask(game.current_player)  # type: ignore[arg-type]
    if action < 52 and led is not None and not free and action // 13 != led:
        assert not hand & SUIT_MASKS[led], "a player holding the led suit played another suit"


def play_one(players: int, edition: str, seed: int, with_oracle: bool) -> Game:
    game = Game(players, Rules(edition), seed=seed)
    rng = random.Random(seed)
    size = 1
    tricks_done = 0
    trick: list[int] = []
    led: int | None = None  # the suit to follow, None before any suit card
    free = False  # a Wizard came before any suit card
    check_deal(game, players, size)
    while actions := game.legal_actions():
        action = actions[int(rng.random() * len(actions))]
        if action < 64:  # playing a card
            check_follows_suit(game, action, led, free)
            if with_oracle:
                check_with_oracle(game, edition, trick, actions)
            trick.append(action)
            led, free = follow_state(led, free, action)
        elif action < 96:
            assert action - 64 <= size  # a bid
        game.apply(action)
        if len(trick) == players:
            if with_oracle and tricks_done + 1 < size:
                check_trick_with_oracle(game, edition, trick)
            trick, led, free = [], None, False
            tricks_done += 1
            if tricks_done == size:
                check_round(game, players)
                tricks_done = 0
                size += 1
                if not game.is_over:
                    check_deal(game, players, size)
    assert game.is_over and size - 1 == len(game.round_results) == 60 // players
    assert list(game.totals) == [sum(r.points[p] for r in game.round_results) for p in range(players)]
    return game


def merlin_of(trick: list[int]) -> str | None:
    if MERLIN_AS_WIZARD in trick:
        return "wizard"
    if MERLIN_AS_JESTER in trick:
        return "jester"
    return None


def check_trick_with_oracle(game: Game, edition: str, trick: list[int]) -> None:
    done = game.completed_tricks()[-1]
    trump = None if game.trump is None else str(game.trump)
    index = oracle_trick_winner([card_name(c) for c in trick], trump, edition, merlin_of(trick))
    if index is None:
        assert done.null and done.winner is None
    else:
        assert not done.null and done.winner == (done.leader + index) % len(game.players)
        assert game.current_player == done.winner


def check_with_oracle(game: Game, edition: str, trick: list[int], actions: tuple[int, ...]) -> None:
    merlin = merlin_of(trick)
    player = game.current_player
    assert player is not None
    names = [card_name(c) for c in trick]
    allowed = oracle_legal_plays(hand_names(game, player), names, edition, merlin)
    assert {card_name(c) for c in actions} == allowed


@pytest.mark.parametrize("edition", ["classic", "camelot"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_playouts(players: int, edition: str) -> None:
    for seed in range(GAMES):
        game = play_one(players, edition, seed, with_oracle=seed < ORACLE_GAMES)
        replayed = Game.replay(game.players, game.rules, game.seed, game.log)
        assert replayed == game
        if seed % 100 == 0:
            assert Game.from_json(game.to_json()) == game
            result = game.result()
            top = max(result.totals)
            assert result.winners == tuple(p for p, t in enumerate(result.totals) if t == top)


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_views_never_hold_another_players_hand(edition: str) -> None:
    for seed in range(8):
        game = Game(4, Rules(edition), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            public = game.public_view()
            assert not hasattr(public, "hand")
            for p in range(4):
                view = game.view(p)
                assert isinstance(view, PlayerView)
                assert list(view.hand) == game.hand(p)
                others = {c for q in range(4) if q != p for c in game.hand(q) if not c.is_special}
                assert not others & set(view.hand)
                assert view.legal_actions == (game.legal_actions() if p == game.current_player else ())
            actions = game.legal_actions()
            game.apply(actions[int(rng.random() * len(actions))])
