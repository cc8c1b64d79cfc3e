"""Every refusal the rules core gives a player names its reason (a key and the values it quotes), and
``cogs.core_words.error_text`` says it in the reader's language: in English word for word as the core's
own message, in German without an English sentence and without a placeholder left over.

A seeded random fuzz plays games of both editions with random sets of house rules and, along the way, tries
what a player might: another seat's move, any action code, an action value that cannot be encoded."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from functools import cache, partial
from typing import Any

import pytest
from fluent.syntax import ast as fluent
from fluent.syntax import parse

from cogs.core_words import ERROR_KEYS, error_text
from cogs.utils.i18n import LOCALES_DIR, texts
from cogs.utils.replies import sentence
from wizard_core import (
    EDITIONS,
    Bid,
    Call,
    Card,
    CorruptSaveError,
    Event,
    Game,
    IllegalActionError,
    Play,
    Rules,
    RulesError,
    WizardError,
)
from wizard_core.errors import ERROR_KEYS as CORE_KEYS
from wizard_core.rules import check_players
from wizard_core.variants import VARIANTS, check_variants, find_variant

ENGLISH, GERMAN = texts("en"), texts("de")
GAMES = 50
# Errors no player causes: the core's message is all there is.
NO_REASON = (CorruptSaveError,)


def catch(attempt: Callable[..., object], *args: Any, **kwargs: Any) -> WizardError | None:
    """The WizardError that ``attempt(*args, **kwargs)`` raises, or None."""
    try:
        attempt(*args, **kwargs)
    except WizardError as error:
        return error
    return None


def compatible_variants(rng: random.Random) -> frozenset[str]:
    """A random set of house rules R-9 allows together."""
    chosen: set[str] = set()
    for variant in rng.sample(list(VARIANTS), rng.randint(0, 5)):
        try:
            check_variants(chosen | {variant})
        except RulesError:
            continue
        chosen.add(variant)
    return frozenset(chosen)


def probes(game: Game, rng: random.Random) -> list[partial[tuple[Event, ...]]]:
    """What a player might try now, legal or not."""
    players, first = len(game.players), game.to_act[0]
    tries = []
    for _ in range(3):
        player = rng.choice([None, -1, players, *range(players)])
        code = rng.choice([rng.randrange(0, 110), *game.legal_actions(first)])
        tries.append(partial(game.apply, code, player=player))
    card, merlin = Card(rng.randrange(0, 58)), rng.choice([None, "wizard", "jester"])
    tries.append(partial(game.apply, Play(card, merlin), player=first))  # type: ignore[arg-type]
    tries.append(partial(game.apply, Bid(rng.choice([-1, 21, 40])), player=first))
    call = rng.choice(["gizzard", "fester", "hooray"])
    tries.append(partial(game.apply, Call(call), player=first))  # type: ignore[arg-type]
    return tries


def fuzzed_errors() -> Iterator[WizardError]:
    """Refusals met in seeded random games of every edition with random compatible house rules."""
    for seed in range(GAMES):
        rng = random.Random(seed)
        variants = compatible_variants(rng)
        rules = Rules(EDITIONS[seed % 2], variants, rng.choice([2, 3]) if "nannie" in variants else 2)
        try:
            game = Game(rng.randint(3, 6), rules, seed=seed)
        except RulesError as error:
            yield error
            continue
        while not game.is_over:
            if rng.random() < 0.2:
                for probe in probes(game, rng):
                    if game.is_over:
                        break
                    refused = catch(probe)
                    if refused is not None:
                        yield refused
                continue
            player = rng.choice(game.to_act)
            game.apply(rng.choice(game.legal_actions(player)), player=player)
        yield from filter(None, (catch(game.apply, 64), catch(game.apply, 64, player=0)))


def rules_errors() -> Iterator[WizardError]:
    """Refusals of a table's rules: every pair of house rules in both editions at every player count,
    Nannie's option, and what a lobby or a settings panel could be sent."""
    for edition, first, second in itertools.product(EDITIONS, VARIANTS, VARIANTS):
        error = catch(Rules, edition, frozenset({first, second}))
        if error is not None:
            yield error
            continue
        rules = Rules(edition, frozenset({first, second}))
        yield from filter(None, (catch(Game, players, rules) for players in range(1, 9)))
    yield from filter(
        None,
        [
            catch(Rules, "classic", frozenset(), 4),
            catch(Rules, "classic", frozenset(), 3),
            catch(Rules, "chess"),
            catch(Rules, "classic", frozenset({"jester-bid"})),
            catch(find_variant, "Tricksy Wizard"),
            catch(check_players, 7),
            catch(Game, ["Ann", " ", "Cy"]),
        ],
    )


@cache
def every_error() -> tuple[WizardError, ...]:
    return (*fuzzed_errors(), *rules_errors())


@cache
def english_sentences() -> set[str]:
    """The English words of core.ftl's refusals, each run of text between placeholders of 3 words or more."""
    found: set[str] = set()
    resource = parse((LOCALES_DIR / "en" / "core.ftl").read_text(encoding="utf-8"))
    for entry in resource.body:
        if not isinstance(entry, fluent.Message) or entry.value is None:
            continue
        if entry.comment is None or "same in both" not in (entry.comment.content or ""):
            for element in entry.value.elements:
                if isinstance(element, fluent.TextElement):
                    parts = re.split(r"[:;.,()]", element.value)
                    found.update(part.strip() for part in parts if len(part.split()) >= 3)
    return found


