"""Rendering views as embeds: Discord's limits, no leaked hands, card order and marks, results."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st
from staging import bits, staged

from cogs.table import render
from cogs.table.render import (
    BLOCK_WIDTH,
    BUTTON_LABEL_LIMIT,
    SELECT_LABEL_LIMIT,
    TRUMP_MARK,
    action_label,
    card_text,
    display_name,
    embed_length,
    embed_limit_problems,
    final_embed,
    hand_embed,
    hand_line,
    round_over_embed,
    round_summary_embed,
    sort_hand,
    table_embed,
    text_width,
)
from cogs.utils.i18n import ENGLISH as EN
from wizard_core import (
    EXCALIBUR,
    HOLY_GRAIL,
    JESTER,
    MERLIN,
    MORGAN_LE_FAY,
    WIZARD,
    Action,
    Bid,
    Call,
    Card,
    ChooseTrump,
    Game,
    GameResult,
    Phase,
    Play,
    PlayedCard,
    PlayHidden,
    RoundResult,
    Rules,
    Suit,
    deck,
    decode,
    encode,
)

UNIQUE_SPECIALS = frozenset({MERLIN, EXCALIBUR, MORGAN_LE_FAY, HOLY_GRAIL})
NAMES = ["Alice", "Bob", "Cara", "Dan", "Eve", "Finn"]
# Markdown, a backtick, a long name and a name that is only Markdown; none looks like a card.
AWKWARD = ["**Bold**_x_", "`tick`", "Z" * 40 + "y", "__~~||>", "- list", "# head"]
# Names as the table labels them: computers with their level, a member a computer stands in for; wide
# characters (CJK, fullwidth, emoji) take two columns in a code block.
WIDE = [
    "🤖 Ada (Medium)",
    "山田太郎",
    "Zoë 🎲",
    "Bob (🤖 away)",
    "🤖 Grace (Hard)",
    "\uff26\uff35\uff2c\uff2c",
]  # FULL in fullwidth letters
RULING_ID = re.compile(r"\bR-\d")


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return "\n".join(parts)


def assert_fits(embed: discord.Embed) -> None:
    assert embed_limit_problems(embed) == []
    assert embed_length(embed) == len(embed) <= 6000
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 0 < len(field.name or "") <= 256 and 0 < len(field.value or "") <= 1024


def secret(card: Card) -> bool:
    """A card whose text names one physical card: Wizards and Jesters are identical copies."""
    return card.suit is not None or card in UNIQUE_SPECIALS


def check_views(game: Game) -> None:
    """Render the table and every hand, checking limits and that no hand leaks anywhere else."""
    table = table_embed(game.public_view(), note="Alice's DMs are closed: use Show my hand", t=EN)
    assert_fits(table)
    table_text = embed_text(table)
    assert not RULING_ID.search(table_text)
    hands = [game.hand(p) for p in range(len(game.players))]
    for hand in hands:
        for card in filter(secret, hand):
            assert str(card) not in table_text
    for p, hand in enumerate(hands):
        view = game.view(p)
        embed = hand_embed(view, t=EN)
        assert_fits(embed)
        text = embed_text(embed)
        assert not RULING_ID.search(text)
        for card in hand:
            assert card_text(card, view.trump, t=EN) in text
        for other, other_hand in enumerate(hands):
            if other != p:
                for card in filter(secret, other_hand):
                    assert str(card) not in text
        if view.legal_actions and view.phase is Phase.PLAY:
            check_play_prompt(view.legal_actions, hand, view.current_trick.plays, text)


def check_play_prompt(
    legal: Sequence[int], hand: Sequence[Card], trick: Sequence[PlayedCard], text: str
) -> None:
    faces = {code if code != 58 else MERLIN.face for code in legal}
    barred = [card for card in hand if card.face not in faces]
    if barred:
        led = next(p.card.suit for p in trick if p.card.suit is not None)
        assert f"you must follow {led}" in text
    else:
        assert "any card" in text


def play_game(players: Sequence[str], edition: str, seed: int, every: int) -> Game:
    """A random game, views rendered every ``every`` actions and at every round's end."""
    game = Game(players, Rules(edition), seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        if steps % every == 0:
            check_views(game)
        rounds = len(game.round_results)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        if len(game.round_results) > rounds:
            summary = round_summary_embed(game.round_results[-1], game.players, t=EN)
            assert_fits(summary)
            assert not RULING_ID.search(embed_text(summary))
            if not game.is_over:
                check_views(game)
    check_views(game)
    assert_fits(final_embed(game.result(), game.players, edition, t=EN))
    return game


@pytest.mark.parametrize("edition", ["classic", "camelot"])
@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_random_games_render_within_limits_and_leak_no_hand(count: int, edition: str) -> None:
    for seed in range(2):
        play_game(NAMES[:count], edition, seed, every=3 if seed == 0 else 11)


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_awkward_names_render_within_limits(edition: str) -> None:
    game = play_game(AWKWARD, edition, seed=4, every=7)
    table = embed_text(table_embed(game.public_view(), t=EN))
    assert display_name(AWKWARD[2]) == "Z" * 31 + "…"
    assert "Z" * 32 not in table and re.search(r"\bZ{10,}…", table)  # cut within the scoreboard's width
    assert display_name(AWKWARD[0]) == r"\*\*Bold\*\*\_x\_"
    assert "**Bold**_x_" in table  # raw inside the scoreboard's code block
    assert table.count("```") % 2 == 0 and "`tick`" not in table.replace("```", "")


def test_three_players_reach_twenty_card_hands() -> None:
    game = Game(NAMES[:3], Rules("classic"), seed=9)
    rng = random.Random(9)
    while game.round_number < 20:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.hand(0)) == 20
    check_views(game)
    embed = hand_embed(game.view(game.current_player or 0), t=EN)
    assert "Your cards (20)" in embed_text(embed)


