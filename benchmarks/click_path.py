"""The path of one card click through the bot's own modules: which modules handling it enters, in what
order, and how often control crosses from one of them into another.

The real bot runs under SimCord (an offline simulated Discord), built with ``create_bot`` as the tests
build it. Members only (``--players``, 3 by default) open a table (``/wizard new``, "Join", "Start")
and play real clicks until a member is to play a card in the middle of a trick (``--round``, 2 by
default: round 1 has paid the one-time costs): a trick under way with at least one card in it, a plain
suit card (no Wizard, Jester or special card when the member has a legal one), whose play neither ends
the trick nor the round. That one click is traced. The deal is fixed too (``--deal-seed``): for
the run, ``secrets.randbits``, from which the bot draws a new game's seed, draws from a seeded generator
instead, so the same seeds give the same game and the same click, before and after a refactor (a bot
that drew its seeds some other way would simply deal at random: the figures then vary with the deal by
some tens of crossings).

The traced window opens just before the member clicks the card button on their newest DM (or on the
private reply of "Show my hand", pressed before the window) and closes once SimCord has answered the
interaction and settled the bot, and ``--follow-up`` simulated seconds (2 by default) have then passed
and settled too, so the work the click set off is in it: the coalesced table-message edit (at most 1 s
later) and the pictures drawn in a worker thread. The next member's nudge (8 s into their turn) is not.
The driver calls no project code inside the window, and this is the bot's only table, so what the bot
runs then is this click's doing (the turn clock included: the server's default 2-minute turn timer).

What is traced: Python's profiler (``sys.setprofile``, and ``threading.setprofile`` for the worker
threads, installed before the bot starts and recording only inside the window) reports every Python
call in every thread. Only frames of the project's own modules are looked at: a frame's module is its
globals' ``__name__``, and the project's modules are ``bot`` and those under ``cogs`` and
``wizard_core``. discord.py, SimCord, the standard library, other site-packages and this script are not
project code. Methods that ``dataclasses`` generates count as their class's module.

Definitions:

- A *call* is a profiler "call" event of a project frame that starts a function. Resuming a suspended
  coroutine or generator (after an ``await`` or a ``yield``) also raises a "call" event; those
  *resumptions* are counted apart and are neither calls nor crossings. C functions are not frames.
- The *caller* of a call is the nearest project frame below it on its thread's stack: walk ``f_back``
  from the callee's parent frame, skipping frames of non-project code (discord.py calling back into the
  bot, asyncio, ``functools``...), to the first project frame. A call with no project frame below it
  (discord.py dispatching the interaction, the event loop starting a task, a worker thread running a
  job) is an *entry from outside*.
- A *crossing* is a call whose caller's module differs from the callee's module. Only call events are
  counted (returns mirror calls). A call whose caller is in the same module is not a crossing.
- A module is *entered* by every crossing into it and every entry from outside into it. The modules
  entered are listed in the order of their first entry.
- A *re-entry* is a crossing into a module that had already been entered earlier in the window.

Also counted (optional, informative): how many times a custom id was matched against a component
template, i.e. the ``match``/``fullmatch``/``search`` calls of the compiled template of a
``discord.ui.DynamicItem`` subclass (discord.py tries the registered templates one after another), and
the other regular-expression matches made from project code.

The script depends only on the public ways in: ``bot.create_bot`` and its settings, the table manager's
``in_channel`` (``WizardBot.service(TableManager)``, as the tests ask for it, or any service of the bot
that has it) and the table's ``id``, ``game`` and seats' ``user_id`` (to know whose turn it is and which
card is legal), the rules core's ``Game``, the persistent ``wizard:act:<table>:<version>:<code>``
custom ids, and the buttons' labels ("Join", "Start", "Show my hand"). Restructuring the bot's internals
does not break it, so the same script measures the code before and after.

Run: ``.venv/bin/python benchmarks/click_path.py`` (``--players 4``, ``--round 3``, ``--pictures off``,
``--follow-up 0``, ``--seed 7``, ``--deal-seed 7``; ``--json`` adds the figures as one JSON line).
"""

from __future__ import annotations

import argparse
import asyncio
import dis
import gc
import inspect
import json
import random
import re
import secrets
import sys
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
from simcord import ChannelHandle, Env, MemberActor, ResponseMessage
from simcord.backend.models import Message as StoredMessage
from simcord.components import walk_components

from bot import WizardBot, create_bot
from cogs.table.registry import OpenTables
from wizard_core import Card, Game, Phase

