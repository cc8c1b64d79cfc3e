"""The settings panel's controls without Discord: one strict family per kind of control, the ids already
sent kept as they were, the kind of component checked, and what a menu choice changes."""

from __future__ import annotations

import re
from typing import Any, cast

import discord
import pytest
from panel_ids import MALFORMED_IDS, SENT_IDS

from cogs.server_settings.panel import (
    FAMILIES,
    Defaults,
    NotOffered,
    PageButton,
    PanelControl,
    PicturesButton,
    ResetButton,
    SettingMenu,
    changed,
    panel_view,
    timer_label,
)
from cogs.server_settings.store import TURN_TIMER_CHOICES, ServerSettings
from cogs.utils.components import INVALID_BUTTON, INVALID_MENU
from cogs.utils.i18n import ENGLISH, texts
from cogs.utils.replies import Refusal

SETTINGS = (
    ServerSettings(),
    ServerSettings("camelot", frozenset({"nannie", "canadian"}), 3, 0, 15, False),
    ServerSettings(turn_timer_seconds=1800, lobby_timeout_minutes=45, images=True, language="de"),
)
DEFAULTS = Defaults(lobby_minutes=30, images=True, language="en")


def families_matching(custom_id: str) -> list[type[Any]]:
    return [family for family in FAMILIES if family.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_every_control_is_served_by_exactly_one_family() -> None:
    for settings in SETTINGS:
        for page, expected in SENT_IDS.items():
            items = panel_view(settings, DEFAULTS, page, t=ENGLISH).children
            assert all(isinstance(item, PanelControl) for item in items)
            controls = cast("list[PanelControl]", items)
            assert {control.custom_id for control in controls} == expected
            for control in controls:
                family = type(control)
                assert families_matching(control.custom_id) == [family]
                assert control.custom_id.startswith(family.prefix)
                assert family.is_menu == isinstance(control.item, discord.ui.Select)


def test_each_family_names_its_fields() -> None:
    parsed = {
        "wzset:nannie": (SettingMenu, {"setting": "nannie"}),
        "wzset:lobby": (SettingMenu, {"setting": "lobby"}),
        "wzset:images:default": (PicturesButton, {"choice": "default"}),
        "wzset:reset:more": (ResetButton, {"page": "more"}),
        "wzset:page:rules": (PageButton, {"page": "rules"}),
    }
    for custom_id, (family, fields) in parsed.items():
        match = family.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert match is not None and match.groupdict() == fields


@pytest.mark.parametrize("custom_id", list(MALFORMED_IDS.values()), ids=list(MALFORMED_IDS))
def test_a_malformed_id_matches_no_family(custom_id: str) -> None:
    assert len(custom_id) <= 100
    assert custom_id.startswith("wzset:") and families_matching(custom_id) == []


def test_a_menu_family_refuses_a_button() -> None:
    # The kind is checked before anything else (before the message is even looked at).
    for setting in ("variants", "timer"):
        on_a_button = SettingMenu(discord.ui.Button(custom_id=f"wzset:{setting}"))
        with pytest.raises(Refusal, match=f"^{re.escape(INVALID_BUTTON)}$"):
            on_a_button.check_carrier(None, ENGLISH)


@pytest.mark.parametrize(
    ("family", "custom_id", "fields"),
    [
        (PicturesButton, "wzset:images:off", {"choice": "off"}),
        (ResetButton, "wzset:reset:rules", {"page": "rules"}),
        (PageButton, "wzset:page:more", {"page": "more"}),
    ],
)
def test_a_button_family_refuses_a_menu(family: type[Any], custom_id: str, fields: dict[str, str]) -> None:
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id, options=[discord.SelectOption(label="x")]
    )
    with pytest.raises(Refusal, match=f"^{re.escape(INVALID_MENU)}$"):
        family(select).check_carrier(None, ENGLISH)


def test_timer_labels() -> None:
    assert [timer_label(s, t=ENGLISH) for s in TURN_TIMER_CHOICES] == [
        "Off",
        "30 seconds",
        "1 minute",
        "2 minutes (default)",
        "5 minutes",
        "10 minutes",
        "30 minutes",
    ]
    assert [timer_label(s, t=texts("de")) for s in (0, 90, 120)] == [
        "Aus",
        "1 Minute 30 Sekunden",
        "2 Minuten (Standard)",
    ]


def test_a_new_variant_list_drops_the_nannie_option_with_nannie() -> None:
    with_nannie = ServerSettings(variants=frozenset({"nannie"}), nannie_every=3)
    without = changed(with_nannie, "variants", ["quick"])
    assert without == ServerSettings(variants=frozenset({"quick"}))
    assert changed(with_nannie, "variants", ["nannie", "canadian"]).nannie_every == 3


def test_a_lobby_timeout_set_before_the_choices_changed_stays_offered() -> None:
    kept = ServerSettings(lobby_timeout_minutes=45)
    assert changed(kept, "lobby", ["45"]) == kept
    with pytest.raises(NotOffered):
        changed(ServerSettings(), "lobby", ["45"])


@pytest.mark.parametrize(("value", "language"), [("auto", None), ("en", "en"), ("de", "de")])
def test_the_language_menu(value: str, language: str | None) -> None:
    assert changed(ServerSettings(language="de"), "language", [value]) == ServerSettings(language=language)
    for forged in (["fr"], ["en", "de"], [], ["None"]):
        with pytest.raises(NotOffered):
            changed(ServerSettings(), "language", forged)
