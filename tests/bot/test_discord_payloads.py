"""The checker the autouse fixture runs on every request flags what Discord refuses and
pings the bot does not mean; the clamp in bot.discord_ui.discord_limits keeps texts within
limits."""

from __future__ import annotations

import re
from pathlib import Path

from discord import app_commands
from discord_payloads import problems

from bot.discord_ui.discord_limits import choices, fit, pinging
from bot.engine import quoted

NONE = {"parse": []}


def test_the_checker_flags_long_texts_and_unmeant_pings() -> None:
    ok = {"content": "<@7> your turn", "allowed_mentions": {"parse": [], "users": ["7"]}}
    assert problems("POST", "/channels/1/messages", ok) == []
    assert problems("POST", "/channels/1/messages",
                    {"content": "x" * 2001, "allowed_mentions": NONE})
    assert problems("POST", "/channels/1/messages", {"content": "hi"})  # Discord parses all
    for parse in ("everyone", "roles", "users"):
        assert problems("PATCH", "/channels/1/messages/2",
                        {"content": "hi", "allowed_mentions": {"parse": [parse]}})
    assert problems("POST", "/channels/1/messages",
                    {"content": "hi", "allowed_mentions": {"parse": [], "users": ["8"]}})
    button = {"type": 2, "label": "y" * 81, "custom_id": "a"}
    assert problems("POST", "/webhooks/1/tok", {"components": [{"components": [button]}]})
    select = {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "o"}] * 26}
    assert problems("POST", "/interactions/1/tok/callback",
                    {"type": 4, "data": {"components": [{"components": [select]}]}})
    many = [{"name": "n", "value": "v"}] * 26
    assert problems("POST", "/interactions/1/tok/callback", {"type": 8, "data": {"choices": many}})
    long_name = [{"name": "n" * 101, "value": "v"}]
    assert problems("POST", "/interactions/1/tok/callback",
                    {"type": 8, "data": {"choices": long_name}})


def test_the_clamp_and_the_quote() -> None:
    assert fit("x" * 6000) == "x" * 1999 + "…" and fit("short") == "short"
    assert quoted("y" * 6000) == repr("y" * 40 + "…") and quoted("7h  7d\n") == "'7h 7d'"
    offered = choices(app_commands.Choice(name=f"{n} " * 50, value=str(n)) for n in range(40))
    assert len(offered) == 25 and all(len(c.name) <= 100 for c in offered)
    assert choices([app_commands.Choice(name="long", value="v" * 101)]) == []
    assert pinging(["12", "12", "ai-1"]).to_dict() == {"parse": [], "users": [12]}


def test_every_message_goes_out_through_discord_limits() -> None:
    """The cogs and the presenter send, reply and edit only through
    bot/discord_ui/discord_limits.py, the one place that keeps messages within Discord's limits
    and mentions to the meant."""
    root = Path(__file__).resolve().parents[2]
    door = root / "bot" / "discord_ui" / "discord_limits.py"
    direct = re.compile(r"\.(send|send_message|edit_message|edit)\(|\bfollowup\.")
    offenders = [f"{path.relative_to(root)}:{number}"
                 for folder in ("bot", "cogs") for path in sorted((root / folder).rglob("*.py"))
                 if path != door
                 for number, line in enumerate(path.read_text().splitlines(), start=1)
                 if direct.search(line)]
    assert offenders == []
