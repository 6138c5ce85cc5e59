"""GameService without Discord: the lock, apply-on-a-copy, all-or-nothing commits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.engine import Discard, Draw
from bot.service import GameService, Refused
from bot.service.card_input import CardInputError, complete, parse_groups
from bot.service.narrate import Narrator
from bot.store import Store


async def started(service: GameService, players: int = 4) -> int:
    lobby = await service.new_lobby(guild_id=1, channel_id=2, host="1", host_name="Ana",
                                    players=players, seating="join")
    for i in range(2, players + 1):
        await service.join(lobby.game_id, str(i), f"P{i}")
    await service.start(lobby.game_id, "1")
    return lobby.game_id


async def test_an_accepted_action_is_committed_with_its_snapshot(service: GameService) -> None:
    game_id = await started(service)
    outcome = await service.act(game_id, "1", Draw())
    assert outcome.hands_changed == ["1"] and outcome.version == 1
    record = await service.store.game(game_id)
    live = await service.live(game_id)
    assert record is not None and record.snapshot == live.game.to_dict()
    [action] = await service.store.actions(game_id)
    assert action.player == "1" and action.action["kind"] == "draw"


async def test_a_refused_move_changes_nothing(service: GameService) -> None:
    game_id = await started(service)
    before = (await service.live(game_id)).game.to_dict()
    with pytest.raises(Refused, match="P2|turn"):
        await service.act(game_id, "2", Draw())
    with pytest.raises(Refused):
        await service.act(game_id, "1", Discard("JK"))
    with pytest.raises(Refused, match="not playing"):
        await service.act(game_id, "99", Draw())
    assert (await service.live(game_id)).game.to_dict() == before
    assert await service.store.actions(game_id) == []


async def test_a_failed_write_leaves_the_game_unchanged(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await started(service)
    before = (await service.live(game_id)).game.to_dict()

    async def broken(commit: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(service.store, "commit_action", broken)
    with pytest.raises(OSError):
        await service.act(game_id, "1", Draw())
    monkeypatch.undo()
    assert (await service.live(game_id)).game.to_dict() == before
    assert (await service.store.game(game_id)).version == 0  # type: ignore[union-attr]
    # ...and the game goes on from exactly there.
    assert (await service.act(game_id, "1", Draw())).version == 1


async def test_simultaneous_actions_are_serialized(service: GameService) -> None:
    game_id = await started(service)
    results = await asyncio.gather(
        *(service.act(game_id, "1", Draw()) for _ in range(5)), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, Refused) for r in results if isinstance(r, Exception))
    assert len(await service.store.actions(game_id)) == 1


async def test_a_second_service_sees_the_same_game(tmp_path: Path) -> None:
    path = str(tmp_path / "twice.sqlite3")
    store = await Store.open(path)
    first = GameService(store, seed=9)
    game_id = await started(first)
    await first.act(game_id, "1", Draw())
    snapshot = (await first.live(game_id)).game.to_dict()
    await store.close()
    store = await Store.open(path)
    try:
        again = GameService(store, seed=9)
        assert (await again.live(game_id)).game.to_dict() == snapshot
    finally:
        await store.close()


def test_rank_shorthand_picks_from_the_hand() -> None:
    hand = ["7H", "7D", "7S", "QC", "QD", "2D", "JK", "KH", "10S", "10D", "3C"]
    assert parse_groups("777 QQ2", hand) == ([["7D", "7H", "7S"], ["QC", "QD", "2D"]], {})
    assert parse_groups("7h 7d 7s, qc qd 2d", hand) == (
        [["7H", "7D", "7S"], ["QC", "QD", "2D"]], {})
    assert parse_groups("tt *", hand) == ([["10D", "10S"], ["JK"]], {})
    assert parse_groups("k: jk", hand) == ([], {"K": ["JK"]})
    assert parse_groups("10 10 2", hand) == ([["10D", "10S", "2D"]], {})
    for bad in ("zz", "8888", "", "7777"):
        with pytest.raises(CardInputError):
            parse_groups(bad, hand)


def test_autocomplete_offers_cards_still_in_hand() -> None:
    hand = ["7H", "7D", "QS"]
    assert complete("", hand) == ["7D", "7H", "QS"]
    assert complete("7h 7", hand) == ["7h 7D"]
    assert complete("q", hand) == ["QS"]


def test_summaries_name_people_and_sides() -> None:
    narrator = Narrator({"1": "Ana", "2": "Bo"}, ["Ana & Cy", "Bo & Di"])
    assert narrator.summary([
        {"type": "take_pile", "player": "1", "top": "8D", "cards": ["8H", "8S"], "size": 14},
    ]) == "Ana took the pile (14 cards) with 8♥ 8♠ on the 8♦."
    assert narrator.summary([
        {"type": "meld", "player": "1", "groups": [["4C", "4H", "4S"]],
         "add": {"J": ["JC"], "10": ["2D"]}},
    ]) == "Ana melded 4♣ 4♥ 4♠, J♣ on the jacks, 2♦ on the tens."
    assert narrator.summary([
        {"type": "canasta", "team": 1, "player": "2", "rank": "K", "natural": True},
    ]) == "Bo & Di completed a natural canasta of kings."
    assert narrator.summary([{"type": "draw", "player": "2", "count": 1, "cards": ["5D"]}]) \
        == "Bo drew a card."