# -- cards ---------------------------------------------------------------------------------------------


def cards(*names: str) -> list[Card]:
    return [Card.parse(name) for name in names]


def test_sort_hand_puts_specials_then_trump_then_suits_then_jesters() -> None:
    hand = cards("Jester", "3♣", "A♠", "10♥", "Wizard", "K♥", "2♦", "Q♠", "Jester")
    assert " ".join(map(str, sort_hand(hand, Suit.HEARTS))) == "Wizard K♥ 10♥ A♠ Q♠ 2♦ 3♣ Jester Jester"
    assert " ".join(map(str, sort_hand(hand, None))) == "Wizard A♠ Q♠ K♥ 10♥ 2♦ 3♣ Jester Jester"


def test_camelot_specials_come_first_and_jester_last() -> None:
    hand = [JESTER, Card.parse("5♦"), HOLY_GRAIL, MERLIN, WIZARD, EXCALIBUR, MORGAN_LE_FAY]
    ordered = sort_hand(hand, Suit.DIAMONDS)
    assert ordered[-1] == JESTER and ordered[-2] == Card.parse("5♦")
    assert set(ordered[:5]) == {HOLY_GRAIL, MERLIN, WIZARD, EXCALIBUR, MORGAN_LE_FAY}


def test_trump_cards_are_marked() -> None:
    assert card_text(Card.parse("10♥"), Suit.HEARTS, t=EN) == f"10♥{TRUMP_MARK}"
    assert card_text(Card.parse("10♥"), Suit.SPADES, t=EN) == "10♥"
    assert card_text(WIZARD, Suit.HEARTS, t=EN) == "Wizard"
    assert hand_line(cards("3♠", "A♥", "Jester"), Suit.SPADES, t=EN) == f"3♠{TRUMP_MARK} · A♥ · Jester"
    assert hand_line([], None, t=EN) == "(no cards)"


def test_labels() -> None:
    assert action_label(decode(MERLIN.face), Suit.HEARTS, t=EN) == "Merlin as Wizard"
    assert action_label(decode(58), Suit.HEARTS, t=EN) == "Merlin as Jester"
    assert action_label(decode(Card.parse("Q♥").face), Suit.HEARTS, t=EN) == f"Q♥{TRUMP_MARK}"
    assert action_label(decode(EXCALIBUR.face), None, t=EN) == "Excalibur"
    assert action_label(ChooseTrump(Suit.HEARTS), None, t=EN) == "♥ Hearts"
    assert action_label(Bid(0), None, t=EN) == "Bid 0"
    labels = [action_label(decode(code), Suit.CLUBS, t=EN) for code in range(59)]
    labels += [action_label(Bid(n), None, t=EN) for n in range(21)]
    labels += [action_label(ChooseTrump(suit), None, t=EN) for suit in Suit]
    assert all(0 < len(label) <= min(BUTTON_LABEL_LIMIT, SELECT_LABEL_LIMIT) for label in labels)


