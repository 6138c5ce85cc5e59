"""/hint and the Hint button: privately, the move the hard computer would make now, from the
asking player's own view; refused where the host turned hints off, out of turn, or when the
computers' pool is busy; counted by /stats; the table itself never changes."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord
from canasta_table import Table, open_mixed_table, open_table, set_position

from bot.engine import AnswerGoOut, Game, action_from_dict, variant

# ------------------------------------------------------------------ helpers


def shown(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The last thing the bot said in answer (the reply, or the follow-up after a defer)."""
    said = ([result.response] if result.response is not None else []) + result.followups
    assert said, result
    return said[-1]


class Hints:
    """What the computers' pool was asked for hints, and what it answered."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[tuple[Any, ...]] = []
        self.answers: list[dict[str, Any]] = []
        thinker = table.bot.service.thinker
        think_now = thinker.think_now

        async def recorded(name: str, *args: Any) -> Any:
            answer = await think_now(name, *args)
            if name == "hint_move":
                self.asked.append(args)
                self.answers.append(answer)
            return answer

        monkeypatch.setattr(thinker, "think_now", recorded)


async def stored(table: Table) -> tuple[int, Any, int]:
    """The game as stored: its version, its snapshot, its number of actions."""
    record = await table.bot.store.game(table.game_id)
    assert record is not None
    return record.version, record.snapshot, await table.actions()


def turn_message(table: Table, player: str) -> Any:
    return table.member(player).user.dm_channel.history()[-1]


def labels(message: Any) -> list[str]:
    return [c.label for row in message.components for c in row.children]


# ------------------------------------------------------------------ tests


async def test_a_hint_is_a_legal_move_answered_privately_and_changes_nothing(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await open_table(simcord_env, hints="on")
    assert "Hints (/hint): on." in table.lobby.content
    hints = Hints(table, monkeypatch)
    for _ in range(2):  # the draw, then the melds and the discard
        game = await table.game()
        player = game.turn
        assert player is not None
        before = await stored(table)
        asked = await table.member(player).slash(table.thread, "hint")
        answer = shown(asked)
        assert asked.ephemeral and answer.content.startswith("**Hint** (the hard computer's move):")
        assert await stored(table) == before  # the game is as it was
        action = action_from_dict(hints.answers[-1]["action"])
        Game.from_dict(game.to_dict()).apply(player, action)  # legal for that player now
        assert hints.asked[-1][0] == game.view(player)  # the seat's own view, nothing else
        # Following the hint is a move the table accepts.
        await table.bot.service.act(table.game_id, player, action)


async def test_the_hint_button_answers_like_the_command(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await open_table(simcord_env, hints="on")
    player = (await table.game()).turn
    assert player is not None
    panel = turn_message(table, player)
    assert "Hint" in labels(panel)
    clicked = await table.member(player).user.click(panel, label="Hint")
    typed = await table.member(player).slash(table.thread, "hint")
    assert clicked.ephemeral and typed.ephemeral
    assert shown(clicked).content == shown(typed).content
    assert shown(clicked).content.startswith("**Hint**")
    # Anyone else asking now is refused, privately.
    other = next(p for p in table.by_id if p != player)
    refused = await table.member(other).slash(table.thread, "hint")
    assert refused.ephemeral and "on your own turn" in shown(refused).content


async def test_refused_where_the_host_turned_hints_off(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, hints="off")
    assert "Hints (/hint): off." in table.channel.history()[0].content
    player = (await table.game()).turn
    assert player is not None
    assert "Hint" not in labels(turn_message(table, player))
    before = await stored(table)
    asked = await table.member(player).slash(table.thread, "hint")
    assert asked.ephemeral and "turned hints off" in shown(asked).content
    assert await stored(table) == before


async def test_auto_means_on_when_a_computer_plays(simcord_env: simcord.Env) -> None:
    people = await open_table(simcord_env)  # auto, the default; four people
    lobby = people.channel.history()[0].content
    assert "Hints (/hint): off." in lobby  # what auto came to at the Start
    player = (await people.game()).turn
    asked = await people.member(player).slash(people.thread, "hint")
    assert asked.ephemeral and "no computer plays" in shown(asked).content

    mixed = await open_mixed_table(simcord_env, ["human", "hard"], start=False)
    assert "Hints (/hint): on if a computer plays." in mixed.channel.history()[0].content
    started = await mixed.members[0].click(mixed.channel.history()[0], label="Start")
    assert started.acknowledged
    assert "Hints (/hint): on." in mixed.channel.history()[0].content
    ana = str(mixed.members[0].id)
    assert (await mixed.game()).turn == ana
    asked = await mixed.members[0].slash(mixed.thread, "hint")
    assert shown(asked).content.startswith("**Hint**")


async def test_the_hint_sees_only_the_players_own_view(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Other hands dealt again (the stock too): the hint's input and answer stay the same."""
    table = await open_table(simcord_env, hints="on")
    hints = Hints(table, monkeypatch)
    game = await table.game()
    player = game.turn
    assert player is not None
    first = shown(await table.member(player).slash(table.thread, "hint")).content

    def dealt_again(players: list[str]) -> Game:
        d = game.to_dict()
        others = [p for p in players if p != player]
        pool = [c for p in others for c in d["hands"][p].split()]
        stock = d["stock"].split()
        pool += [c for c in stock if c not in ("3H", "3D")]
        random.Random(5).shuffle(pool)
        for p in others:
            n = len(d["hands"][p].split())
            d["hands"][p], pool = " ".join(pool[:n]), pool[n:]
        d["stock"] = " ".join(pool + [c for c in stock if c in ("3H", "3D")])
        return Game.from_dict(d)

    other = await set_position(table, dealt_again)
    assert other.to_dict()["hands"] != game.to_dict()["hands"]
    again = shown(await table.member(player).slash(table.thread, "hint")).content
    assert hints.asked[1] == hints.asked[0]  # the same view, seed and samples
    assert hints.answers[1] == hints.answers[0] and again == first


