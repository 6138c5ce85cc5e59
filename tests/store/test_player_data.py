"""Players' data on both backends: what is stored about a person, forgetting them (a
stable pseudonym in the games, settings and statistics gone), a server's data deleted
after it removed the bot, and finished games' snapshots and logs pruned (results and
statistics kept)."""

from __future__ import annotations

from bot.store import (
    SCHEMA_VERSION,
    ActionCommit,
    HandResultRecord,
    Seat,
    StatsDelta,
    Store,
)


async def _finished(store: Store, guild: int = 1, host: str = "100", other: str = "200"
                    ) -> int:
    """A game Ana (100) won against Bo (200): one move, a hand's results and statistics."""
    game_id = await store.create_game(guild_id=guild, channel_id=2, host=host,
                                      host_name="Ana", variant="classic",
                                      options={"players": 2}, seed=5)
    await store.add_seat(game_id, other, "Bo")
    await store.start_game(game_id, [Seat(0, host, "Ana", 0), Seat(1, other, "Bo", 1)],
                           {"turn": host, "order": [host, other]})
    await store.commit_action(ActionCommit(
        game_id=game_id, expected_version=0, player=host,
        action={"kind": "discard", "by": host}, snapshot={"turn": other,
                                                         "order": [host, other]},
        status="over", winner=0,
        hand_results=[HandResultRecord(1, 0, 500, {"went_out": host}),
                      HandResultRecord(1, 1, 100, {})],
        stats=[StatsDelta(host, "Ana", games=1, wins=1, hands=1, hand_points=500),
               StatsDelta(other, "Bo", games=1, hands=1, hand_points=100)],
        guild_id=guild))
    return game_id


async def test_the_schema_has_the_new_migration(store: Store) -> None:
    assert await store.schema_version() == SCHEMA_VERSION


async def test_what_is_stored_about_a_person_and_forgetting_it(store: Store) -> None:
    game = await _finished(store)
    await store.set_player_language("100", "bg")
    await store.note_dm_closed("100")
    about = await store.stored_about("100")
    assert (about.games, about.seats, about.settings, about.statistics, about.actions) == (
        1, 1, 2, 1, 1)
    assert await store.open_seat("100") is None

    await store.forget_player("100", "-42", "Player 4F2A")

    assert (await store.stored_about("100")).nothing
    assert await store.player_language("100") is None
    assert await store.player_stats(1, "100") is None
    seats = await store.seats(game)
    assert [(s.player, s.name) for s in seats] == [("-42", "Player 4F2A"), ("200", "Bo")]
    assert seats[0].away and seats[0].level == "normal"  # a computer, should it replay
    record = await store.game(game)
    assert record is not None and record.host == "-42"
    assert record.snapshot == {"turn": "200", "order": ["-42", "200"]}
    [action] = await store.actions(game)
    assert action.player == "-42" and action.action == {"kind": "discard", "by": "-42"}
    results = await store.hand_results(game)
    assert {"went_out": "-42"} in [r.breakdown for r in results]
    assert (await store.player_stats(1, "200")) is not None  # Bo's stay
    about = await store.stored_about("-42")
    assert (about.games, about.seats, about.statistics) == (1, 1, 0)


async def test_an_open_table_is_found(store: Store) -> None:
    lobby = await store.create_game(guild_id=1, channel_id=2, host="100", host_name="Ana",
                                    variant="classic", options={"players": 2}, seed=5)
    await store.add_seat(lobby, "300", "Cy")
    assert await store.open_seat("300") == (lobby, "lobby")
    assert await store.open_seat("100") == (lobby, "lobby")


async def test_a_server_that_removed_the_bot_is_deleted_after_the_grace(store: Store) -> None:
    gone, staying = await _finished(store, guild=1), await _finished(store, guild=9)
    await store.set_server_language(1, "lt")
    await store.left_guild(1, at=1000.0)
    await store.left_guild(1, at=2000.0)  # the first departure counts
    assert await store.guild_left_at(1) == 1000.0
    assert await store.guild_data_due(999.0) == []
    assert await store.guild_data_due(1000.0) == [1]

    # Back within the grace: nothing is due any more.
    assert await store.rejoined_guild(1) is True
    assert await store.guild_data_due(10**12) == []
    await store.left_guild(1, at=3000.0)

    assert await store.delete_guild_data(1) == 1
    assert await store.game(gone) is None and await store.seats(gone) == []
    assert await store.actions(gone) == [] and await store.hand_results(gone) == []
    assert await store.player_stats(1, "100") is None
    assert await store.server_language(1) is None
    assert await store.guild_data_due(10**12) == []
    assert await store.game(staying) is not None
    assert await store.player_stats(9, "100") is not None


async def test_finished_games_are_pruned_keeping_results_and_statistics(store: Store) -> None:
    old = await _finished(store)
    lobby = await store.create_game(guild_id=1, channel_id=2, host="100", host_name="Ana",
                                    variant="classic", options={"players": 2}, seed=5)
    ended = (await store.game(old)).updated_at  # type: ignore[union-attr]
    assert await store.prune_finished(ended - 1, at=ended + 5) == []
    assert await store.prune_finished(ended + 1, at=ended + 5) == [old]
    assert await store.prune_finished(ended + 1, at=ended + 6) == []  # once
    record = await store.game(old)
    assert record is not None and record.snapshot is None and record.status == "over"
    assert await store.actions(old) == []
    assert len(await store.hand_results(old)) == 2
    assert len(await store.seats(old)) == 2
    ana = await store.player_stats(1, "100")
    assert ana is not None and (ana.games, ana.wins, ana.hand_points) == (1, 1, 500)
    assert (await store.game(lobby)) is not None  # an open table is never pruned