def every_action() -> list[Action]:
    """One of each action: every card (Merlin declared both ways), every bid, suit, call, the hidden card."""
    cards = sorted(set(deck("camelot")) - {MERLIN}, key=lambda card: card.face)
    actions: list[Action] = [Play(card) for card in cards]
    actions += [Play(MERLIN, "wizard"), Play(MERLIN, "jester"), *map(Bid, range(21)), *map(ChooseTrump, Suit)]
    actions += [Call("gizzard"), Call("fester"), PlayHidden()]
    return actions


def test_action_label_of_every_kind_of_action() -> None:
    queen = Card.parse("Q♥")
    assert action_label(Play(queen), Suit.HEARTS, t=EN) == f"Q♥{TRUMP_MARK}"
    assert action_label(Play(queen), Suit.SPADES, t=EN) == action_label(Play(queen), None, t=EN) == "Q♥"
    assert action_label(Play(WIZARD), Suit.HEARTS, t=EN) == "Wizard"
    assert action_label(Play(JESTER), None, t=EN) == "Jester"
    assert action_label(Play(EXCALIBUR), Suit.HEARTS, t=EN) == "Excalibur"
    assert action_label(Play(MERLIN, "wizard"), Suit.HEARTS, t=EN) == "Merlin as Wizard"
    assert action_label(Play(MERLIN, "jester"), None, t=EN) == "Merlin as Jester"
    assert action_label(Bid(0), None, t=EN) == "Bid 0" and action_label(Bid(20), Suit.CLUBS, t=EN) == "Bid 20"
    assert [action_label(ChooseTrump(suit), Suit.HEARTS, t=EN) for suit in Suit] == [
        "♠ Spades",
        "♥ Hearts",
        "♦ Diamonds",
        "♣ Clubs",
    ]
    assert action_label(Call("gizzard"), Suit.HEARTS, t=EN) == "📣 Gizzard!"
    assert action_label(Call("fester"), None, t=EN) == "📣 Fester!"
    assert action_label(PlayHidden(), Suit.CLUBS, t=EN) == "Play my hidden card"


def test_every_kind_of_action_has_a_label_that_fits_a_button() -> None:
    """Every action of every kind has a label that fits a Discord button (80 characters) and a select
    option, and the action a button's code stands for has the same label."""
    actions = every_action()
    assert {type(action) for action in actions} == {Play, Bid, ChooseTrump, Call, PlayHidden}
    for action in actions:
        for trump in (None, *Suit):
            label = action_label(action, trump, t=EN)
            assert 0 < len(label) <= min(BUTTON_LABEL_LIMIT, SELECT_LABEL_LIMIT)
            assert action_label(decode(encode(action)), trump, t=EN) == label


# -- staged situations ---------------------------------------------------------------------------------


def test_merlin_in_a_trick_shows_its_declaration() -> None:
    game = staged(["A♠", "3♠", "4♠"], ["4♠", "Merlin", "5♥", "7♦"], players=NAMES[:3], edition="camelot")
    for _ in range(3):
        game.apply(Bid(0))
    hand = embed_text(hand_embed(game.view(1), t=EN))
    assert "Merlin" in hand and "you lead: any card" in hand
    game.apply(Play(MERLIN, "wizard"))
    table = embed_text(table_embed(game.public_view(), t=EN))
    assert "1 Bob" in table and "Merlin (as Wizard)" in table
    assert "4♠" not in table and "5♥" not in table
    assert "Your cards for this round" in embed_text(hand_embed(game.view(0), t=EN))
    assert "Your turn:** play a card (any card)" in embed_text(hand_embed(game.view(2), t=EN))