async def test_the_same_hint_whoever_else_sits_at_the_table(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two tables dealt from the same seed: Ana with three people, another Ana with three
    computers. Her first hint is the same at both (the seed comes from the game's seed, the
    actions so far and her seat, never from who the others are)."""
    people = await open_table(simcord_env, hints="on")
    computers = await open_mixed_table(simcord_env, ["human", "hard", "normal", "easy"],
                                       hints="on")
    assert (await people.game()).turn == str(people.members[0].id)
    assert (await computers.game()).turn == str(computers.members[0].id)
    hints = Hints(people, monkeypatch)
    one = shown(await people.members[0].slash(people.thread, "hint")).content
    two = shown(await computers.members[0].slash(computers.thread, "hint")).content
    assert one == two and one.startswith("**Hint**")
    assert len(hints.answers) == 2 and hints.answers[0] == hints.answers[1]
    assert hints.asked[0][1:] == hints.asked[1][1:]  # the same seed and samples


async def test_the_partner_asked_may_i_go_out_gets_a_hint(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, hints="on")
    ana, bo, cy, _ = (str(m.id) for m in table.members)

    def ready_to_go_out(players: list[str]) -> Game:
        a, b, c, d = players
        return Game.from_position(
            variant("classic", 4), players,
            hands={a: "8h 8s 8c 9s 9d 9c jd", b: "4h 5h 6h 7h 9h 10h",
                   c: "4h 4s 5c 5d 6h 6s 7h", d: "4h 5h 6h 7h 9h 10h"},
            stock=" ".join(["4c", "5d", "6h", "7s", "8c", "9d"] * 5), discard="4c",
            melds={0: ["ac ad ah as 2c 2d jk", "kh ks kd"]}, turn=a, phase="play")

    await set_position(table, ready_to_go_out)
    asked = await table.member(ana).slash(table.thread, "goout")
    assert asked.ephemeral
    assert (await table.game()).phase == "permission"
    prompt = next(m for m in reversed(table.thread.history()) if m.components)
    assert labels(prompt) == ["Yes", "No", "Hint"]
    before = await stored(table)

    partner = await table.member(cy).slash(table.thread, "hint")
    text = shown(partner).content
    assert partner.ephemeral and text.startswith("**Hint** (the hard computer's move): ")
    assert text.split(": ", 1)[1].split("\n")[0] in ("Yes", "No")
    clicked = await table.member(cy).click(prompt, label="Hint")
    assert clicked.ephemeral and shown(clicked).content == text
    # The asker waits, the opponents are not asked: both are refused.
    for who in (ana, bo):
        refused = await table.member(who).click(prompt, label="Hint")
        assert refused.ephemeral and "may I go out?" in shown(refused).content
    assert await stored(table) == before
    answer = AnswerGoOut(yes=text.split(": ", 1)[1].startswith("Yes"))
    await table.bot.service.act(table.game_id, cy, answer)  # the hint is a legal answer


async def test_a_busy_pool_says_so(simcord_env: simcord.Env,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    table = await open_table(simcord_env, hints="on")
    player = (await table.game()).turn
    thinker = table.bot.service.thinker
    monkeypatch.setattr(thinker, "busy", thinker.queue)  # every place in the queue taken
    asked = await table.member(player).slash(table.thread, "hint")
    assert asked.ephemeral and "busy" in shown(asked).content and "again" in shown(asked).content
    monkeypatch.setattr(thinker, "busy", 0)
    again = await table.member(player).slash(table.thread, "hint")
    assert shown(again).content.startswith("**Hint**")


async def test_stats_count_the_hints_taken(simcord_env: simcord.Env) -> None:
    table = await open_table(simcord_env, hints="on")
    player = (await table.game()).turn
    assert player is not None
    member = table.member(player)
    for _ in range(2):
        await member.slash(table.thread, "hint")
    await table.member(next(p for p in table.by_id if p != player)).slash(table.thread, "hint")
    stats = await member.slash(table.channel, "stats")
    assert "Hints taken: 2." in shown(stats).content
    other = next(p for p in table.by_id if p != player)
    theirs = await table.member(other).slash(table.channel, "stats")
    assert "Hints taken" not in shown(theirs).content  # a refused hint is not one taken


async def test_the_answer_in_the_players_language(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await open_table(simcord_env, hints="on")
    player = (await table.game()).turn
    member = table.member(player)
    await member.slash(table.channel, "language", language="ru")
    hints = Hints(table, monkeypatch)
    text = shown(await member.slash(table.thread, "hint")).content
    assert text.startswith("**Подсказка** (ход компьютера сложного уровня): ")
    assert not any(word in text for word in ("Hint", "Take", "Draw", "Discard"))
    assert isinstance(hints.answers[0]["reason"], str)



async def test_a_failed_search_is_told_privately_and_changes_nothing(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await open_table(simcord_env, hints="on")
    player = (await table.game()).turn

    async def broken(name: str, *args: Any) -> Any:
        raise RuntimeError("a thinking process died")

    monkeypatch.setattr(table.bot.service.thinker, "think_now", broken)
    before = await stored(table)
    asked = await table.member(player).slash(table.thread, "hint")
    assert asked.ephemeral and "Something went wrong" in shown(asked).content
    assert await stored(table) == before
    stats = await table.member(player).slash(table.channel, "stats")
    assert "Hints taken" not in shown(stats).content
