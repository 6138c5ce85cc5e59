"""Several processes, one truth: a move is judged on the game as stored, whichever process
applies it, and the game's owner hears of moves made elsewhere.

Discord sends every direct-message interaction (the turn messages' controls) to shard 0's
process, whichever server the game is in (simcord too: a bot running shard 1 alone never
receives a click in a DM). In most tests here the owner is a bot running shard 1 of 2 (on
simcord), and "shard 0's process" is a second `GameService` with a store of its own over
the same PostgreSQL database, applying moves as the DM clicks it receives would. The last
test turns it around: the simcord bot is the process that receives the click (its service
owns shard 0 only) and a second service with its autopilot is the game's owner.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import simcord
from canasta_table import SEED, live_table, open_mixed_table, open_table, posts

from bot import create_bot
from bot.discord_ui.client import CanastaBot
from bot.engine import Discard, Draw, Game
from bot.service import Autopilot, GameService, Notice, Refused
from bot.service.live_game import turn_token
from bot.store import Shards, Store

OWNER, ELSEWHERE = 1, 0  # the game's server is on shard 1; DMs go to shard 0's process
HEARD_WITHIN = 5.0  # seconds


@pytest.fixture
async def simcord_bot(postgres_url: str) -> AsyncIterator[CanastaBot]:
    """The owner: the bot running shard 1 of 2 (`simcord_env` runs it)."""
    bot = create_bot(postgres_url, seed=SEED, ai_delay=0, shard_count=2, shard_ids=(OWNER,))
    try:
        yield bot
    finally:
        await bot.close_store()


@pytest.fixture
def owner(simcord_env: simcord.Env) -> simcord.Env:
    return simcord_env


@pytest.fixture
async def shard_0(postgres_url: str) -> AsyncIterator[GameService]:
    """Shard 0's process: its own store (connections, listener) and service."""
    store = await Store.open(postgres_url)
    try:
        yield GameService(store, seed=SEED, shards=Shards(2, frozenset({ELSEWHERE})))
    finally:
        await store.close()


async def _until(check: Callable[[], Awaitable[bool]], within: float = HEARD_WITHIN) -> float:
    """Wait (real time) until `check` holds; return the seconds it took."""
    start = time.monotonic()
    while not await check():
        assert time.monotonic() - start < within, f"not within {within} s"
        await asyncio.sleep(0.02)
    return time.monotonic() - start


def _a_discard(game: Game, player: str) -> Discard:
    return next(a for a in game.legal_actions(player) if isinstance(a, Discard))


async def test_a_move_applied_elsewhere_is_seen_by_the_owner(
    owner: simcord.Env, shard_0: GameService,
) -> None:
    table = await open_table(owner, shard_id=OWNER)
    game = await table.game()  # the owner holds the game in memory
    player = game.turn
    await shard_0.act(table.game_id, player, Draw())  # a click on the DM panel

    # The owner judges on the stored game: drawing again is refused by the rule...
    again = await table.member(player).slash(table.thread, "draw")
    assert again.response is not None
    assert again.response.content.startswith("Not allowed: you have already drawn"), \
        again.response.content
    # ...and the player's next move, a discard, is accepted.
    card = _a_discard((await table.game()), player).card
    done = await table.member(player).slash(table.thread, "discard", card=card)
    assert done.response is not None and done.response.content.startswith("Done."), \
        done.response.content
    assert await table.actions() == 2
    # A truly illegal move is refused with the rule's reason, never "the game moved on".
    late = await table.member(player).slash(table.thread, "discard", card=card)
    assert late.response is not None and "moved on" not in late.response.content
    assert late.response.content.startswith("Not allowed: it is"), late.response.content