def test_r5_round_of_only_null_tricks_says_no_scores_change() -> None:
    game = staged(["A♠", "3♠", "4♠"], ["Excalibur", "4♠", "5♥", "7♦"], players=NAMES[:3], edition="camelot")
    for bid in (1, 0, 1):
        game.apply(Bid(bid))
    bidding = embed_text(table_embed(game.public_view(), t=EN))
    assert "Null tricks this round:** 0" in bidding and "Excalibur" not in bidding
    for name in ("4♠", "5♥", "Excalibur"):
        game.apply(Play(Card.parse(name)))
    result = game.round_results[0]
    assert result.null_tricks == result.cards_per_player == 1
    text = embed_text(round_summary_embed(result, game.players, t=EN))
    assert "Every trick was a null trick: no scores change this round." in text
    assert "R-5" not in text  # the rule in words, not the ruling's id
    assert "Null tricks:** 1" in text


def test_a_must_follow_prompt_names_the_suit_and_the_playable_cards() -> None:
    edition = "classic"
    log: list[int | tuple[str, tuple[int, ...]]] = [
        ("draw", bits(["A♠", "3♠", "4♠"], edition)),
        ("deal", bits(["4♠", "5♥", "6♥", "7♦"], edition)),
        *(64, 64, 64),
        *(Card.parse(name).face for name in ("5♥", "6♥", "4♠")),
        # Round 2, Bob deals, Cara leads: Alice K♥ 2♠, Bob 4♣ Wizard, Cara 3♥ Jester; ♦ trump.
        ("deal", bits(["K♥", "2♠", "4♣", "Wizard", "3♥", "Jester", "7♦"], edition)),
        *(64, 64, 64),
    ]
    game = Game.replay(NAMES[:3], Rules(edition), 0, log)
    assert game.round_number == 2 and game.current_player == 2
    game.apply(Play(Card.parse("3♥")))
    assert "Your cards for this round" in embed_text(hand_embed(game.view(1), t=EN))
    text = embed_text(hand_embed(game.view(0), t=EN))
    assert "play a card (you must follow ♥ or play a special card; you may play K♥)" in text
    assert "2♠" in text and "4♣" not in text and "3♥" in text  # 3♥ is on the table now
    game.apply(Play(Card.parse("K♥")))
    assert "play a card (any card)" in embed_text(hand_embed(game.view(1), t=EN))  # Bob holds no ♥


def test_bid_prompt_and_the_table_during_bidding() -> None:
    game = Game(NAMES[:4], Rules("classic"), seed=2)
    while game.round_number < 3:
        game.apply(random.Random(len(game.log)).choice(game.legal_actions()))
    while game.phase is not Phase.BID:
        game.apply(game.legal_actions()[0])
    who = game.current_player
    assert who is not None
    hand = embed_text(hand_embed(game.view(who), t=EN))
    assert "Your turn:** bid from 0 to 3" in hand
    table = embed_text(table_embed(game.public_view(), t=EN))
    assert f"**{NAMES[who]}** to bid (0 to 3)" in table and "Round 3/15 · 3 cards each" in table
    assert "…" in table  # an unbid seat


def test_dealer_choosing_trump() -> None:
    game = staged(["A♠", "3♠", "4♠"], ["4♠", "5♥", "6♥", "Wizard"], players=NAMES[:3], edition="classic")
    assert game.phase is Phase.CHOOSE_TRUMP
    table = embed_text(table_embed(game.public_view(), t=EN))
    assert "the dealer is choosing (turned up: Wizard)" in table
    assert "**Alice** to choose the trump suit" in table
    assert "Your turn:** choose the trump suit" in embed_text(hand_embed(game.view(0), t=EN))
    game.apply(96 + Suit.CLUBS)
    assert "♣ Clubs (chosen by the dealer; turned up: Wizard)" in embed_text(
        table_embed(game.public_view(), t=EN)
    )


# -- results ---------------------------------------------------------------------------------------------


def round_result(number: int, totals: Sequence[int], points: Sequence[int]) -> RoundResult:
    n = len(totals)
    return RoundResult(
        number, 0, number, Suit.SPADES, None, (1,) * n, (0,) * n, 0, tuple(points), tuple(totals)
    )


def test_negative_points_and_totals_show_a_minus_sign() -> None:
    result = round_result(2, [-30, 40, 0], [-20, 40, 0])
    text = embed_text(round_summary_embed(result, NAMES[:3], t=EN))
    assert "-20" in text and "-30" in text and "+40" in text


