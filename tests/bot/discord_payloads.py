"""Discord's limits and mention rules, checked on the JSON of every REST request the bot makes.

`problems(method, path, body)` lists what real Discord would refuse (50035) or what would
ping people the bot does not mean to ping. The autouse fixture in conftest.py runs it on
every request of every bot test; the fuzz test runs it too.
"""

from __future__ import annotations

import re
from typing import Any

CONTENT = 2000
BUTTON_LABEL = 80
CUSTOM_ID = 100
ROWS = 5
ROW_ITEMS = 5
SELECT_OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
CHOICES = 25
CHOICE_TEXT = 100
THREAD_NAME = 100
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_FIELDS = 25
EMBED_TEXT = {"title": 256, "description": 4096}
FIELD_TEXT = {"name": 256, "value": 1024}

_MESSAGE_PATH = re.compile(
    r"^/channels/\d+/messages(/\d+)?$|^/webhooks/\d+/[^/]+(/messages/[^/]+)?$"
)
_CALLBACK_PATH = re.compile(r"^/interactions/\d+/[^/]+/callback$")
_THREAD_PATH = re.compile(r"^/channels/\d+(/messages/\d+)?/threads$")
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_MESSAGE_CALLBACKS = (4, 7)  # a new message; an edit of the clicked message
_AUTOCOMPLETE_CALLBACK = 8


def problems(method: str, path: str, body: Any) -> list[str]:
    """What is wrong with one request's JSON body (empty: nothing)."""
    if not isinstance(body, dict) or method not in ("POST", "PATCH"):
        return []
    if _CALLBACK_PATH.match(path):
        data = body.get("data") or {}
        if body.get("type") == _AUTOCOMPLETE_CALLBACK:
            return _choices(data.get("choices") or [])
        if body.get("type") in _MESSAGE_CALLBACKS:
            return _message(data)
        return []
    if _MESSAGE_PATH.match(path):
        return _message(body)
    if _THREAD_PATH.match(path):
        name = body.get("name") or ""
        return [f"thread name of {len(name)} characters"] if len(name) > THREAD_NAME else []
    return []


def _message(body: dict[str, Any]) -> list[str]:
    out: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        out.append(f"content of {len(content)} characters")
    out += _mentions(body, content if isinstance(content, str) else "")
    out += _components(body.get("components") or [])
    out += _embeds(body.get("embeds") or ([body["embed"]] if body.get("embed") else []))
    return out


def _mentions(body: dict[str, Any], content: str) -> list[str]:
    """Only explicit users, each named in the text: never @everyone, roles or every user
    mentioned in the text (that is how user input would ping people)."""
    if not content:
        return []
    allowed = body.get("allowed_mentions")
    if not isinstance(allowed, dict):
        return ["content without allowed_mentions (Discord would parse every mention)"]
    out = []
    parse = allowed.get("parse") or []
    for kind in ("everyone", "roles", "users"):
        if kind in parse:
            out.append(f"allowed_mentions parses {kind}")
    if allowed.get("roles"):
        out.append("allowed_mentions names roles")
    named = set(_USER_MENTION.findall(content))
    for user in allowed.get("users") or []:
        if str(user) not in named:
            out.append(f"allowed_mentions lets user {user} be pinged who is not in the text")
    return out


def _components(rows: list[Any]) -> list[str]:
    out = []
    if len(rows) > ROWS:
        out.append(f"{len(rows)} component rows")
    for row in rows:
        items = row.get("components") or []
        if len(items) > ROW_ITEMS:
            out.append(f"{len(items)} components in a row")
        for item in items:
            out += _component(item)
    return out


def _component(item: dict[str, Any]) -> list[str]:
    out = []
    label = item.get("label") or ""
    if item.get("type") == 2 and len(label) > BUTTON_LABEL:
        out.append(f"button label of {len(label)} characters")
    if len(item.get("custom_id") or "") > CUSTOM_ID:
        out.append("custom_id over 100 characters")
    if len(item.get("placeholder") or "") > PLACEHOLDER:
        out.append("select placeholder over 150 characters")
    options = item.get("options") or []
    if len(options) > SELECT_OPTIONS:
        out.append(f"select with {len(options)} options")
    for option in options:
        for key in ("label", "value", "description"):
            if len(option.get(key) or "") > OPTION_TEXT:
                out.append(f"select option {key} over {OPTION_TEXT} characters")
    return out


def _embeds(embeds: list[Any]) -> list[str]:
    out = []
    if len(embeds) > EMBEDS:
        out.append(f"{len(embeds)} embeds")
    total = 0
    for embed in embeds:
        for key, limit in EMBED_TEXT.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                out.append(f"embed {key} of {len(text)} characters")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            out.append(f"embed with {len(fields)} fields")
        for field in fields:
            for key, limit in FIELD_TEXT.items():
                text = field.get(key) or ""
                total += len(text)
                if len(text) > limit:
                    out.append(f"embed field {key} of {len(text)} characters")
    if total > EMBED_TOTAL:
        out.append(f"embeds of {total} characters in all")
    return out


def _choices(choices: list[Any]) -> list[str]:
    out = []
    if len(choices) > CHOICES:
        out.append(f"{len(choices)} autocomplete choices")
    for choice in choices:
        for key in ("name", "value"):
            value = choice.get(key)
            if isinstance(value, str) and not 1 <= len(value) <= CHOICE_TEXT:
                out.append(f"autocomplete choice {key} of {len(value)} characters")
    return out