async def test_a_turn_played_elsewhere_is_not_counted_as_missed(
    owner: simcord.Env, shard_0: GameService,
) -> None:
    table = await open_table(owner, players=2, timer=1, shard_id=OWNER)
    ana = (await table.game()).turn
    await owner.advance_time(10)
    await shard_0.act(table.game_id, ana, Draw())
    after_draw = await shard_0.live(table.game_id)
    await shard_0.act(table.game_id, ana, _a_discard(after_draw.game, ana))
    bo = (await shard_0.live(table.game_id)).game.turn
    assert bo != ana

    async def timed_for_bo() -> bool:
        deadline = await table.bot.store.deadline(table.game_id)
        return deadline is not None and deadline.player == bo

    await _until(timed_for_bo)  # the owner heard, and its timer runs for Bo now
    await owner.advance_time(55)  # past Ana's old deadline (60 s), before Bo's runs out
    seats = {s.player: s for s in await table.bot.store.seats(table.game_id)}
    assert seats[ana].missed == 0
    said = posts(table)
    assert not any(line.startswith((f"<@{ana}>, it is your turn", "Time ran out"))
                   for line in said), said
    assert any(line.startswith(f"<@{bo}>, it is your turn") for line in said), said
    assert await table.actions() == 2


async def test_a_move_elsewhere_that_passes_to_a_computer_is_followed_by_the_owner(
    owner: simcord.Env, shard_0: GameService,
) -> None:
    table = await open_mixed_table(owner, ["human", "normal"], timer=1, shard_id=OWNER)
    ana = str(table.members[0].id)
    assert (await table.game()).turn == ana
    # Shard 0's autopilot hears the same notices, but runs no timer or computer of a game
    # that is not its own.
    told: list[Notice] = []

    async def publish(notice: Notice) -> None:
        told.append(notice)

    elsewhere = Autopilot(shard_0, publish, ai_delay=0)
    await elsewhere.follow()
    try:
        await shard_0.act(table.game_id, ana, Draw())
        game = (await shard_0.live(table.game_id)).game
        discard = _a_discard(game, ana)
        elsewhere.kick(table.game_id)  # what the click's handler does after a move
        await shard_0.act(table.game_id, ana, discard)
        elsewhere.kick(table.game_id)
        moved = await table.actions()

        async def computer_moved() -> bool:
            actions = await table.bot.store.actions(table.game_id)
            return len(actions) > moved and actions[-1].player != ana

        took = await _until(computer_moved)
        print(f"the owner played the computer's turn {took:.2f} s after the move elsewhere")
        await elsewhere.idle()
        assert told == [] and elsewhere.tables == set()
    finally:
        await elsewhere.close()
    await owner.settle()
    await table.bot.autopilot.idle()
    game = await table.game()
    if game.hand_number == 1 and game.turn == ana:  # the owner times Ana's turn again
        deadline = await shard_0.store.deadline(table.game_id)
        assert deadline is not None and deadline.player == ana
    # The live table's log of the last moves is stored: every process reads the same one.
    shown = [line.removeprefix("• ") for line in live_table(table.thread).content.split("\n")
             if line.startswith("• ")]
    assert shown and shown == await shard_0.store.table_lines(table.game_id)
    assert any("Computer" in line for line in shown), shown


async def test_a_seat_the_owner_handed_to_a_computer_refuses_a_dm_click(
    owner: simcord.Env, shard_0: GameService,
) -> None:
    table = await open_mixed_table(owner, ["human", "normal"], timer=1, shard_id=OWNER)
    ana = str(table.members[0].id)
    held = await shard_0.live(table.game_id)  # shard 0 held the game from an earlier click
    token = turn_token(held.game)
    for _ in range(3):
        await owner.advance_time(60)  # the owner's timer takes Ana's turn, three times
    seat = next(s for s in await table.bot.store.seats(table.game_id) if s.player == ana)
    assert seat.is_ai  # the seat is the computer's now (the table waits for a person)
    before = await table.actions()
    with pytest.raises(Refused) as refused:
        await shard_0.act(table.game_id, ana, Draw(), turn=token)
    assert refused.value.key == "reply.computer_has_seat", refused.value
    assert await table.actions() == before



