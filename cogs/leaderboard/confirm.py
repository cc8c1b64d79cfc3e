"""Erasing records after a private yes/no: /wizard forget-me and /wizard-admin's two commands.

The question's two buttons are component families with strict ids (``wzlb:er:``), so a click is served
whichever process receives it, a restarted one too. Each id says what the question erases, who asked it,
and which question it is (the id of the asking interaction, which also tells when it was asked):

- ``wzlb:er:me:<asker>:<question>:<yes|no>``: /wizard forget-me, the asker's own records;
- ``wzlb:er:server:<asker>:<question>:<yes|no>``: /wizard-admin reset-leaderboard;
- ``wzlb:er:member:<asker>:<question>:<member>:<yes|no>``: /wizard-admin remove-member.

Only the member who asked may answer (a click under another member's id is forged, and refused), and only
on the question's own message, so in the server and channel where it was asked (``asked_on``); the
admin questions check Manage Server again when they are answered. A question is open for two minutes:
the process that asked closes it as unanswered then (``Question``, a view whose timer is stopped by the
answer, through ``OpenQuestions``); a process that did not ask it (after a restart) answers a click that
comes later in the same words, and erases nothing. Discord keeps an ephemeral message's buttons, so
such a click can come; discord.py would keep a view of an ephemeral message for 15 minutes at most,
which is why the buttons are families and not a stored view.

Every answer is in the language of the member who reads it (their Discord client's, else the server's).
An erasure that fails closes the question and is answered through ``report_failure``, as every component
and command is.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from cogs.leaderboard import context
from cogs.leaderboard.erasure import erase_member, reset_guild
from cogs.server_settings.language import reply_texts
from cogs.utils.components import Component, id_number, invalid_control
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal, guarded

if TYPE_CHECKING:
    from bot import WizardBot

    Click = discord.Interaction[WizardBot]

log = logging.getLogger(__name__)

PREFIX = "wzlb:er:"
COMMAND = "a leaderboard command"
CONFIRMATION = "an erase confirmation"
# How long a question waits for its answer.
QUESTION_SECONDS = 120.0
ID = r"\d{1,20}"


def expired(question_id: int, now: float) -> bool:
    """Whether the question asked by that interaction has had its two minutes (``now``: a Unix time)."""
    return discord.utils.snowflake_time(question_id).timestamp() + QUESTION_SECONDS <= now


class ConfirmErase(Component[discord.ui.Button[Any]], template=r"(?!)"):
    """An answer to an erase question: erase (``yes``) or keep everything (``no``).

    The base of the three families, one per question, never registered itself (its template matches
    nothing). Each family says what its question asks (``question_key``, its erase button's label
    ``button_key``), who may still erase when it is answered (``refusal``) and what erasing does.
    """

    what = CONFIRMATION
    prefix = PREFIX
    private = True
    #: The id's scope field.
    scope: ClassVar[str] = ""
    #: The erase button's label in the catalogs.
    button_key: ClassVar[str] = ""

    @classmethod
    def answer_id(cls, asker: int, question: int, answer: str, member: int | None = None) -> str:
        """The id of one of the question's two buttons (``member`` only for remove-member)."""
        target = "" if member is None else f":{member}"
        return f"{PREFIX}{cls.scope}:{asker}:{question}{target}:{answer}"

    @classmethod
    def buttons(cls, asker: int, question: int, *, t: Texts, member: int | None = None) -> list[ConfirmErase]:
        """The question's two buttons, in the asker's language: erase, and keep everything."""
        erase: discord.ui.Button[Any] = discord.ui.Button(
            label=t(cls.button_key),
            custom_id=cls.answer_id(asker, question, "yes", member),
            style=discord.ButtonStyle.danger,
        )
        keep: discord.ui.Button[Any] = discord.ui.Button(
            label=t("lb-keep-everything"),
            custom_id=cls.answer_id(asker, question, "no", member),
            style=discord.ButtonStyle.secondary,
        )
        return [cls(erase), cls(keep)]

    def __init__(
        self, item: discord.ui.Button[Any], asker: int = 0, question: int = 0, member: int | None = None
    ) -> None:
        super().__init__(item)
        self.asker = asker
        self.question = question
        self.member = member

    @classmethod
    def parse(cls, item: discord.ui.Button[Any], match: re.Match[str]) -> Self:
        fields = match.groupdict()
        member = None if fields.get("member") is None else id_number(fields["member"])
        component = cls(item, id_number(fields["asker"]), id_number(fields["question"]), member)
        component.fields = fields
        return component

    def refusal(self, interaction: Click, t: Texts) -> str | None:
        """Why the member who answers may not erase any more (None if they may)."""
        return None

    async def erase(self, interaction: Click, fields: Mapping[str, str], t: Texts) -> str:
        """Erase the records and say what was erased, in the asker's language."""
        raise NotImplementedError

    async def handle(self, interaction: Click, fields: Mapping[str, str]) -> None:
        t = await reply_texts(interaction)
        if self.asker != interaction.user.id:
            raise Refusal(t("lb-only-the-asker"))
        context.guild_id(interaction)
        if not asked_on(interaction.message, self.question):
            raise Refusal(invalid_control(t, menu=False))
        question = self.question
        # Answered: the process that asked does not close the question as unanswered any more.
        interaction.client.service(OpenQuestions).answered(question)
        if fields["answer"] == "no":
            text = t("lb-nothing-erased")
        elif expired(question, context.now()):
            text = t("lb-no-answer")
        else:
            text = self.refusal(interaction, t) or await self._erase(interaction, fields, t)
        await interaction.response.edit_message(content=text, view=None)

    async def _erase(self, interaction: Click, fields: Mapping[str, str], t: Texts) -> str:
        try:
            return await self.erase(interaction, fields, t)
        except Exception:
            # The erasure was rolled back: close the question; report_failure answers the rest.
            try:
                await interaction.response.edit_message(content=t("lb-nothing-erased"), view=None)
            except discord.HTTPException:
                log.debug("Could not close an erase confirmation", exc_info=True)
            raise


