"""The payload checker rejects what Discord would refuse, and accepts what discord.py really sends."""

from __future__ import annotations

from typing import Any

import pytest
from discord_payloads import assert_valid_discord_payloads, payload_problems, request_problems
from simcord import HttpLogEntry

CALLBACK = "/interactions/1/token/callback"


def entry(method: str, path: str, body: Any) -> HttpLogEntry:
    return HttpLogEntry(method=method, path=path, params={}, json=body, reason=None)


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def reply(**data: Any) -> HttpLogEntry:
    return entry("POST", CALLBACK, {"type": 4, "data": data})


def test_a_plain_reply_passes() -> None:
    assert request_problems(reply(content="hi", components=[row(button("a"), button("b"))], flags=64)) == []


def test_snowflakes_may_be_integers_or_strings() -> None:
    body = {"content": "hi", "message_reference": {"message_id": 123, "channel_id": "456"}}
    assert request_problems(entry("POST", "/channels/1/messages", body)) == []


def test_six_action_rows_are_rejected() -> None:
    rows = [row(button(f"b{index}")) for index in range(6)]
    [problem] = request_problems(reply(content="x", components=rows))
    assert "6 action rows" in problem


def test_six_buttons_in_a_row_are_rejected() -> None:
    rows = [row(*(button(f"b{index}") for index in range(6)))]
    assert any("6 buttons" in problem for problem in request_problems(reply(components=rows)))


def test_a_select_must_be_alone_in_its_row() -> None:
    select = {"type": 3, "custom_id": "pick", "options": [{"label": "A", "value": "a"}]}
    problems = request_problems(reply(components=[row(select, button("b"))]))
    assert any("select menu" in problem for problem in problems)


def test_the_limits_themselves_pass() -> None:
    select = {"type": 3, "custom_id": "pick", "options": [{"label": "A", "value": "a"}]}
    rows = [row(*(button(f"b{index}") for index in range(5))), row(select), row(button("x" * 100))]
    message = {"content": "x" * 2000, "embeds": [{"description": "d" * 6000}], "components": rows}
    assert payload_problems(message) == []


def test_a_top_level_component_must_be_an_action_row() -> None:
    assert payload_problems({"components": [button("a")]}) == [
        "top-level component 1 is type 2, not an action row"
    ]


def test_an_empty_custom_id_is_rejected() -> None:
    assert payload_problems({"components": [row(button(""))]}) == [
        "custom_id ''... is 0 characters (1 to 100)"
    ]


def test_a_modal_is_checked_for_custom_ids_only() -> None:
    text_input = {"type": 4, "custom_id": "same", "style": 1, "label": "Name"}
    labels = [{"type": 18, "label": "Name", "component": dict(text_input)} for _ in range(6)]
    problems = payload_problems({"custom_id": "m", "title": "t", "components": labels}, modal=True)
    assert problems == ["custom_id 'same' is used twice in one message"] * 5


def test_components_v2_message_cannot_carry_embeds_and_has_no_action_row_limits() -> None:
    texts = [{"type": 10, "content": f"line {index}"} for index in range(6)]
    assert payload_problems({"components": texts, "flags": 1 << 15}) == []
    problems = payload_problems({"embeds": [{"title": "t"}], "components": texts, "flags": 1 << 15})
    assert problems == ["a message with the Components V2 flag carries content or embeds"]


def test_every_problem_of_a_message_is_listed() -> None:
    rows = [row(button("same")) for _ in range(6)]
    problems = payload_problems({"content": "x" * 2001, "components": rows})
    assert problems[:2] == ["content is 2001 characters (limit 2000)", "6 action rows (limit 5)"]
    assert problems[2:] == ["custom_id 'same' is used twice in one message"] * 5


def test_content_over_2000_characters_is_rejected() -> None:
    problems = request_problems(entry("POST", "/channels/1/messages", {"content": "x" * 2001}))
    assert problems == ["content is 2001 characters (limit 2000)"]


def test_duplicate_custom_ids_are_rejected() -> None:
    [problem] = request_problems(reply(components=[row(button("same")), row(button("same"))]))
    assert "used twice" in problem


def test_custom_id_over_100_characters_is_rejected() -> None:
    problems = request_problems(reply(components=[row(button("x" * 101))]))
    assert any("101 characters" in problem for problem in problems)


def test_embeds_over_6000_characters_in_all_are_rejected() -> None:
    embeds = [{"title": "t", "description": "d" * 4000} for _ in range(2)]
    problems = request_problems(reply(embeds=embeds))
    assert any("8002 characters" in problem for problem in problems)


def test_components_v2_message_cannot_carry_content() -> None:
    text = {"type": 10, "content": "hello"}
    problems = request_problems(reply(content="also", components=[text], flags=1 << 15))
    assert any("Components V2" in problem for problem in problems)


def test_schema_violations_are_reported() -> None:
    problems = request_problems(reply(embeds=[{"title": "x" * 300}]))
    assert any(problem.startswith("data/embeds/0/title") for problem in problems)


def test_unknown_callback_type_is_reported() -> None:
    assert request_problems(entry("POST", CALLBACK, {"type": 99})) == ["unknown interaction callback type 99"]


def test_webhook_followups_and_edits_are_checked() -> None:
    assert request_problems(entry("POST", "/webhooks/1/token", {"content": "ok"})) == []
    problems = request_problems(
        entry("PATCH", "/webhooks/1/token/messages/@original", {"content": "x" * 2001})
    )
    assert problems


def test_command_registration_is_checked() -> None:
    good = [{"name": "wizard", "description": "Play", "type": 1, "default_member_permissions": "8"}]
    assert request_problems(entry("PUT", "/applications/1/commands", good)) == []
    bad = [{"name": "x" * 33, "description": "Play"}]
    assert request_problems(entry("PUT", "/applications/1/guilds/2/commands", bad))


def test_assert_lists_every_failure() -> None:
    bad = entry("POST", "/channels/1/messages", {"content": "x" * 2001})
    with pytest.raises(AssertionError, match="POST /channels/1/messages: content is 2001"):
        assert_valid_discord_payloads([reply(content="fine"), bad])
