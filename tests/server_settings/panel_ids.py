"""The settings panel's custom_ids, for its tests: those it sends, and forged ones it must refuse."""

from __future__ import annotations

# Every id the panel sends, by page; the panels already sent carry them, so they must keep working.
SENT_IDS = {
    "rules": {
        "wzset:edition",
        "wzset:preset",
        "wzset:variants",
        "wzset:nannie",
        "wzset:page:more",
        "wzset:reset:rules",
    },
    "more": {
        "wzset:timer",
        "wzset:lobby",
        "wzset:images:on",
        "wzset:images:off",
        "wzset:images:default",
        "wzset:coach:on",
        "wzset:coach:off",
        "wzset:language",
        "wzset:page:rules",
        "wzset:page:seasons",
        "wzset:reset:more",
    },
    "seasons": {
        "wzset:season:monthly-on",
        "wzset:season:monthly-off",
        "wzset:season:fresh-on",
        "wzset:season:fresh-off",
        "wzset:season:channel-here",
        "wzset:season:channel-none",
        "wzset:page:more",
        "wzset:reset:seasons",
    },
}

# Ids under the panel's prefix that no family may take, by what is wrong with them.
MALFORMED_IDS = {
    "no field": "wzset:",
    "unknown setting": "wzset:colour",
    "a language on the menu's id": "wzset:language:de",
    "a setting in capitals": "wzset:Edition",
    "a trailing space": "wzset:timer ",
    "bad pictures choice": "wzset:images:maybe",
    "bad coach choice": "wzset:coach:default",
    "bad reset page": "wzset:reset:everything",
    "bad page": "wzset:page:3",
    "bad season choice": "wzset:season:monthly",
    "a season choice with an extra field": "wzset:season:fresh-on:now",
    "a field on a menu id": "wzset:edition:camelot",
    "an extra field": "wzset:images:off:again",
    "an extra reset field": "wzset:reset:rules:more",
    "an empty extra field": "wzset:page:more:",
    "a trailing newline": "wzset:page:more\n",
    "a newline inside": "wzset:images:\non",
    "a newline on a menu id": "wzset:timer\n",
    "100 characters": "wzset:page:more" + "x" * 85,
    "100 characters after the prefix": "wzset:" + "e" * 94,
}
