"""Rendering the house variants: every view of real variant games renders within Discord's limits,
secret bids and hands stay secret, and each variant's state is said in words and drawn."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import discord
import pytest
from PIL import Image

from cogs.table import pictures as images
from cogs.table.render import (
    BUTTON_LABEL_LIMIT,
    NO_BID,
    NOT_BID_YET,
    OUT_SIGN,
    SECRET_BID,
    action_label,
    card_text,
    display_name,
    embed_limit_problems,
    final_embed,
    hand_embed,
    round_summary_embed,
    table_embed,
)
from cogs.utils.i18n import ENGLISH as EN
from wizard_core import (
    CALL_FESTER,
    CALL_GIZZARD,
    EXCALIBUR,
    HOLY_GRAIL,
    MERLIN,
    MORGAN_LE_FAY,
    PLAY_HIDDEN,
    Call,
    Card,
    Game,
    Phase,
    PlayedCard,
    PlayerView,
    PlayHidden,
    PublicView,
    RoundResult,
    Rules,
    Suit,
    decode,
)
from wizard_core.cards import JESTER_FACE, WIZARD_FACE
from wizard_core.variants import VARIANTS

UNIQUE_SPECIALS = frozenset({MERLIN, EXCALIBUR, MORGAN_LE_FAY, HOLY_GRAIL})
NAMES = ["Alice", "Bob", "Cara", "Dan", "Eve", "Finn"]
SECRET_VARIANTS = {"hidden-bid", "hands-in", "delayed-reveal"}

COMBINATIONS = [
    frozenset({"delayed-reveal", "nannie", "gizzard-fester"}),
    frozenset({"hands-in", "third-time", "forehead"}),
    frozenset({"saboteur", "nannie", "gizzard-fester"}),
    frozenset({"saboteur", "hidden-bid", "forehead"}),
    frozenset({"hidden-bid", "saboteur", "third-time", "gizzard-fester"}),
    frozenset({"canadian", "gizzard-fester", "quick"}),
    frozenset({"hardcore", "maximus", "third-time"}),
]
VARIANT_SETS = [frozenset({name}) for name in VARIANTS] + COMBINATIONS


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return "\n".join(parts)


RULING_ID = re.compile(r"\bR-\d")
# What each house rule's line in a table or hand message starts with: each is said at most once.
RULE_LINES = ("Saboteur", "Forehead", "Third Time", "Smyrna Style", "Bids are secret", "Nannie's Rule")


def fits(embed: discord.Embed) -> str:
    """The embed's text, once it is known to fit Discord's limits and to show no ruling id."""
    assert embed_limit_problems(embed) == []
    text = embed_text(embed)
    assert not RULING_ID.search(text), text
    return text


def said_once(text: str) -> None:
    """No house rule is said twice in one message (the table's list of variant names aside)."""
    said = "\n".join(line for line in text.splitlines() if not line.startswith("**Variants:**"))
    for start in RULE_LINES:
        assert said.count(start) <= 1, (start, text)


def unique_name(card: Card) -> bool:
    """A card whose text names one physical card (Wizards and Jesters are identical copies)."""
    return card.suit is not None or card in UNIQUE_SPECIALS


def scoreboard_row(text: str, name: str, lead: int = 2) -> list[str]:
    """The cells of a seat's row in the scoreboard (``lead``: 2 for the turn mark, 0 in a round's table);
    the row ends with the bid, the tricks won (the points) and the total."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Player" in line and "Bid Won" in line)
    block = lines[start + 1 : lines.index("```", start)]
    rows = [line for line in block if line[lead:].startswith(name + " ")]
    assert len(rows) == 1, (name, block)
    return rows[0].split()


def secret_bids(game: Game) -> dict[int, int]:
    """Bids made but hidden from the table right now."""
    public = game.public_view().bids
    return {seat: bid for seat, bid in enumerate(game.bids) if bid is not None and public[seat] is None}


def all_plays(view: PublicView) -> Iterable[PlayedCard]:
    yield from view.current_trick.plays
    for trick in view.completed_tricks[-1:]:
        yield from trick.plays


# What a run of games showed, so each test can check that its situations really happened.
Seen = Counter[str]


@dataclass(frozen=True)
class Moment:
    """One state of a game as the checks see it: the table message's text, every hand, the secret bids."""

    game: Game
    names: Sequence[str]
    public: PublicView
    table: str
    hands: Sequence[Sequence[Card]]
    secrets: dict[int, int]
    seen: Seen


def check_state(game: Game, seen: Seen) -> None:
    public = game.public_view()
    hands = [game.hand(p) for p in range(len(game.players))]
    moment = Moment(
        game, game.players, public, fits(table_embed(public, t=EN)), hands, secret_bids(game), seen
    )
    said_once(moment.table)
    check_table_hides_hands(moment)
    check_table_bids(moment)
    check_table_says_the_variants(moment)
    check_picture_hides_secret_bids(moment)
    if game.is_over:
        return
    for p in range(len(moment.names)):
        view = game.view(p)
        text = fits(hand_embed(view, t=EN))
        said_once(text)
        check_hand_hides_other_hands(moment, view, text)
        check_hand_bids(moment, view, text)
        check_hand_cards(moment, view, text)
        check_hand_actions(moment, view, text)


def check_table_hides_hands(moment: Moment) -> None:
    """The table holds no hand card."""
    for hand in moment.hands:
        for card in filter(unique_name, hand):
            assert str(card) not in moment.table


def check_table_bids(moment: Moment) -> None:
    """Each seat's bid on the table: out, secret, made, the saboteur's none, or not yet made."""
    public, table = moment.public, moment.table
    for seat, name in enumerate(moment.names):
        bid_cell = scoreboard_row(table, name)[-3]
        if not public.active[seat]:
            assert f"{OUT_SIGN} out" in " ".join(scoreboard_row(table, name)) and bid_cell == NO_BID
            moment.seen["out"] += 1
        elif seat in moment.secrets:
            assert bid_cell == SECRET_BID
            moment.seen["secret"] += 1
        elif public.bids[seat] is not None:
            assert bid_cell == str(public.bids[seat])
        elif "saboteur" in public.variants and seat == public.dealer and not moment.game.is_over:
            assert bid_cell == NO_BID and "saboteur" in " ".join(scoreboard_row(table, name))
            moment.seen["saboteur"] += 1
        else:
            assert bid_cell == NOT_BID_YET


def check_table_says_the_variants(moment: Moment) -> None:
    """The variants by name, simultaneous bidding, an armed Smyrna Style call and a flipped card."""
    public, table, names = moment.public, moment.table, moment.names
    wanted = [variant.name for key, variant in VARIANTS.items() if key in public.variants]
    assert "**Variants:** " + ", ".join(wanted) in table
    if public.phase is Phase.BID and public.current_player is None:
        moment.seen["simultaneous"] += 1
        assert "Waiting for bids from " in table
        for seat in public.to_act:
            assert f"**{display_name(names[seat])}**" in table.split("Waiting for bids from ", 1)[1]
    if public.armed_call is not None:
        moment.seen["armed"] += 1
        who = display_name(names[public.current_player or 0])
        assert f"📣 **{who}** called {public.armed_call.capitalize()}!" in table
    for played in all_plays(public):
        if played.flipped:
            moment.seen["flipped"] += 1
            assert str(played) in table and " (as " in str(played)


def check_picture_hides_secret_bids(moment: Moment) -> None:
    """The table picture says a secret bid was made, never what it is."""
    scene = images.table_scene(moment.public)
    for slot in scene.slots:
        seat = moment.names.index(slot.name)
        if seat in moment.secrets:
            bid = moment.secrets[seat]
            assert f"bid {bid}" not in slot.detail and f"of {bid}" not in slot.detail
            assert slot.detail == "has bid" or slot.detail.startswith("bid ? · ")


def check_hand_hides_other_hands(moment: Moment, view: PlayerView, text: str) -> None:
    """Another player's hand never shows, except the Forehead card round's cards, by design."""
    for other, hand in enumerate(moment.hands):
        if other == view.player:
            continue
        for card in filter(unique_name, hand):
            if view.others_cards and view.others_cards[other] == card:
                assert f"**{display_name(moment.names[other])}**: {card_text(card, view.trump, t=EN)}" in text
            else:
                assert str(card) not in text


def check_hand_bids(moment: Moment, view: PlayerView, text: str) -> None:
    """The player's own bid, others' secret bids as a lock, and what simultaneous bidding and a call say.

    On their turn the hand shows everyone's bids; away from it only their own, which cannot go out of
    date (the message is not edited while the others play)."""
    public, p = moment.public, view.player
    own = moment.game.bids[p]
    mine = bool(view.legal_actions)
    if not mine:
        assert "Bid Won" not in text
        played_out = view.phase is Phase.PLAY and not (view.hand or view.hand_hidden or view.others_cards)
        if own is not None and public.active[p] and played_out:
            # One short line: the round, the bid and the tricks won so far.
            won = view.tricks_won[p]
            assert f"you have played all your cards · bid {own} · won {won} so far" in text
        elif own is not None and public.active[p]:
            assert f"**Your bid:** {own}" in text
        return
    if own is not None and public.active[p]:
        assert scoreboard_row(text, moment.names[p])[-3] == str(own)
    for seat in moment.secrets:
        if seat != p:
            assert scoreboard_row(text, moment.names[seat])[-3] == SECRET_BID
    if public.phase is Phase.BID and public.current_player is None:
        assert "Your bid, please:** everyone bids at once" in text
    if public.armed_call is not None and p == public.current_player:
        assert f"📣 You called {public.armed_call.capitalize()}!" in text


def check_hand_cards(moment: Moment, view: PlayerView, text: str) -> None:
    """The player's cards: the others' in the Forehead card round, none while hidden, else all of them."""
    own = moment.hands[view.player]
    if view.others_cards:
        moment.seen["forehead"] += 1
        assert "Your card (hidden)" in text
        for own_card in filter(unique_name, own):
            assert str(own_card) not in text  # never your own card
        for seat, seen_card in enumerate(view.others_cards):
            if seen_card is not None:
                assert (
                    f"**{display_name(moment.names[seat])}**: {card_text(seen_card, view.trump, t=EN)}"
                    in text
                )
    elif view.hand_hidden:
        moment.seen["hidden hand"] += 1
        assert view.hand == ()
        assert f"Your cards ({len(own)}, hidden)" in text and "before seeing your cards" in text
        for card in filter(unique_name, own):
            assert str(card) not in text
    else:
        for card in own:
            assert card_text(card, view.trump, t=EN) in text


def check_hand_actions(moment: Moment, view: PlayerView, text: str) -> None:
    """Every legal action has a button label that fits; the unseen card and the calls are explained."""
    for action in view.choices:
        assert 0 < len(action_label(action, view.trump, t=EN)) <= BUTTON_LABEL_LIMIT
    if PLAY_HIDDEN in view.legal_actions:
        assert "play your unseen card" in text
    calls = {CALL_GIZZARD: "📣 Gizzard! before a Wizard", CALL_FESTER: "📣 Fester! before a Jester"}
    offered = [said for code, said in calls.items() if code in view.legal_actions]
    if offered:  # only the calls for the cards the player holds, said once
        moment.seen["call offered"] += 1
        assert f"Smyrna Style:** call {' and '.join(offered)}." in text
        assert text.count("Smyrna Style") == 1


def check_round(result: RoundResult, names: list[str], seen: Seen) -> None:
    text = fits(round_summary_embed(result, names, t=EN))
    for seat, name in enumerate(names):
        row = scoreboard_row(text, name, lead=0)
        bid = result.bids[seat]
        assert row[-4] == (NO_BID if bid is None else str(bid))
    if result.bids[result.dealer] is None:
        seen["saboteur round"] += 1
        # The dealer is tagged (D) in the table; the line under it says they dealt as the saboteur and
        # what that scored.
        assert scoreboard_row(text, names[result.dealer], lead=0)[1] == "(D)"
        assert "dealt as the saboteur" in text and f"+{result.points[result.dealer]}" in text
    if result.eliminated:
        seen["eliminated"] += 1
        out = ", ".join(f"**{display_name(names[seat])}**" for seat in result.eliminated)
        assert f"Eliminated (Nannie's Rule, lowest total): {out}" in text


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width == images.WIDTH
    return image


def check_pictures(game: Game, seen: Seen) -> None:
    public = game.public_view()
    png(images.draw_table(images.table_scene(public)))
    for p in range(len(game.players)):
        if game.is_over:
            break
        view = game.view(p)
        scene = images.hand_scene(view)
        if view.hand_hidden:
            assert scene.faces == ()
            if view.others_cards:
                shown = {face for _, face in scene.others}
                assert {c.face for c in view.others_cards if c is not None} == shown
                assert [name for name, _ in scene.others] == [
                    game.players[q] for q, c in enumerate(view.others_cards) if c is not None
                ]
            else:
                assert scene.hidden == len(game.hand(p)) and scene.others == ()
            seen["hidden picture"] += 1
        png(images.draw_hand(scene))


def play(variants: frozenset[str], edition: str, players: int, seed: int, seen: Seen) -> None:
    names = NAMES[:players]
    game = Game(names, Rules(edition, variants), seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        if steps % 3 == 0 or game.phase is not Phase.PLAY:
            check_state(game, seen)
        if steps % 25 == 0 or any(game.view(p).hand_hidden for p in range(players)):
            check_pictures(game, seen)
        player = rng.choice(game.to_act)
        rounds = len(game.round_results)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
        steps += 1
        if len(game.round_results) > rounds:
            check_round(game.round_results[-1], names, seen)
            check_state(game, seen)
    check_state(game, seen)
    check_pictures(game, seen)
    final = fits(final_embed(game.result(), names, edition, t=EN))
    for row in game.result().rounds:
        for seat in row.eliminated:
            assert (
                f"{display_name(names[seat])}: {game.totals[seat]} (out after round {row.round_number})"
                in final
            )
    png(images.chart_png(game.result(), names))


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(sorted(v)))
def test_every_variant_renders_every_state(variants: frozenset[str]) -> None:
    seen: Seen = Counter()
    for seed, (edition, players) in enumerate([("classic", 4), ("camelot", 3), ("classic", 5)]):
        play(variants, edition, players, seed, seen)
    if variants & SECRET_VARIANTS:
        assert seen["secret"] and seen["simultaneous"]
    if "saboteur" in variants:
        assert seen["saboteur"] and seen["saboteur round"]
    if "nannie" in variants:
        assert seen["out"] and seen["eliminated"]
    if "gizzard-fester" in variants:
        assert seen["call offered"] and seen["armed"] and seen["flipped"]
    if "forehead" in variants:
        assert seen["forehead"] and seen["hidden picture"]
    if "third-time" in variants:
        assert seen["hidden hand"] and seen["hidden picture"]


def test_labels_of_the_new_action_codes() -> None:
    assert (
        action_label(decode(CALL_GIZZARD), Suit.HEARTS, t=EN)
        == "📣 Gizzard!"
        == action_label(Call("gizzard"), None, t=EN)
    )
    assert (
        action_label(decode(CALL_FESTER), None, t=EN)
        == "📣 Fester!"
        == action_label(Call("fester"), None, t=EN)
    )
    assert (
        action_label(decode(PLAY_HIDDEN), Suit.CLUBS, t=EN)
        == "Play my hidden card"
        == action_label(PlayHidden(), None, t=EN)
    )


def test_delayed_reveal_keeps_bids_secret_during_play_and_shows_them_after() -> None:
    game = Game(NAMES[:3], Rules("classic", frozenset({"delayed-reveal"})), seed=4)
    rng = random.Random(4)
    while game.round_number < 3:
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
    while game.phase is not Phase.PLAY:
        player = game.to_act[0]
        game.apply(game.legal_actions(player)[-1], player=player)
    table = embed_text(table_embed(game.public_view(), t=EN))
    assert "Bids are secret (🔒) until the round's last trick is played." in table
    for name in NAMES[:3]:
        assert scoreboard_row(table, name)[-3] == SECRET_BID
    bids = game.bids
    while game.round_number == 3:
        player = game.to_act[0]
        game.apply(game.legal_actions(player)[0], player=player)
    summary = embed_text(round_summary_embed(game.round_results[-1], game.players, t=EN))
    for seat, name in enumerate(NAMES[:3]):
        row = scoreboard_row(summary, name, lead=0)
        assert row[-4] == str(bids[seat])


def test_a_saboteur_view_and_an_empty_hidden_hand_draw() -> None:
    assert png(images.draw_hand(images.HandScene((), None, hidden=0))).height > 0
    backs = png(images.draw_hand(images.HandScene((), Suit.SPADES, hidden=12)))
    assert backs.height > png(images.draw_hand(images.HandScene((), Suit.SPADES, hidden=3))).height
    forehead = images.HandScene((), Suit.HEARTS, hidden=1, others=(("Bob", 5), ("Cara", WIZARD_FACE)))
    assert png(images.draw_hand(forehead)).height > 0
    slot = images.Slot("Ann", "bid 1 · won 0", face=JESTER_FACE, flipped=True)
    scene = images.TableScene("Trick 1 of 3", None, None, "No trump", (slot,))
    assert png(images.draw_table(scene)).height > 0


def test_house_rules_say_what_happens_now_in_one_line_each() -> None:
    """The Forehead round, a Third Time round and the Saboteur: one short line each in the table and in a
    hand, the full rule left to the lobby and /wizard rules."""
    game = Game(NAMES[:4], Rules("classic", frozenset({"forehead", "saboteur"})), seed=1)
    table, hand = (
        fits(table_embed(game.public_view(), t=EN)),
        fits(hand_embed(game.view(game.dealer), t=EN)),
    )
    assert "🙈 **Forehead round:** everyone sees the others' cards, not their own." in table
    assert "Your card (hidden)\n🙈 Forehead round: you see the others' cards, not yours." in hand
    dealer = display_name(NAMES[game.dealer])
    assert f"🕵️ **Saboteur:** **{dealer}** deals, does not bid, scores 20." in table
    assert "🕵️ **Saboteur:** you deal, do not bid and score 20; make the others miss." in hand
    other = fits(hand_embed(game.view((game.dealer + 1) % 4), t=EN))
    assert f"🕵️ **Saboteur:** **{dealer}** deals, does not bid, scores 20." in other
    for text in (table, hand, other):
        said_once(text)
        assert "Merlin" not in text and "unseen" not in text  # the rule's details stay in the rules

    game = Game(NAMES[:3], Rules("classic", frozenset({"third-time"})), seed=2)
    while game.round_number < 3:
        game.apply(random.Random(len(game.log)).choice(game.legal_actions()))
    table, hand = fits(table_embed(game.public_view(), t=EN)), fits(hand_embed(game.view(0), t=EN))
    assert "🙈 **Third Time round:** everyone bids before seeing their cards." in table
    assert "🙈 Third Time round: you bid before seeing your cards; they show once all bids are in." in hand
    said_once(table)
    said_once(hand)
