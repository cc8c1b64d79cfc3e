"""Check that every request body the bot sent is one Discord would accept.

`assert_valid_discord_payloads(env)` validates each JSON body recorded in `env.http_requests` against
Discord's OpenAPI description (tests/data/discord-openapi.json) and against the limits Discord enforces
but the description leaves out (see shared/discord/README.md): action rows, custom_ids, content length,
embed size and the Components V2 flag.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import referencing
import referencing.jsonschema
from code_blocks import assert_code_blocks_fit
from simcord import Env, HttpLogEntry

__all__ = ("assert_valid_discord_payloads", "payload_problems", "request_problems")

SPEC_PATH = Path(__file__).parent / "data" / "discord-openapi.json"
SPEC_URI = "urn:discord-openapi"

IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW = 1
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
CONTENT_LIMIT = 2000
EMBEDS_TOTAL_LIMIT = 6000
ACTION_ROWS_LIMIT = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID_LIMIT = 100

# Interaction callback `type` -> the member of the callback union that describes it.
CALLBACK_SCHEMAS = {
    1: "PongInteractionCallbackRequest",
    4: "CreateMessageInteractionCallbackRequest",
    5: "CreateMessageInteractionCallbackRequest",
    6: "UpdateMessageInteractionCallbackRequest",
    7: "UpdateMessageInteractionCallbackRequest",
    8: "ApplicationCommandAutocompleteCallbackRequest",
    9: "ModalInteractionCallbackRequest",
    12: "LaunchActivityInteractionCallbackRequest",
}
CALLBACK_PATH = re.compile(r"/interactions/[^/]+/[^/]+/callback")
# A webhook POST is a new message (an interaction follow-up), never an edit.
WEBHOOK_EXECUTE_PATH = re.compile(r"/webhooks/[^/]+/[^/]+")


def _patch_spec(node: Any) -> None:
    """Accept what discord.py sends where the description is narrower than Discord itself."""
    if isinstance(node, dict):
        for key, value in node.items():
            # discord.py sends permission bit sets as strings of digits, as Discord documents them.
            if key == "default_member_permissions" and isinstance(value, dict):
                node[key] = {"anyOf": [value, {"type": "string", "pattern": "^[0-9]+$"}]}
            else:
                _patch_spec(value)
    elif isinstance(node, list):
        for item in node:
            _patch_spec(item)


@functools.cache
def _spec() -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    # The description types snowflakes as strings; discord.py sends many of them as integers.
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    _patch_spec(spec)
    return spec


@functools.cache
def _registry() -> referencing.Registry[Any]:
    resource = referencing.Resource.from_contents(
        _spec(), default_specification=referencing.jsonschema.DRAFT202012
    )
    registry: referencing.Registry[Any] = referencing.Registry().with_resource(SPEC_URI, resource)
    return registry


@functools.cache
def _validator(pointer: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=_registry())


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


@functools.cache
def _path_templates() -> list[tuple[re.Pattern[str], str, int]]:
    templates = []
    for template in _spec()["paths"]:
        pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
        literals = sum(1 for segment in template.split("/") if segment and not segment.startswith("{"))
        templates.append((re.compile(pattern), template, literals))
    return templates


def _schema_pointer(method: str, path: str, body: Any) -> str | None:
    """The JSON pointer of the schema this request's body must match, or None if the API has none."""
    if method == "POST" and CALLBACK_PATH.fullmatch(path):
        kind = body.get("type") if isinstance(body, dict) else None
        name = CALLBACK_SCHEMAS.get(kind) if isinstance(kind, int) else None
        return None if name is None else f"/components/schemas/{name}"
    if method == "POST" and WEBHOOK_EXECUTE_PATH.fullmatch(path):
        return "/components/schemas/IncomingWebhookRequestPartial"
    matches = [
        (literals, template) for pattern, template, literals in _path_templates() if pattern.fullmatch(path)
    ]
    if not matches:
        return None
    # "/messages/@original" beats "/messages/{message_id}".
    template = max(matches)[1]
    operation = _spec()["paths"][template].get(method.lower())
    if operation is None or "application/json" not in operation.get("requestBody", {}).get("content", {}):
        return None
    return f"/paths/{_escape(template)}/{method.lower()}/requestBody/content/application~1json/schema"


def _message_bodies(path: str, body: Any) -> Iterator[tuple[dict[str, Any], bool]]:
    """The message (or modal) payloads inside a request body, each with whether it is a modal."""
    if not isinstance(body, dict):
        return
    if CALLBACK_PATH.fullmatch(path):
        data = body.get("data")
        if body.get("type") in (4, 7, 9) and isinstance(data, dict):
            yield data, body["type"] == 9
    elif re.fullmatch(r"/channels/[^/]+/messages(/[^/]+)?", path) or path.startswith("/webhooks/"):
        yield body, False


