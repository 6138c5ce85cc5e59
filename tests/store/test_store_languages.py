"""The languages players and servers chose, on SQLite and PostgreSQL (migration 5)."""

from __future__ import annotations

from bot.store import SCHEMA_VERSION, Store


async def test_a_players_language_is_remembered_changed_and_forgotten(store: Store) -> None:
    assert SCHEMA_VERSION >= 5
    assert await store.player_language("100") is None
    await store.set_player_language("100", "lt")
    await store.set_player_language("200", "ru")
    await store.set_player_language("100", "bg")
    assert await store.player_language("100") == "bg"
    assert await store.player_language("200") == "ru"
    await store.set_player_language("100", None)
    assert await store.player_language("100") is None
    assert await store.player_language("200") == "ru"


async def test_a_servers_language_survives_reopening(store: Store) -> None:
    big_guild = 1_234_567_890_123_456_789  # a snowflake needs 64 bits (BIGINT on PostgreSQL)
    await store.set_server_language(big_guild, "ru")
    await store.set_server_language(big_guild, "lt")
    assert await store.server_language(big_guild) == "lt"
    assert await store.server_language(1) is None
    reopened = await Store.open(store.path)
    try:
        assert await reopened.server_language(big_guild) == "lt"
    finally:
        await reopened.close()
    await store.set_server_language(big_guild, None)
    assert await store.server_language(big_guild) is None