PROJECT_PACKAGES = frozenset({"bot", "cogs", "wizard_core"})
ACT_ID = re.compile(r"wizard:act:(?P<table>\d+):(?P<version>\d+):(?P<code>\d+)")
BUTTON = 2
PLAIN_CARDS = 52  # play codes below this are the suit cards (2 to ace of four suits)
CARD_PLAYS = 59  # play codes below this play a card (wizard_core.actions)
# The bot's own defaults for the settings that shape a click's follow-up, whatever the environment says.
TABLE_EDIT_INTERVAL = 1.0
NUDGE_SECONDS = 8.0
SUSPENDABLE = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
MATCHERS = frozenset({"match", "fullmatch", "search"})
MAX_SETUP_CLICKS = 2000


# -- the tracer ----------------------------------------------------------------------------------------


def project_module(frame: FrameType) -> str | None:
    """The project module a frame runs code of (its globals' ``__name__``), or None for other code."""
    name = frame.f_globals.get("__name__")
    if isinstance(name, str) and name.partition(".")[0] in PROJECT_PACKAGES:
        return name
    return None


_FIRST_RESUME: dict[CodeType, int] = {}


def is_resumption(frame: FrameType) -> bool:
    """Whether a "call" event resumes a suspended coroutine or generator rather than starting it: its
    frame is past the code's first ``RESUME`` instruction."""
    code = frame.f_code
    if not code.co_flags & SUSPENDABLE:
        return False
    start = _FIRST_RESUME.get(code)
    if start is None:
        start = next((op.offset for op in dis.get_instructions(code) if op.opname == "RESUME"), -1)
        _FIRST_RESUME[code] = start
    return frame.f_lasti > start


def nearest_project_frame(frame: FrameType | None) -> tuple[FrameType, str] | None:
    """The first project frame from ``frame`` down the stack, with its module; None if there is none."""
    while frame is not None:
        module = project_module(frame)
        if module is not None:
            return frame, module
        frame = frame.f_back
    return None


def dynamic_item_templates() -> dict[int, str]:
    """The compiled templates of every ``discord.ui.DynamicItem`` subclass, by id, with their text."""
    found: dict[int, str] = {}
    stack: list[type] = [discord.ui.DynamicItem]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        pattern = getattr(cls, "__discord_ui_compiled_template__", None)
        if isinstance(pattern, re.Pattern):
            found[id(pattern)] = pattern.pattern
    return found


@dataclass
class Trace:
    """What the profiler saw inside the window."""

    order: list[str] = field(default_factory=list)  # modules by first entry
    entries: Counter[str] = field(default_factory=Counter)  # crossings in + entries from outside
    crossings_in: Counter[str] = field(default_factory=Counter)
    outside_in: Counter[str] = field(default_factory=Counter)
    reentries_in: Counter[str] = field(default_factory=Counter)
    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)  # (caller module, callee module)
    calls: int = 0
    resumptions: int = 0
    crossings: int = 0
    reentries: int = 0
    from_outside: int = 0
    threads: set[str] = field(default_factory=set)  # threads that ran project code
    template_matches: Counter[str] = field(default_factory=Counter)  # by template
    template_callers: Counter[str] = field(default_factory=Counter)  # by the function that matched
    project_matches: Counter[str] = field(default_factory=Counter)  # other patterns, from project code


class Tracer:
    """A profile function for every thread that records project calls while ``active``."""

    def __init__(self) -> None:
        self.active = False
        self.trace = Trace()
        self.templates: dict[int, str] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        """Open the window (the calling thread gets the profiler; the others have it already)."""
        self.templates = dynamic_item_templates()
        self.trace = Trace()
        self.active = True
        sys.setprofile(self.hook)

    def stop(self) -> Trace:
        """Close the window."""
        sys.setprofile(None)
        self.active = False
        return self.trace

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        """The profile function."""
        if not self.active:
            return
        if event == "call":
            module = project_module(frame)
            if module is not None:
                with self._lock:
                    self._call(frame, module)
        elif event == "c_call" and getattr(arg, "__name__", None) in MATCHERS:
            pattern = getattr(arg, "__self__", None)
            if isinstance(pattern, re.Pattern):
                with self._lock:
                    self._match(frame, pattern)

    def _call(self, frame: FrameType, module: str) -> None:
        trace = self.trace
        if is_resumption(frame):
            trace.resumptions += 1
            return
        trace.calls += 1
        trace.threads.add(threading.current_thread().name)
        caller = nearest_project_frame(frame.f_back)
        seen = module in trace.entries
        if caller is None:
            trace.from_outside += 1
            trace.outside_in[module] += 1
        elif caller[1] != module:
            trace.crossings += 1
            trace.crossings_in[module] += 1
            trace.pairs[caller[1], module] += 1
            if seen:
                trace.reentries += 1
                trace.reentries_in[module] += 1
        else:
            return
        if not seen:
            trace.order.append(module)
        trace.entries[module] += 1

    def _match(self, frame: FrameType, pattern: re.Pattern[str]) -> None:
        template = self.templates.get(id(pattern))
        if template is not None:
            self.trace.template_matches[template] += 1
            caller = f"{frame.f_globals.get('__name__')}.{frame.f_code.co_qualname}"
            self.trace.template_callers[caller] += 1
        elif project_module(frame) is not None:
            self.trace.project_matches[pattern.pattern] += 1


