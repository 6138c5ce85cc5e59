"""Samba and Bolivia hands played to the score sheet through slash commands (issue 11): a
sequence typed in shorthand grows into a samba / escalera, a wild meld into a bolivia, and
the hand's sheet counts each canasta at its variant's value."""

from __future__ import annotations

import simcord
from canasta_table import Table, open_table, set_position
from test_play import assert_accepted

from bot.engine import Game, variant


async def _hand_over(table: Table) -> str:
    thread = table.thread.history()
    sheet = next(m for m in thread if m.content.startswith("Hand 1 is over"))
    assert sheet.attachments and sheet.attachments[0].filename == "scores.png"
    return sheet.content


async def test_a_samba_hand_to_the_score_sheet_with_a_sequence_in_shorthand(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, variant="samba", timer=0)
    ana_id = str(table.members[0].id)

    def position(players: list[str]) -> Game:
        ana, bo = players
        return Game.from_position(
            variant("samba", 2), players, turn=ana, melded_players=[ana],
            hands={ana: "4s 5s 6s 7s qc qd 8c", bo: "4d 9d 9c 10c jd kd ad 3c"},
            melds={players.index(ana): ["kh kd ks kc kh kd ks", "5h 6h 7h 8h 9h 10h"]},
            stock="jh qs 4h 4c 5c 5d 6c 6d 7c 7d 8d 8h 9h 9s", discard="6h")

    await set_position(table, position)
    ana = table.member(ana_id)
    assert_accepted(await ana.slash(table.thread, "draw"))
    assert sorted(c.text for c in (await table.game()).hand(ana_id))[-2:] == ["QD", "QS"]
    # the shorthand proposes the sequence, and /meld reads it: 4-7 of spades, the queens,
    # and the jack of hearts onto the run of hearts, which makes it a samba
    offered = await ana.autocomplete(table.thread, "meld", "groups", "4-7s")
    assert offered and all("4S 5S 6S 7S" in c["value"] for c in offered), offered
    assert_accepted(await ana.slash(table.thread, "meld", groups="4-7s, qqq, seq: jh"))
    game = await table.game()
    team = game.team_of(ana_id)
    assert [c.text for c in game.melds(team)[1]] == ["5H", "6H", "7H", "8H", "9H", "10H",
                                                     "JH"]
    assert [c.text for c in game.melds(team)[2]] == ["4S", "5S", "6S", "7S"]
    assert game.view(ana_id)["teams"][team]["melds"][1]["canasta"] == "samba"
    assert_accepted(await ana.slash(table.thread, "discard", card="8c"))  # going out
    sheet = await _hand_over(table)
    assert "went out" in sheet
    result = (await table.game()).results[0]
    # kings 70, hearts 5-J 55, spades 4-7 20, queens 30; kings 500 + the samba 1500
    assert result.breakdown[team] == {"melded": 175, "canastas": 2000, "red_threes": 0,
                                      "going_out": 200, "in_hand": 0, "penalties": 0}
    assert result.breakdown[1 - team]["in_hand"] == -80  # a black three is 5 in Samba
    stored = await table.bot.store.hand_results(table.game_id)
    assert [r.total for r in stored] == list(result.total)


async def test_a_bolivia_hand_with_an_escalera_and_a_bolivia_to_the_score_sheet(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, variant="bolivia", timer=0)
    ana_id = str(table.members[0].id)

    def position(players: list[str]) -> Game:
        ana, bo = players
        return Game.from_position(
            variant("bolivia", 2), players, turn=ana, melded_players=[ana],
            hands={ana: "2h jk 4s 5s 6s qc qd 8c", bo: "4d 9d 9c 10c jd kd ad 3c"},
            melds={players.index(ana): ["kh kd ks kc kh kd ks", "5h 6h 7h 8h 9h 10h",
                                        "2c 2d 2s jk jk"]},
            stock="jh qs 4h 4c 5c 5d 6c 6d 7c 7d 8d 8h 9h 9s", discard="6h")

    await set_position(table, position)
    ana = table.member(ana_id)
    assert_accepted(await ana.slash(table.thread, "draw"))
    # the wild meld becomes a bolivia, the hearts an escalera, the spades typed suit first
    offered = await ana.autocomplete(table.thread, "meld", "groups", "jk")
    assert any(c["value"].startswith("wild:") or "wild:" in c["value"] for c in offered), \
        offered
    assert_accepted(await ana.slash(table.thread, "meld",
                                    groups="wild: 2h jk, seq: jh, s4-6, qqq"))
    game = await table.game()
    team = game.team_of(ana_id)
    kinds = [m["canasta"] for m in game.view(ana_id)["teams"][team]["melds"]]
    assert kinds == ["natural", "escalera", "bolivia", None, None]
    assert_accepted(await ana.slash(table.thread, "discard", card="8c"))  # going out
    sheet = await _hand_over(table)
    assert "went out" in sheet
    result = (await table.game()).results[0]
    # kings 70, hearts 5-J 55, wilds 4x20 + 3x50, spades 4-6 15, queens 30; 500 + 1500
    # + 2500 for the canastas; Bo's hand 4+9+9+10+J+K+A = 75 and his black three -100
    assert result.breakdown[team] == {"melded": 400, "canastas": 4500, "red_threes": 0,
                                      "going_out": 200, "in_hand": 0, "penalties": 0}
    assert result.breakdown[1 - team]["in_hand"] == -175
    assert list(result.total) == ([5100, -175] if team == 0 else [-175, 5100])


async def test_two_melds_of_kings_combined_with_meld_k_plus_k2(
    simcord_env: simcord.Env,
) -> None:
    table = await open_table(simcord_env, players=2, variant="samba", timer=0)
    ana_id = str(table.members[0].id)

    def position(players: list[str]) -> Game:
        ana, bo = players
        return Game.from_position(
            variant("samba", 2), players, turn=ana, melded_players=[ana],
            hands={ana: "kc 5h 6h 9s 9d 4c", bo: "4d 9c"},
            melds={players.index(ana): ["kh kd ks", "kh ks kc 2c"]},
            stock="jh qs 4h 4c 5c 5d", discard="6h")

    await set_position(table, position)
    ana = table.member(ana_id)
    assert_accepted(await ana.slash(table.thread, "draw"))
    offered = await ana.autocomplete(table.thread, "meld", "groups", "")
    assert "K + K#2" in [c["value"] for c in offered]
    assert_accepted(await ana.slash(table.thread, "meld", groups="k + k#2, k: kc"))
    game = await table.game()
    [kings] = game.melds(game.team_of(ana_id))
    team = game.view(ana_id)["teams"][game.team_of(ana_id)]
    assert len(kings) == 8 and team["melds"][0]["canasta"] == "mixed"