def test_final_embed_says_shared_win_and_ties_share_a_place() -> None:
    rounds = tuple(round_result(r, [10 * r, 10 * r, -10 * r], [10, 10, -10]) for r in range(1, 21))
    result = GameResult((200, 200, -200), (1, 1, 3), (0, 1), rounds)
    embed = final_embed(result, NAMES[:3], "classic", t=EN)
    assert_fits(embed)
    text = embed_text(embed)
    assert "Shared win: **Alice** and **Bob**, 200 points each" in text and "R-2" not in text
    assert "**1st** Alice: 200" in text and "**1st** Bob: 200" in text and "**3rd** Cara: -200" in text
    assert "-200" in text


def test_final_embed_for_six_long_names_and_extreme_totals_fits() -> None:
    names = [f"{'W' * 30}{i}" for i in range(6)]
    rounds = tuple(round_result(r, [-2100 + i for i in range(6)], [-10] * 6) for r in range(1, 11))
    result = GameResult(tuple(-2100 + i for i in range(6)), (6, 5, 4, 3, 2, 1), (5,), rounds)
    embed = final_embed(result, names, "camelot", t=EN)
    assert_fits(embed)
    text = embed.description or ""
    assert "wins with -2095 points" in text and "Shared win" not in text
    assert "WWWWWWW1" in text  # abbreviated headings made unique by seat


def test_a_very_long_history_falls_back_to_the_compact_table() -> None:
    rounds = tuple(round_result(r, [-2000 - i for i in range(6)], [-10] * 6) for r in range(1, 61))
    result = GameResult(tuple(-2000 - i for i in range(6)), (1, 2, 3, 4, 5, 6), (0,), rounds)
    embed = final_embed(result, [f"{'Q' * 31}{i}" for i in range(6)], "classic", t=EN)
    assert_fits(embed)
    assert "T = trump" not in (embed.description or "")


def test_a_classic_hand_says_only_what_its_mark_means_and_camelot_its_positions() -> None:
    classic = hand_embed(Game(NAMES[:3], Rules("classic"), seed=1).view(0), t=EN)
    assert classic.footer.text == f"{TRUMP_MARK} marks a trump card"
    camelot = hand_embed(Game(NAMES[:3], Rules("camelot"), seed=1).view(0), t=EN)
    assert camelot.footer.text is not None and camelot.footer.text.startswith(
        f"{TRUMP_MARK} marks a trump card"
    )
    assert "Trick positions: the leader is 1 (odd), the next player 2 (even)" in camelot.footer.text


def test_the_trump_mark_is_explained_only_where_a_card_can_carry_it() -> None:
    """No trump this round (or no cards left): the hand says nothing of a mark it cannot show."""
    for edition in ("classic", "camelot"):
        seen: set[bool] = set()
        for seed in range(60):
            game = Game(NAMES[:3], Rules(edition), seed=seed)
            view = game.view(0)
            footer = hand_embed(view, t=EN).footer.text or ""
            marked = view.trump is not None and bool(view.hand)
            seen.add(marked)
            assert ("marks a trump card" in footer) is marked, (edition, seed)
            assert ("Trick positions" in footer) is (edition == "camelot")
        assert seen == {True, False}, f"{edition}: both kinds of round were tried"


# -- wide characters and tagged names in code blocks -----------------------------------------------------


def code_blocks(text: str) -> list[list[str]]:
    """The lines of every code block in a text."""
    return [block.strip("\n").splitlines() for block in text.split("```")[1::2]]


def assert_aligned(block: Sequence[str]) -> None:
    """Every line of a score table ends in the same column (its last column is right-aligned), at most
    36 columns from the start: what a phone shows without cutting (issue 26)."""
    assert len({text_width(line) for line in block}) == 1, "\n".join(block)
    assert text_width(block[0]) <= BLOCK_WIDTH == 36, "\n".join(block)


def test_text_width_counts_wide_characters_and_emoji_as_two_columns() -> None:
    assert text_width("Ada") == 3 and text_width("Zoë") == 3 and text_width("Zoe\u0308") == 3
    assert (
        text_width("🤖 Ada") == 6 and text_width("山田") == 4 and text_width("\uff26\uff35\uff2c\uff2c") == 8
    )
    assert text_width("🔒") == text_width("❌") == 2 and text_width("★") == text_width("♥") == 1
    assert text_width("🇩🇪") == 2 and text_width("👩\u200d💻") == 2 and text_width("👍🏽") == 2
    assert text_width("☂") == 1 and text_width("☂\ufe0f") == 2