def asked_on(message: discord.Message | None, question: int) -> bool:
    """Whether ``message`` is the question's own: the private answer to the asking interaction.

    Discord delivers a click with the message it was made on, and that message lives in the channel of
    the command that asked; an answer whose id names a question asked elsewhere (another channel, another
    server, where the asker's permissions differ) is forged, and refused before anything is looked at.
    """
    metadata = None if message is None else message.interaction_metadata
    return metadata is not None and metadata.id == question


def manager_only(interaction: Click, t: Texts) -> str | None:
    """Why the caller may not manage the leaderboard, or None if they have Manage Server."""
    if interaction.permissions.manage_guild:
        return None
    return t("lb-need-manage-server")


def check_manager(interaction: Click, t: Texts) -> None:
    """Refuse a caller without Manage Server."""
    # Discord's default_member_permissions can be overridden by the server's settings: check again here.
    refusal = manager_only(interaction, t)
    if refusal is not None:
        raise Refusal(refusal)


class ForgetMe(ConfirmErase, template=rf"wzlb:er:me:(?P<asker>{ID}):(?P<question>{ID}):(?P<answer>yes|no)"):
    """/wizard forget-me: the asker's records in this server."""

    scope = "me"
    button_key = "lb-forget-button"

    async def erase(self, interaction: Click, fields: Mapping[str, str], t: Texts) -> str:
        db, guild_id = context.database(interaction), context.guild_id(interaction)
        count = await erase_member(db, guild_id, interaction.user.id)
        return t("lb-forget-done", count=count)


class ResetLeaderboard(
    ConfirmErase, template=rf"wzlb:er:server:(?P<asker>{ID}):(?P<question>{ID}):(?P<answer>yes|no)"
):
    """/wizard-admin reset-leaderboard: every record of this server; Manage Server is checked again."""

    scope = "server"
    button_key = "lb-reset-button"

    def refusal(self, interaction: Click, t: Texts) -> str | None:
        return manager_only(interaction, t)

    async def erase(self, interaction: Click, fields: Mapping[str, str], t: Texts) -> str:
        count = await reset_guild(context.database(interaction), context.guild_id(interaction))
        return t("lb-reset-done", count=count)


