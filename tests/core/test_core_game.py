"""The game state machine: phases, turns, refusals, rulings R-1 to R-5, views and the save file."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from staging import bits, staged

from wizard_core import (
    MERLIN,
    Bid,
    Card,
    ChooseTrump,
    CorruptSaveError,
    Game,
    IllegalActionError,
    NotYourTurnError,
    Phase,
    Play,
    Rules,
    RulesError,
    Suit,
    decode,
)

NAMES = ["Alice", "Bob", "Cara", "Dan"]


def play(game: Game, *names: str) -> None:
    for name in names:
        game.apply(Play(Card.parse(name)))


# -- set-up --------------------------------------------------------------------------------------------


def test_a_new_game_starts_with_bidding_in_round_one() -> None:
    game = Game(NAMES, seed=1)
    assert game.phase is Phase.BID
    assert (game.round_number, game.rounds_total) == (1, 15)
    assert [len(game.hand(p)) for p in range(4)] == [1, 1, 1, 1]
    assert game.current_player == (game.dealer + 1) % 4  # the dealer's left bids first
    assert game.legal_actions() == (64, 65)


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_per_player_count(players: int, rounds: int) -> None:
    assert Game(players, seed=0).rounds_total == rounds


@pytest.mark.parametrize("players", [2, 7])
def test_player_count_is_checked(players: int) -> None:
    with pytest.raises(RulesError, match="3 to 6 players"):
        Game(players)


def test_rules_refuse_unknown_editions_and_unsupported_variants() -> None:
    with pytest.raises(RulesError, match="unknown edition"):
        Rules("german")
    with pytest.raises(RulesError, match="does not exist"):
        Rules("classic", frozenset({"jester-bid"}))


def test_same_seed_same_game() -> None:
    assert Game(4, seed=5) == Game(4, seed=5)
    assert Game(4, seed=5).log != Game(4, seed=6).log


# -- the first dealer -----------------------------------------------------------------------------


def test_r1_highest_draw_deals() -> None:
    game = staged(["5♠", "K♥", "Jester", "2♦"], ["3♠", "4♠", "5♥", "6♥", "7♥"])
    assert game.first_dealer == game.dealer == 1


def test_r1_wizard_ranks_above_ace_and_jester_below_everything() -> None:
    game = staged(["A♠", "Jester", "Wizard", "2♦"], ["3♠", "4♠", "5♥", "6♥", "7♥"])
    assert game.dealer == 2


def test_r1_camelot_specials_rank_above_aces() -> None:
    game = staged(["A♠", "Excalibur", "K♦", "Jester"], ["3♠", "4♠", "5♥", "6♥", "7♥"], edition="camelot")
    assert game.dealer == 1


def test_r1_suits_do_not_matter_and_tied_players_draw_again() -> None:
    # Bob and Dan tie with kings; only they draw again, Dan's 9 beats Bob's 4.
    game = staged(
        ["K♠", "3♥", "2♦", "K♣"],
        ["3♠", "4♠", "5♥", "6♥", "7♥"],
        redraws=[["4♠", "9♦"]],
    )
    assert game.dealer == 3
    assert [entry[0] for entry in game.log if isinstance(entry, tuple)] == ["draw", "draw", "deal"]


# -- trump ---------------------------------------------------------------------------------------------


def test_turned_suit_card_sets_trump() -> None:
    game = staged(["A♠", "2♠", "3♠", "4♠"], ["3♠", "4♠", "5♥", "6♥", "7♦"])
    assert game.trump is Suit.DIAMONDS and game.turned_up == Card.parse("7♦")
    assert game.phase is Phase.BID


def test_turned_jester_means_no_trump() -> None:
    game = staged(["A♠", "2♠", "3♠", "4♠"], ["3♠", "4♠", "5♥", "6♥", "Jester"])
    assert game.trump is None and game.phase is Phase.BID


@pytest.mark.parametrize(
    ("edition", "turned"),
    [
        ("classic", "Wizard"),
        ("camelot", "Wizard"),
        ("camelot", "Merlin"),
        ("camelot", "Excalibur"),
        ("camelot", "Morgan le Fay"),
        ("camelot", "Holy Grail"),
    ],
)
def test_turned_special_lets_the_dealer_choose_trump(edition: str, turned: str) -> None:
    game = staged(["A♠", "3♠", "4♠", "5♠"], ["6♠", "7♠", "5♥", "6♥", turned], edition=edition)
    assert game.phase is Phase.CHOOSE_TRUMP and game.current_player == game.dealer == 0
    assert [decode(a) for a in game.legal_actions()] == [ChooseTrump(s) for s in Suit]
    with pytest.raises(IllegalActionError, match="Alice must first choose trump"):
        game.apply(Bid(0))
    with pytest.raises(NotYourTurnError, match="it is Alice's turn"):
        game.apply(ChooseTrump(Suit.HEARTS), player=1)
    game.apply(ChooseTrump(Suit.HEARTS), player=0)
    assert game.trump is Suit.HEARTS and game.phase is Phase.BID and game.current_player == 1


def test_last_round_has_no_trump_because_no_card_is_left() -> None:
    game = Game(3, seed=11)
    rng = random.Random(0)
    while game.round_number < 20:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    assert game.turned_up is None and game.trump is None and game.phase is Phase.BID


# -- bidding -------------------------------------------------------------------------------------------


def test_bidding_goes_round_the_table_and_the_dealer_bids_last() -> None:
    game = staged(["A♠", "2♠", "3♠", "4♠"], ["3♠", "4♠", "5♥", "6♥", "7♦"])
    order = []
    for bid in (1, 0, 1, 0):
        order.append(game.current_player)
        game.apply(Bid(bid))
    assert order == [1, 2, 3, 0]
    assert game.bids == (0, 1, 0, 1)
    assert game.phase is Phase.PLAY and game.current_player == 1


def test_bid_refusals_say_why() -> None:
    game = staged(["A♠", "2♠", "3♠", "4♠"], ["3♠", "4♠", "5♥", "6♥", "7♦"])
    with pytest.raises(IllegalActionError, match="bids go from 0 to 1"):
        game.apply(Bid(2))
    with pytest.raises(NotYourTurnError, match="it is Bob's turn"):
        game.apply(Bid(0), player=2)
    with pytest.raises(IllegalActionError, match="it is time to bid, not to play 3♠"):
        game.apply(Play(Card.parse("3♠")))
    with pytest.raises(IllegalActionError, match="not an action"):
        game.apply(500)
    with pytest.raises(IllegalActionError, match="not an action"):
        game.apply("bid 1")  # type: ignore[arg-type]
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(Bid(7))
    assert game.to_json() == before  # a refused action changes nothing


# -- play ----------------------------------------------------------------------------------------------


def four_card_game() -> Game:
    """Round 1 of a staged game: Alice deals, hands 3♠ / 4♠ / 5♥ / 6♥, 7♦ turned (♦ trump)."""
    game = staged(["A♠", "2♠", "3♠", "4♠"], ["3♠", "4♠", "5♥", "6♥", "7♦"])
    for bid in (0, 1, 0, 1):
        game.apply(Bid(bid))
    return game


def test_play_refusals_say_why() -> None:
    game = four_card_game()
    with pytest.raises(IllegalActionError, match="you don't have A♣"):
        game.apply(Play(Card.parse("A♣")))
    with pytest.raises(IllegalActionError, match="it is time to play a card, not to bid 1"):
        game.apply(Bid(1))
    with pytest.raises(NotYourTurnError, match="it is Bob's turn"):
        game.apply(Play(Card.parse("5♥")), player=2)


def round_two(deal2: Sequence[str], edition: str = "classic") -> Game:
    """A game staged to the start of round 2: Alice dealt round 1, so Bob deals and Cara bids first."""
    draw = ("draw", bits(["A♠", "3♠", "4♠", "5♠"], edition))
    deal1 = ("deal", bits(["3♠", "4♠", "5♥", "6♥", "7♦"], edition))
    round1 = [64, 64, 64, 64, *(Play(Card.parse(c)).code for c in ("4♠", "5♥", "6♥", "3♠"))]
    deal2_entry = ("deal", bits(deal2, edition))
    game = Game.replay(NAMES, Rules(edition), 0, [draw, deal1, *round1, deal2_entry])
    assert game.round_number == 2 and game.dealer == 1 and game.current_player == 2
    return game


def test_must_follow_refusal_names_the_suit() -> None:
    game = round_two(["2♣", "3♣", "4♣", "5♣", "Q♥", "J♦", "9♠", "3♥", "8♦"])
    for _ in range(4):
        game.apply(Bid(1))
    play(game, "Q♥")
    with pytest.raises(IllegalActionError, match="you must follow ♥"):
        play(game, "9♠")
    assert game.current_player == 3 and game.hand(3) == [Card.parse("9♠"), Card.parse("3♥")]
    play(game, "3♥")


def test_merlin_must_be_declared_when_played() -> None:
    with pytest.raises(IllegalActionError, match="declare Merlin as a Wizard or as a Jester"):
        Play(MERLIN).code  # noqa: B018
    with pytest.raises(IllegalActionError, match="only Merlin is declared"):
        Play(Card.parse("3♠"), "wizard").code  # noqa: B018


def test_trick_winner_leads_and_tricks_are_counted() -> None:
    game = four_card_game()  # ♦ trump; Bob leads
    play(game, "4♠", "5♥", "6♥", "3♠")
    assert game.round_results[-1].tricks == (0, 1, 0, 0)  # 4♠ beats 3♠, hearts are off-suit
    result = game.round_results[-1]
    assert result.bids == (1, 0, 1, 0)
    assert result.points == (-10, -10, -10, 20)
    assert game.totals == (-10, -10, -10, 20)
    assert game.round_number == 2 and game.dealer == 1


def test_r4_excalibur_null_trick_and_its_player_leads_next() -> None:
    game = round_two(["3♣", "4♣", "5♣", "A♣", "Excalibur", "6♣", "7♣", "8♣", "9♦"], "camelot")
    for _ in range(4):
        game.apply(Bid(1))
    play(game, "Excalibur", "7♣", "3♣", "5♣")
    trick = game.completed_tricks()[0]
    assert trick.null and trick.winner is None
    assert game.tricks_won == (0, 0, 0, 0) and game.current_player == 2  # Cara leads again
    play(game, "6♣", "8♣", "4♣", "A♣")
    result = game.round_results[-1]
    assert result.null_tricks == 1 and sum(result.tricks) == 1


def test_r5_a_round_of_only_null_tricks_scores_nothing() -> None:
    game = staged(["A♠", "3♠", "4♠", "5♠"], ["Excalibur", "4♠", "5♥", "6♥", "7♦"], edition="camelot")
    for bid in (1, 0, 1, 0):
        game.apply(Bid(bid))
    play(game, "4♠", "5♥", "6♥", "Excalibur")
    result = game.round_results[0]
    assert result.null_tricks == 1 and result.points == (0, 0, 0, 0) and game.totals == (0, 0, 0, 0)


def test_merlin_declaration_is_part_of_the_play() -> None:
    game = staged(["A♠", "3♠", "4♠", "5♠"], ["Merlin", "4♠", "5♥", "6♥", "7♦"], edition="camelot")
    for bid in (0, 0, 0, 0):
        game.apply(Bid(bid))
    play(game, "4♠", "5♥", "6♥")
    assert {decode(a) for a in game.legal_actions()} == {Play(MERLIN, "wizard"), Play(MERLIN, "jester")}
    game.apply(Play(MERLIN, "jester"))
    assert game.round_results[0].tricks == (0, 1, 0, 0)  # Merlin as a Jester loses to 4♠


# -- the end of the game -------------------------------------------------------------------------------


def random_game(players: int, seed: int, edition: str = "classic") -> Game:
    game = Game(players, Rules(edition), seed=seed)
    rng = random.Random(seed)
    while actions := game.legal_actions():
        game.apply(actions[rng.randrange(len(actions))])
    return game


def test_game_over_and_standings() -> None:
    game = random_game(4, 3)
    assert game.is_over and game.phase is Phase.GAME_OVER and game.current_player is None
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Bid(0))
    result = game.result()
    order = result.standings()
    assert [result.totals[p] for p in order] == sorted(result.totals, reverse=True)
    assert result.places[order[0]] == 1


def test_r2_players_tied_on_the_highest_total_share_the_win() -> None:
    tied = next(
        g
        for g in (random_game(3, seed) for seed in range(3000))
        if sorted(g.totals)[-1] == sorted(g.totals)[-2]
    )
    result = tied.result()
    top = max(result.totals)
    assert result.shared_win
    assert result.winners == tuple(p for p in range(3) if result.totals[p] == top)
    assert all(result.places[p] == 1 for p in result.winners)


def test_result_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="not over yet"):
        Game(3, seed=1).result()


# -- views ---------------------------------------------------------------------------------------------


def test_public_view_holds_no_hand_and_player_view_only_their_own() -> None:
    game = four_card_game()
    public = game.public_view()
    assert "hand" not in vars(public) and public.hand_sizes == (1, 1, 1, 1)
    view = game.view(2)
    assert view.hand == (Card.parse("5♥"),) and view.legal_actions == ()
    assert game.view(1).legal_actions == game.legal_actions()
    rendered = repr(public)
    assert "3♠" not in rendered and "6♥" not in rendered


def test_views_show_the_trick_with_players_and_positions() -> None:
    game = four_card_game()
    play(game, "4♠", "5♥")
    trick = game.public_view().current_trick
    assert [(p.player, str(p.card), p.position) for p in trick.plays] == [(1, "4♠", 1), (2, "5♥", 2)]
    assert trick.winner is None


# -- the save file -------------------------------------------------------------------------------------


def test_save_and_load_give_the_identical_game() -> None:
    game = random_game(5, 8, "camelot")
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.result() == game.result()
    mid = Game(4, Rules("camelot"), seed=4)
    for _ in range(37):
        mid.apply(mid.legal_actions()[0])
    again = Game.from_json(mid.to_json())
    assert again == mid and again.view(0) == mid.view(0)
    # Both restored copies continue identically.
    other = Game.from_json(mid.to_json())
    while again.legal_actions():
        action = again.legal_actions()[-1]
        again.apply(action)
        other.apply(action)
    assert again == other


def tamper(text: str, change: dict[str, object], fix_checksum: bool) -> str:
    body = json.loads(text)
    body.update(change)
    if fix_checksum:
        from wizard_core.game import _checksum

        body.pop("checksum")
        body["checksum"] = _checksum(body)
    return json.dumps(body)


def test_damaged_saves_are_refused() -> None:
    game = Game(4, seed=2)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    text = game.to_json()
    body = json.loads(text)
    cases = {
        "not JSON": text[:-5],
        "not a save": json.dumps({"hello": 1}),
        "checksum": tamper(text, {"seed": 3}, fix_checksum=False),
        "illegal action": tamper(text, {"log": [*body["log"][:-1], 64 + 9]}, fix_checksum=True),
        "duplicated card": tamper(
            text, {"log": [body["log"][0], {"deal": [0, 0, 1, 2, 3]}, *body["log"][2:]]}, fix_checksum=True
        ),
        "missing deal": tamper(
            text,
            {"log": [e for e in body["log"] if not isinstance(e, dict) or "draw" in e]},
            fix_checksum=True,
        ),
        "unknown entry": tamper(text, {"log": [*body["log"], "x"]}, fix_checksum=True),
        "bad rules": tamper(text, {"rules": {"edition": "chess", "variants": []}}, fix_checksum=True),
    }
    for name, bad in cases.items():
        with pytest.raises(CorruptSaveError):
            Game.from_json(bad)
        assert name


def test_clone_is_independent() -> None:
    game = four_card_game()
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy != game and game.version + 1 == copy.version
    assert game.hand(1) == [Card.parse("4♠")]