# -- driving the bot -------------------------------------------------------------------------------------


@dataclass
class Target:
    """The traced click: who presses which button on which message, and where the game stands."""

    player: MemberActor
    message: ResponseMessage
    in_dm: bool  # the message is the player's DM (else the private reply of Show my hand)
    custom_id: str
    card: str
    round_number: int
    trick_cards: int  # cards in the trick before this one
    players: int
    version: int


def running_game(bot: WizardBot, channel: ChannelHandle) -> tuple[int, Game, list[int]]:
    """The table in the channel: its id, its game as it stands, and the user id of each seat."""
    session = bot.service(OpenTables).in_channel(channel.id)
    if session is None or session.table.game is None:
        raise RuntimeError(f"no running game in {channel.name}")
    table = session.table
    return table.id, table.running, [seat.user_id for seat in table.seats]


def stored_messages(env: Env, channel_id: int | None) -> list[StoredMessage]:
    """A channel's messages as SimCord stores them, oldest first."""
    if channel_id is None:
        return []
    return sorted(env.backend.messages.get(channel_id, {}).values(), key=lambda message: message.id)


def act_buttons(message: StoredMessage | ResponseMessage, table_id: int) -> dict[int, str]:
    """The enabled action buttons of this table on a message: custom id by action code."""
    found = {}
    for item in walk_components(message.components):
        cid = item.get("custom_id")
        match = ACT_ID.fullmatch(cid) if item.get("type") == BUTTON and isinstance(cid, str) else None
        if match and not item.get("disabled") and int(match["table"]) == table_id:
            found[int(match["code"])] = match[0]
    return found


def labelled(message: StoredMessage, label: str) -> bool:
    """Whether a message has a button with this label."""
    components = walk_components(message.components)
    return any(item.get("type") == BUTTON and item.get("label") == label for item in components)


async def controls(
    env: Env, channel: ChannelHandle, player: MemberActor, table_id: int, code: int
) -> tuple[ResponseMessage, bool]:
    """A message on which the player can press the button of ``code``: their newest DM, or else the
    private reply of "Show my hand" (pressed now). The flag says whether it is a DM."""
    dms = stored_messages(env, env.backend.dm_channels.get(player.id))
    if dms and code in act_buttons(dms[-1], table_id):
        return ResponseMessage(env, dms[-1]), True
    in_channel = stored_messages(env, channel.id)
    table_messages = [message for message in in_channel if labelled(message, "Show my hand")]
    if not table_messages:
        raise RuntimeError("no table message with a Show my hand button")
    shown = await player.click(ResponseMessage(env, table_messages[-1]), label="Show my hand")
    if shown.response is None or code not in act_buttons(shown.response, table_id):
        raise RuntimeError(f"{player.name} found no button for action {code}")
    return shown.response, False


async def press(player: MemberActor, message: ResponseMessage, in_dm: bool, custom_id: str) -> None:
    """The player presses a button; a refusal is a bug."""
    clicker = player.user if in_dm else player
    result = await clicker.click(message, custom_id=custom_id)
    if result.ephemeral:
        text = result.response.content if result.response else None
        raise RuntimeError(f"the click {custom_id} was refused: {text}")


async def open_table(env: Env, players: int) -> tuple[ChannelHandle, list[MemberActor]]:
    """A started table of new members in a new channel: ``/wizard new``, "Join", "Start"."""
    guild = env.create_guild("Click path")
    channel = guild.create_text_channel("wizard")
    members = [guild.add_member(env.create_user(f"player{seat}")) for seat in range(players)]
    opened = await members[0].slash(channel, "wizard new")
    if opened.response is None or opened.ephemeral:
        raise RuntimeError("/wizard new was refused")
    for member in members[1:]:
        joined = await member.click(opened.response, label="Join")
        if joined.ephemeral:
            raise RuntimeError("a Join was refused")
    started = await members[0].click(opened.response, label="Start")
    if started.ephemeral:
        raise RuntimeError("Start was refused")
    return channel, members