def test_score_tables_align_with_wide_names() -> None:
    for count in (4, 6):
        game = Game(WIDE[:count], Rules("classic"), seed=count)
        rng = random.Random(count)
        while not game.is_over:
            rounds = len(game.round_results)
            game.apply(rng.choice(game.legal_actions()))
            if len(game.round_results) > rounds:
                [table] = code_blocks(
                    embed_text(round_summary_embed(game.round_results[-1], game.players, t=EN))
                )
                assert_aligned(table)
                if not game.is_over:
                    [scoreboard] = code_blocks(table_embed(game.public_view(), t=EN).description or "")
                    assert_aligned(scoreboard)
        final = final_embed(game.result(), game.players, "classic", t=EN)
        assert_fits(final)
        [history] = code_blocks(final.description or "")
        assert_aligned(history)


def test_computer_labels_keep_their_level_in_every_table() -> None:
    game = Game([WIDE[0], WIDE[4], WIDE[3]], Rules("classic"), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    final = final_embed(game.result(), game.players, "classic", t=EN).description or ""
    [history] = code_blocks(final)
    # The headings are shortened on purpose: the level to its first letter, never cut off in the middle.
    assert "🤖Ada(M)" in history[0] and "🤖Gra(H)" in history[0] and "Bob(🤖)" in history[0]
    assert "(M" not in history[0].replace("(M)", "")
    # Five players share a phone's width: the headings are shorter, the standings above name everyone.
    game = Game(WIDE[:5], Rules("classic"), seed=3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    final = final_embed(game.result(), game.players, "classic", t=EN).description or ""
    [history] = code_blocks(final)
    assert_aligned(history)
    assert all(display_name(name) in final for name in WIDE[:5])
    summary = embed_text(round_summary_embed(game.round_results[-1], game.players, t=EN))
    # Names are shortened to the round table's width, their tag (level, away) always kept whole.
    assert "(Medium)" in summary and "(Hard)" in summary and "(🤖 away)" in summary


def test_a_long_name_is_shortened_before_its_tag() -> None:
    long = "Maximilian Alexander von Habsburg"  # with its tag 43 characters, cut to 32 (columns)
    players = [f"{long} (🤖 away)", "🤖 Ada (Medium)", "山" * 20]
    game = Game(players, Rules("classic"), seed=1)
    table = table_embed(game.public_view(), t=EN)
    assert_fits(table)
    [scoreboard] = code_blocks(table.description or "")
    assert_aligned(scoreboard)
    assert any("Maximilia… (🤖 away)" in line for line in scoreboard)  # 20 columns, the tag kept
    assert "山" * 9 + "…" in (table.description or "")  # 20 wide characters: 9 of them and the ellipsis
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    standings = final_embed(game.result(), players, "classic", t=EN).description or ""
    assert "Maximilian Alexander v… (🤖 away):" in standings  # in Markdown too: 32 characters, the tag kept


def test_a_finished_round_says_where_the_next_hand_is_for_members_with_and_without_dms() -> None:
    """A member without DMs gets no hand message: their round-over answer sends them to Show my hand,
    not to a new message that never comes."""
    game = Game(NAMES[:3], Rules("classic"), seed=3)
    while not game.round_results:
        game.apply(game.legal_actions()[0])
    result = game.round_results[-1]
    with_dms = round_over_embed(result, 0, t=EN, game_over=False).description or ""
    without = round_over_embed(result, 0, t=EN, game_over=False, dms=False).description or ""
    assert "next hand comes in a new message" in with_dms and "Show my hand" not in with_dms
    assert "Show my hand" in without and "new message" not in without


@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=40))
def test_a_plain_text_takes_a_column_a_character_as_its_pieces_say(text: str) -> None:
    # ``text_width`` counts an ASCII text by its length without looking at each character (most texts
    # are such): the same count as the pieces the screen draws, control characters taking none.
    assert text_width(text) == sum(width for _, width in render._clusters(text))
