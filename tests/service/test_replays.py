"""Replays rebuilt from the action log, without Discord: the steps of a finished hand, and
the refusals (a game cancelled before its first hand ended, another server's game)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.service import GameService, Refused

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))
from canasta_table import greedy_move  # noqa: E402


@pytest.fixture
def seed() -> int:
    return 7


async def _dealt(service: GameService) -> int:
    lobby = await service.new_lobby(guild_id=1, channel_id=2, host="1", host_name="Ana",
                                    players=2, seating="join")
    await service.join(lobby.game_id, "2", "Bo")
    await service.start(lobby.game_id, "1")
    return lobby.game_id


async def test_a_game_cancelled_before_its_first_hand_ended_is_refused(
    service: GameService,
) -> None:
    game_id = await _dealt(service)
    game = (await service.live(game_id)).game
    await service.act(game_id, game.turn, greedy_move(game))
    await service.end_table(game_id, "cancelled", "host")
    with pytest.raises(Refused) as refused:
        await service.replay(1, game_id, None, "en")
    assert refused.value.key == "replay.no_hand"
    with pytest.raises(Refused) as refused:
        await service.replay(1, game_id, 1, "en")  # its hand 1 never ended
    assert refused.value.key == "replay.no_hand"
    with pytest.raises(Refused) as refused:
        await service.replay(9, game_id, None, "en")
    assert refused.value.key == "replay.no_game"


async def test_every_move_of_the_hand_is_a_step(service: GameService) -> None:
    game_id = await _dealt(service)
    moves = 0
    while (game := (await service.live(game_id)).game).hand_number == 1:
        await service.act(game_id, game.turn, greedy_move(game))
        moves += 1
    replay = await service.replay(1, game_id, None, "bg")
    assert replay.hand == 1 and len(replay.steps) == moves + 1
    assert replay.steps[0].said == "картите са раздадени."
    assert replay.steps[-1].said.endswith("; раздаването свърши.")
    assert set(replay.steps[0].view["hands_shown"]) == {"Ana", "Bo"}
    dealt = replay.steps[0].view["hands_shown"]
    assert all(len(cards) == 15 for cards in dealt.values()), dealt  # classic, 2 players