async def test_a_copy_is_trusted_only_while_its_owner_hears(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The owner judges on the copy it holds while it hears every change; when its
    listening connection drops, it reads the stored game again until it hears again."""
    import asyncpg

    from bench.store_load import _started_table
    from bot.store import postgres_db

    monkeypatch.setattr(postgres_db, "LISTEN_RETRY", 2.0)
    mine, theirs = await Store.open(postgres_url), await Store.open(postgres_url)
    try:
        owner, other = GameService(mine, seed=SEED), GameService(theirs, seed=SEED)
        game_id = await _started_table(owner, 1 << 22, 9, "p", timer=0)
        kicked: list[int | None] = []
        await owner.follow(kicked.append)
        player = (await owner.live(game_id)).game.turn
        await other.act(game_id, player, Draw())
        await _until(lambda: _true(game_id in kicked))
        assert (await owner.live(game_id)).version == 1  # the copy was dropped: reloaded

        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE query LIKE 'LISTEN%'")
        finally:
            await admin.close()
        await _until(lambda: _true(not mine.hearing))
        game = (await owner.live(game_id)).game
        await other.act(game_id, player, _a_discard(game, player))  # unheard
        assert (await owner.live(game_id)).version == 2  # read again, not trusted
        await _until(lambda: _true(mine.hearing and None in kicked))
    finally:
        await mine.close()
        await theirs.close()


async def _true(value: bool) -> bool:
    return value


async def test_a_click_on_a_turn_message_in_a_process_that_does_not_own_the_game(
    postgres_url: str,
) -> None:
    """The whole way of a DM click that reaches shard 0's process. Discord (and simcord)
    deliver interactions without a server to shard 0 alone: the bot here runs shards 0 and
    1, so that it can also open the table, and its service owns shard 0 only, so the game
    (its server on shard 1) is not its own; a second service with its autopilot is the
    owner. The click is applied and shown where it arrived; the owner plays the computer."""
    import discord
    from test_table_flow import custom_id, options, turn_message

    clicks = create_bot(postgres_url, seed=SEED, ai_delay=0, shard_count=2,
                        shard_ids=(ELSEWHERE, OWNER))
    store = await Store.open(postgres_url)
    told: list[Notice] = []

    async def publish(notice: Notice) -> None:
        told.append(notice)

    real_owner = GameService(store, seed=SEED, shards=Shards(2, frozenset({OWNER})),
                             clock=lambda: discord.utils.utcnow().timestamp())
    pilot = Autopilot(real_owner, publish, ai_delay=0)
    try:
        async with simcord.run(clicks) as env:
            table = await open_mixed_table(env, ["human", "normal"], timer=1,
                                           shard_id=OWNER)
            clicks.service.shards = Shards(2, frozenset({ELSEWHERE}))  # not its game now
            await pilot.follow()
            ana = table.members[0]
            drawn = await ana.user.click(turn_message(table, ana), label="Draw")
            assert drawn.acknowledged and (drawn.response is None or not
                                           drawn.response.content.startswith("Not allowed"))
            panel = turn_message(table, ana)
            card = options(panel, "discard")[-1]
            done = await ana.user.select(panel, [card], custom_id=custom_id(panel, "discard"))
            assert done.acknowledged and (done.response is None or not
                                          done.response.content.startswith("Not allowed"))
            assert not turn_message(table, ana).components  # the turn message is closed

            async def the_owner_played() -> bool:
                return any(n.kind == "computer" for n in told)

            took = await _until(the_owner_played)
            print(f"the owner played the computer's turn {took:.2f} s after the click")
            await env.settle()
            assert clicks.autopilot.tables == set()  # the clicking process ran no computer
            # Shown where it arrived: the live table's log (stored, the same for every
            # process) has Ana's moves, and no computer's move was played or told here.
            lines = await store.table_lines(table.game_id)
            assert any(line.startswith("Ana discarded") for line in lines), lines
            shown = [line.removeprefix("• ") for line
                     in live_table(table.thread).content.split("\n") if line.startswith("• ")]
            assert shown == lines and all(line.startswith("Ana ") for line in shown), shown
    finally:
        await pilot.close()
        await store.close()
        await clicks.close_store()
