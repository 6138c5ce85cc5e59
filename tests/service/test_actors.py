"""Who made each move is recorded: the person, or the computer standing in for them."""

from __future__ import annotations

from bot.engine import Discard, Draw, Meld
from bot.service import GameService


async def test_a_computer_standing_in_is_recorded_as_its_level(service: GameService) -> None:
    lobby = await service.new_lobby(guild_id=1, channel_id=2, host="1", host_name="Ana",
                                    players=2, seating="join")
    await service.join(lobby.game_id, "2", "Bo")
    await service.start(lobby.game_id, "1")
    game_id = lobby.game_id
    first = (await service.live(game_id)).game.turn
    other = "2" if first == "1" else "1"
    await service.act(game_id, first, Draw())
    await service.leave_table(game_id, other)  # a computer plays the seat from now on
    game = (await service.live(game_id)).game
    while game.turn == first:  # the person ends the turn: discard the last legal card
        legal = [a for a in game.legal_actions(first) if not isinstance(a, Meld)]
        await service.act(game_id, first, next(a for a in legal if isinstance(a, Discard)))
        game = (await service.live(game_id)).game
    step = await service.next_step(game_id)
    assert step is not None and step.kind == "computer" and step.player == other
    await service.take_step(game_id, step)
    actors = await service.store.actors(game_id)
    assert actors[0] == (first, first)
    assert (other, "level:normal") in actors
    assert all(actor == first for seat, actor in actors if seat == first)