class RemoveMember(
    ConfirmErase,
    template=rf"wzlb:er:member:(?P<asker>{ID}):(?P<question>{ID}):(?P<member>{ID}):(?P<answer>yes|no)",
):
    """/wizard-admin remove-member: one member's records in this server; Manage Server is checked again."""

    scope = "member"
    button_key = "lb-remove-button"

    def refusal(self, interaction: Click, t: Texts) -> str | None:
        return manager_only(interaction, t)

    async def erase(self, interaction: Click, fields: Mapping[str, str], t: Texts) -> str:
        member = self.member
        assert member is not None  # the family's template has the field
        count = await erase_member(context.database(interaction), context.guild_id(interaction), member)
        return t("lb-remove-done", member=f"<@{member}>", count=count)


# The families the extension registers; their templates match disjoint sets of ids.
FAMILIES: tuple[type[ConfirmErase], ...] = (ForgetMe, ResetLeaderboard, RemoveMember)


# -- asking ----------------------------------------------------------------------------------------------


class Question(discord.ui.View):
    """The two buttons of an open question, in the process that asked it: after two minutes without an
    answer it closes the question (in the asker's language, ``t``) and takes its buttons away."""

    def __init__(
        self, asked: Click, buttons: list[ConfirmErase], questions: OpenQuestions, *, t: Texts
    ) -> None:
        super().__init__(timeout=QUESTION_SECONDS)
        self.asked, self.questions, self.t = asked, questions, t
        for button in buttons:
            self.add_item(button)

    async def on_timeout(self) -> None:
        self.questions.forget(self.asked.id)
        try:
            await self.asked.edit_original_response(content=self.t("lb-no-answer"), view=None)
        except discord.HTTPException:
            log.debug("Could not mark an erase confirmation as expired", exc_info=True)


class OpenQuestions:
    """The erase questions this process asked that wait for their answer, by question id; the
    leaderboard's extension provides it. An answer stops its question's timer, so that an answered
    question is never closed as unanswered afterwards."""

    def __init__(self) -> None:
        self._open: dict[int, Question] = {}

    def asked(self, question: Question) -> None:
        self._open[question.asked.id] = question

    def forget(self, question_id: int) -> None:
        self._open.pop(question_id, None)

    def answered(self, question_id: int) -> None:
        question = self._open.pop(question_id, None)
        if question is not None:
            question.stop()

    def __contains__(self, question_id: object) -> bool:
        return question_id in self._open


async def ask(
    interaction: Click, text: str, family: type[ConfirmErase], *, t: Texts, member: int | None = None
) -> None:
    """Ask the caller privately to confirm an erasure (``text``), with ``family``'s two buttons."""
    questions = interaction.client.service(OpenQuestions)
    buttons = family.buttons(interaction.user.id, interaction.id, t=t, member=member)
    question = Question(interaction, buttons, questions, t=t)
    questions.asked(question)
    try:
        await interaction.response.send_message(text, view=question, ephemeral=True)
    except BaseException:
        questions.forget(interaction.id)
        question.stop()
        raise


async def ask_forget_me(interaction: Click) -> None:
    """Answer /wizard forget-me: erase the caller's records in this server, after a confirmation."""

    async def run() -> None:
        context.guild_id(interaction)
        t = await reply_texts(interaction)
        await ask(interaction, t("lb-forget-question"), ForgetMe, t=t)

    await guarded(interaction, run(), COMMAND)


async def ask_reset(interaction: Click) -> None:
    """Answer /wizard-admin reset-leaderboard: check Manage Server, confirm, then reset."""

    async def run() -> None:
        context.guild_id(interaction)
        t = await reply_texts(interaction)
        check_manager(interaction, t)
        await ask(interaction, t("lb-reset-question"), ResetLeaderboard, t=t)

    await guarded(interaction, run(), COMMAND)


async def ask_remove_member(interaction: Click, member: discord.abc.User) -> None:
    """Answer /wizard-admin remove-member: check Manage Server, confirm, then erase their records."""

    async def run() -> None:
        context.guild_id(interaction)
        t = await reply_texts(interaction)
        check_manager(interaction, t)
        text = t("lb-remove-question", member=member.mention)
        await ask(interaction, text, RemoveMember, t=t, member=member.id)

    await guarded(interaction, run(), COMMAND)