def test_every_refusal_has_a_message_in_both_languages() -> None:
    assert set(ERROR_KEYS) == set(CORE_KEYS)
    for key in ERROR_KEYS.values():
        assert ENGLISH.has(key) and GERMAN.has(key), key


def test_the_fuzz_meets_the_refusals_of_play() -> None:
    seen = {error.reason.key for error in every_error() if error.reason is not None}
    expected = set(CORE_KEYS) - {
        "bid-adds-up-canadian",  # the dealer must lead on score: met in test_limits_refusals
        "bid-adds-up",
        "bid-adds-up-hardcore",
        "play-unseen",  # the Forehead round: met in test_forehead_refusals
        "call-in-forehead-round",
        "say-who-bids",  # everyone bids at once: met in test_who_bids_refusals
        "saboteur-dealer-does-not-bid",
    }
    assert sorted(expected - seen) == []


def test_every_refusal_a_player_meets_has_a_reason() -> None:
    errors = every_error()
    assert len(errors) > 500
    for error in errors:
        assert error.reason is not None or isinstance(error, NO_REASON), (type(error), str(error))


def check_texts(error: WizardError) -> None:
    assert error.reason is not None, str(error)
    assert error_text(error, ENGLISH) == sentence(error)
    german = error_text(error, GERMAN)
    assert german.strip() and "{" not in german and "}" not in german, german
    assert german[0].isupper() or not german[0].isalpha(), german
    assert german != sentence(error)
    leftovers = [english for english in english_sentences() if english in german]
    assert leftovers == [], (german, leftovers)


def test_each_refusal_reads_the_same_in_english_and_in_german_without_english() -> None:
    for error in every_error():
        check_texts(error)


@pytest.mark.parametrize("limit", ["no-even-bids", "hardcore", "canadian"])
def test_limits_refusals(limit: str) -> None:
    """The bid a limit forbids the dealer, refused with its reason."""
    met = 0
    for seed in range(40):
        game = Game(4, Rules("classic", frozenset({limit})), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and met < 3:
            player = game.to_act[0]
            legal = set(game.legal_actions(player))
            forbidden = [64 + n for n in range(game.cards_per_player + 1) if 64 + n not in legal]
            if game.phase.name == "BID" and forbidden:
                error = catch(game.apply, forbidden[0], player=player)
                assert isinstance(error, IllegalActionError)
                check_texts(error)
                met += 1
            game.apply(rng.choice(sorted(legal)), player=player)
    assert met == 3


def test_forehead_refusals() -> None:
    game = Game(4, Rules("camelot", frozenset({"forehead", "gizzard-fester"})), seed=2)
    rng = random.Random(2)
    while game.phase.name != "PLAY":
        player = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(player)), player=player)
    for code in (0, 100, 101):
        error = catch(game.apply, code)
        assert error is not None and error.reason is not None
        assert error.reason.key in {"play-unseen", "call-in-forehead-round"}
        check_texts(error)


def test_who_bids_refusals() -> None:
    """While everyone bids at once: a bid must say whose it is, and the Saboteur dealer has none."""
    game = Game(4, Rules("classic", frozenset({"hidden-bid", "saboteur"})), seed=1)
    while game.phase.name != "BID":
        game.apply(game.legal_actions()[0])
    error = catch(game.apply, 64)
    assert error is not None and error.reason is not None and error.reason.key == "say-who-bids"
    check_texts(error)
    error = catch(game.apply, 64, player=game.dealer)
    assert error is not None and error.reason is not None
    assert error.reason.key == "saboteur-dealer-does-not-bid"
    check_texts(error)


def test_an_error_without_a_reason_is_said_as_the_core_wrote_it() -> None:
    error = CorruptSaveError("this is not a Wizard save")
    assert error_text(error, GERMAN) == error_text(error, ENGLISH) == "This is not a Wizard save."


def test_german_names_the_game_s_own_values() -> None:
    game = Game(3, Rules("classic"), seed=4)
    while game.phase.name != "PLAY" or game.round_number < 3:
        game.apply(game.legal_actions()[0])
    error = catch(game.apply, 64)
    assert error is not None
    assert error_text(error, GERMAN).startswith(
        "Jetzt wird eine Karte gespielt, du kannst gerade nicht 0 vorhersagen"
    )
    rules_error = catch(Rules, "classic", frozenset({"canadian", "saboteur"}))
    assert rules_error is not None
    assert error_text(rules_error, GERMAN).startswith(
        "„Kanadische Regel“ lässt sich nicht mit „Wizard Saboteur“"
    )
    game = Game(3, Rules("classic", frozenset({"quick"})), seed=4)
    while game.phase.name != "PLAY":
        game.apply(game.legal_actions()[0])
    call = catch(game.apply, 100)
    assert call is not None
    assert "Gizzard zu rufen gehört zum Smyrna-Stil" in error_text(call, GERMAN)