def _walk_components(components: Iterable[Any]) -> Iterator[dict[str, Any]]:
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        yield from _walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from _walk_components([component[key]])


def _embed_length(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    return total


def payload_problems(message: dict[str, Any], *, modal: bool = False) -> list[str]:
    """The limits Discord enforces on a message payload that its OpenAPI description does not state.

    For a modal only the custom_id rules apply; its rows follow the description's own limits.
    """
    components = message.get("components") or []
    problems = [*_content_problems(message), *_embeds_problems(message)]
    if (message.get("flags") or 0) & IS_COMPONENTS_V2:
        problems.extend(_components_v2_problems(message))
    elif not modal:
        problems.extend(_action_row_problems(components))
    problems.extend(_custom_id_problems(components))
    return problems


def _content_problems(message: dict[str, Any]) -> Iterator[str]:
    content = message.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        yield f"content is {len(content)} characters (limit {CONTENT_LIMIT})"


def _embeds_problems(message: dict[str, Any]) -> Iterator[str]:
    embeds = message.get("embeds") or []
    total = sum(_embed_length(embed) for embed in embeds if isinstance(embed, dict))
    if total > EMBEDS_TOTAL_LIMIT:
        yield f"embeds hold {total} characters in all (limit {EMBEDS_TOTAL_LIMIT})"


def _components_v2_problems(message: dict[str, Any]) -> Iterator[str]:
    """A Components V2 message shows its text through components only."""
    if message.get("content") or message.get("embeds"):
        yield "a message with the Components V2 flag carries content or embeds"


def _action_row_problems(components: list[Any]) -> Iterator[str]:
    """A classic message: at most five top-level components, each an action row."""
    rows = [component for component in components if isinstance(component, dict)]
    if len(rows) > ACTION_ROWS_LIMIT:
        yield f"{len(rows)} action rows (limit {ACTION_ROWS_LIMIT})"
    for index, row in enumerate(rows, start=1):
        if row.get("type") != ACTION_ROW:
            yield f"top-level component {index} is type {row.get('type')}, not an action row"
        else:
            yield from _row_content_problems(index, row.get("components") or [])


def _row_content_problems(index: int, children: list[Any]) -> Iterator[str]:
    """An action row holds one select menu alone, or up to five buttons."""
    selects = sum(child.get("type") in SELECT_TYPES for child in children)
    if selects and len(children) != 1:
        yield f"action row {index} holds a select menu and {len(children) - 1} other component(s)"
    elif not selects and len(children) > BUTTONS_PER_ROW:
        yield f"action row {index} holds {len(children)} buttons (limit {BUTTONS_PER_ROW})"


def _custom_id_problems(components: list[Any]) -> Iterator[str]:
    """Every custom_id is 1 to 100 characters and used once in the message."""
    seen: set[str] = set()
    for component in _walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        if not 1 <= len(custom_id) <= CUSTOM_ID_LIMIT:
            yield f"custom_id {custom_id[:20]!r}... is {len(custom_id)} characters (1 to 100)"
        if custom_id in seen:
            yield f"custom_id {custom_id!r} is used twice in one message"
        seen.add(custom_id)


def request_problems(entry: HttpLogEntry) -> list[str]:
    """Everything wrong with one recorded request's JSON body."""
    body = entry.json
    if body is None:
        return []
    problems = []
    pointer = _schema_pointer(entry.method, entry.path, body)
    if pointer is None and CALLBACK_PATH.fullmatch(entry.path):
        problems.append(f"unknown interaction callback type {body.get('type')!r}")
    elif pointer is None:
        problems.append("no request body schema for this route in Discord's API description")
    else:
        error = jsonschema.exceptions.best_match(_validator(pointer).iter_errors(body))
        if error is not None:
            where = "/".join(str(part) for part in error.absolute_path) or "(body)"
            problems.append(f"{where}: {error.message[:300]}")
    for message, modal in _message_bodies(entry.path, body):
        problems.extend(payload_problems(message, modal=modal))
    return problems


def assert_valid_discord_payloads(source: Env | Iterable[HttpLogEntry]) -> None:
    """Fail with a readable list if any request body the bot sent is one Discord would refuse."""
    entries = source.http_requests if isinstance(source, Env) else list(source)
    failures = [
        f"{entry.method} {entry.path}: {problem}" for entry in entries for problem in request_problems(entry)
    ]
    assert not failures, "invalid Discord payloads:\n" + "\n".join(failures)
    # Not Discord's limit but the bot's own: every code block fits a phone's width (issue 26).
    assert_code_blocks_fit(entries)