def mid_trick_card(game: Game, seat: int, round_number: int) -> int | None:
    """A card the seat may play now, in a trick that has a card already, from ``round_number`` on,
    whose play neither ends the trick nor the round: a plain suit card if the seat has one. None if
    there is none."""
    trick = game.current_trick()
    if game.round_number < round_number or game.phase is not Phase.PLAY or not trick.plays:
        return None
    fitting = []
    for code in game.legal_actions(seat):
        if code >= CARD_PLAYS:  # a call or a hidden play, not a card play
            continue
        probe = game.clone()
        probe.apply(code, player=seat)
        same_round = probe.round_number == game.round_number and probe.phase is Phase.PLAY
        if same_round and len(probe.current_trick().plays) == len(trick.plays) + 1:
            fitting.append(code)
    plain = [code for code in fitting if code < PLAIN_CARDS]
    return min(plain or fitting, default=None)


async def reach_target(
    env: Env,
    bot: WizardBot,
    channel: ChannelHandle,
    members: list[MemberActor],
    rng: random.Random,
    round_number: int,
) -> Target:
    """Members play random legal actions, each through real clicks, until one of them is to play a card
    mid-trick (see ``mid_trick_card``); returns that click, not made."""
    by_id = {member.id: member for member in members}
    for _ in range(MAX_SETUP_CLICKS):
        table_id, game, users = running_game(bot, channel)
        if game.is_over or not game.to_act:
            break
        seat = rng.choice(game.to_act)
        player = by_id[users[seat]]
        code = mid_trick_card(game, seat, round_number)
        if code is not None:
            message, in_dm = await controls(env, channel, player, table_id, code)
            card = str(Card(code)) if code < PLAIN_CARDS else f"play code {code}"
            cid = act_buttons(message, table_id)[code]
            trick, players = len(game.current_trick().plays), len(game.players)
            return Target(player, message, in_dm, cid, card, game.round_number, trick, players, game.version)
        choice = rng.choice(game.legal_actions(seat))
        message, in_dm = await controls(env, channel, player, table_id, choice)
        await press(player, message, in_dm, act_buttons(message, table_id)[choice])
    raise RuntimeError("the game ended before a member was to play a card mid-trick")


@dataclass
class Run:
    """One traced click and what was seen."""

    target: Target
    trace: Trace
    code_under_test: str


async def trace_click(options: argparse.Namespace, tracer: Tracer) -> Run:
    """Build the bot, play to the target click, and trace it."""
    with tempfile.TemporaryDirectory(prefix="wizard-click-path-") as tmp:
        bot = create_bot(
            token=None,
            database_path=Path(tmp) / "wizard.sqlite3",
            # The script's own SQLite file and the bot's own defaults, whatever .env says.
            database_url=None,
            log_level="WARNING",
            dev_guild_id=None,
            force_sync=False,
            images=options.pictures == "on",
            table_edit_interval=TABLE_EDIT_INTERVAL,
            nudge_seconds=NUDGE_SECONDS,
            metrics_port=None,
            shard_count=None,
            shard_ids=None,
        )
        try:
            async with simcord.run(bot) as env:
                channel, members = await open_table(env, options.players)
                rng = random.Random(options.seed)
                target = await reach_target(env, bot, channel, members, rng, options.round)
                # Earlier clicks' delayed work (a coalesced table edit) is done before the window opens.
                await env.advance_time(options.follow_up)
                await env.settle()
                gc.collect()
                tracer.start()
                try:
                    await press(target.player, target.message, target.in_dm, target.custom_id)
                    if options.follow_up:
                        await env.advance_time(options.follow_up)
                    await env.settle()
                finally:
                    trace = tracer.stop()
                _, game, _ = running_game(bot, channel)
                if game.version <= target.version:
                    raise RuntimeError("the traced click did not move the game on")
        finally:
            # SimCord detaches the bot without closing it; the aiosqlite thread would keep the process alive.
            await bot.close()
    return Run(target, trace, str(Path(inspect.getfile(create_bot)).resolve().parent))


# -- report ------------------------------------------------------------------------------------------------


def figures(run: Run) -> dict[str, Any]:
    """The figures, fit for JSON."""
    trace = run.trace
    return {
        "code_under_test": run.code_under_test,
        "click": run.target.custom_id,
        "modules": len(trace.order),
        "module_order": trace.order,
        "calls": trace.calls,
        "resumptions": trace.resumptions,
        "crossings": trace.crossings,
        "reentries": trace.reentries,
        "entries_from_outside": trace.from_outside,
        "entries": dict(trace.entries.most_common()),
        "template_matches": sum(trace.template_matches.values()),
        "templates_tried": len(trace.template_matches),
        "template_matches_by_caller": dict(trace.template_callers),
        "project_regex_matches": sum(trace.project_matches.values()),
        "threads": len(trace.threads),
    }


def print_report(run: Run, options: argparse.Namespace, top: int) -> None:
    """The click, the modules in order, the counts, and the entries per module."""
    trace, target = run.trace, run.target
    print(f"Code under test: {run.code_under_test} (Python {sys.version.split()[0]})")
    print(
        f"Click: {target.player.name} plays {target.card} as card {target.trick_cards + 1} of a "
        f"{target.players}-card trick in round {target.round_number} ({target.custom_id}, on "
        f"{'their DM' if target.in_dm else 'the reply of Show my hand'}); pictures {options.pictures}; "
        f"window: until answered and settled, plus {options.follow_up:g} simulated seconds of follow-up"
    )
    print()
    print("Project modules entered, in order of first entry:")
    for index, module in enumerate(trace.order, 1):
        print(f"  {index:3}. {module}")
    print()
    print(f"modules entered:                      {len(trace.order)}")
    print(f"calls into project functions:         {trace.calls}")
    print(f"  (coroutine and generator resumptions, not counted: {trace.resumptions})")
    print(f"crossings (caller module != callee):  {trace.crossings}")
    print(f"  into a module already entered:      {trace.reentries}")
    print(f"entries from non-project code:        {trace.from_outside}")
    print(f"threads running project code:         {', '.join(sorted(trace.threads))}")
    templates = sum(trace.template_matches.values())
    print(
        f"custom id matched against templates:  {templates} (DynamicItem templates tried: "
        f"{len(trace.template_matches)}); other regex matches in project code: "
        f"{sum(trace.project_matches.values())}"
    )
    print()
    print("Entries per module (crossings in + from outside; re-entries among the crossings):")
    width = max((len(module) for module in trace.order), default=0)
    print(f"  {'module':{width}}  entries  crossings  outside  re-entries")
    for module, count in trace.entries.most_common():
        print(
            f"  {module:{width}}  {count:7}  {trace.crossings_in[module]:9}  {trace.outside_in[module]:7}"
            f"  {trace.reentries_in[module]:10}"
        )
    for caller, count in trace.template_callers.most_common():
        print(f"  {count:3} template matches made in {caller}")
    for template, count in trace.template_matches.most_common():
        print(f"  {count:3} matches of the template {template}")
    for pattern, count in trace.project_matches.most_common():
        print(f"  {count:3} matches in project code of the pattern {pattern}")
    print()
    print(f"Busiest crossings (caller module -> callee module), top {top}:")
    for (caller, callee), count in trace.pairs.most_common(top):
        print(f"  {count:5}  {caller} -> {callee}")
    if options.json:
        print()
        print("CLICK_PATH_RESULT " + json.dumps(figures(run)))


def parse_arguments() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=3, help="members at the table, 3 to 6 (default 3)")
    parser.add_argument(
        "--round", type=int, default=2, help="the earliest round of the traced click (default 2)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the members' choices (default 1)")
    parser.add_argument(
        "--deal-seed", type=int, default=1, help="the draws of secrets.randbits: the deal (default 1)"
    )
    parser.add_argument(
        "--pictures", choices=("on", "off"), default="on", help="the bot's pictures (default on)"
    )
    parser.add_argument(
        "--follow-up",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="simulated seconds after the click inside the window (default 2; the table edit waits 1)",
    )
    parser.add_argument("--top", type=int, default=15, help="module pairs shown (default 15)")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    options = parser.parse_args()
    if not 3 <= options.players <= 6 or options.round < 1 or options.follow_up < 0:
        parser.error("--players 3 to 6, --round at least 1, --follow-up at least 0")
    return options


def main() -> None:
    """Trace one click and print what it went through."""
    options = parse_arguments()
    tracer = Tracer()
    # A fixed deal: the bot seeds a new game with secrets.randbits.
    deal = random.Random(options.deal_seed)

    def randbits(k: int) -> int:
        return deal.getrandbits(k)

    secrets.randbits = randbits
    # Threads started from now on (aiosqlite's, the pictures' worker) carry the profiler; it records
    # nothing outside the window.
    threading.setprofile(tracer.hook)
    try:
        run = asyncio.run(trace_click(options, tracer))
    finally:
        threading.setprofile(None)
    print_report(run, options, options.top)


if __name__ == "__main__":
    main()
