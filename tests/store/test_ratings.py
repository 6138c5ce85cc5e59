"""Ratings on both backends: one per person (and computer level) per server and family,
moved once by the move that ends a match; who is on which side; who is not rated; rerate
reproduces the stored ratings exactly; /privacy's rename keeps them."""

from __future__ import annotations

import math

import pytest

from bot.engine import Game, variant
from bot.service.rating_match import match_result, turns
from bot.store import (
    SCHEMA_VERSION,
    ActionCommit,
    MatchEntry,
    MatchResult,
    Seat,
    Store,
    family_of,
    rename_player,
)
from bot.store.rating_model import NEW, ranks


async def _match(store: Store, entries: list[MatchEntry], *, guild: int = 1,
                 family: str = "official", variant_name: str = "classic") -> int:
    """A game whose last move ends the match with these seats."""
    game_id = await store.create_game(guild_id=guild, channel_id=2, host=entries[0].player,
                                      host_name="Ana", variant=variant_name,
                                      options={"players": len(entries)}, seed=5)
    await store.start_game(game_id, [Seat(e.seat, e.player, e.name, e.side) for e in entries],
                           {"hand": 1})
    await store.commit_action(ActionCommit(
        game_id=game_id, expected_version=0, player=entries[0].player,
        action={"kind": "discard"}, snapshot={"over": True}, status="over", winner=0,
        guild_id=guild, variant=variant_name, match=MatchResult(family, entries)))
    return game_id


def _duel(a: str = "1", b: str = "2", scores: tuple[int, int] = (5000, 3000)
          ) -> list[MatchEntry]:
    return [MatchEntry(0, a, f"P{a}", 0, scores[0]), MatchEntry(1, b, f"P{b}", 1, scores[1])]


async def test_a_duel_worked_out_by_hand(store: Store) -> None:
    """Two new players (μ = 25, σ = 25/3); the first wins. Plackett–Luce (Weng & Lin,
    algorithm 4) with openskill's defaults β = 25/6, τ = 25/300, κ = 0.0001:

        σ'² = σ² + τ² = 625/9 + 625/90000 = 69.451388…     (τ added before the match)
        c²  = Σ (σ'² + β²) = 2 · (69.451388… + 17.361111…) = 173.625,  c = 13.176684…
        the winner's rank is alone at the top: p = e^(25/c) / (2 e^(25/c)) = 1/2 for
        both sums; Ω_win = σ'²/c · (1 − 1/2), Ω_lose = σ'²/c · (−1/2)
        μ_win  = 25 + σ'²/(2c) = 25 + 2.635389… = 27.635389…
        μ_lose = 25 − σ'²/(2c) = 22.364611…
        Δ = σ'²/c² · (1/2 · 1/2) · γ,  γ = σ'/c  →  Δ = σ'³/(4c³) = 0.063247…
        σ_new = σ' · √(1 − Δ) = 8.333750… · 0.967860… = 8.065901… (both players)
        ordinal = μ − 3σ: 27.635389 − 24.197704 = 3.437685 and 22.364611 − 24.197704
                  = −1.833094
    """
    await _match(store, _duel())
    sigma2 = 625 / 9 + 625 / 90000
    c = math.sqrt(2 * (sigma2 + 625 / 36))
    mu_win, mu_lose = 25 + sigma2 / (2 * c), 25 - sigma2 / (2 * c)
    sigma = math.sqrt(sigma2) * math.sqrt(1 - sigma2 ** 1.5 / (4 * c ** 3))
    assert mu_win == pytest.approx(27.635389, abs=1e-6)
    assert sigma == pytest.approx(8.065901, abs=1e-6)
    [first, second] = await store.rating_board(1, "official")
    assert (first.player, second.player) == ("1", "2")
    assert first.mu == pytest.approx(mu_win, rel=1e-12)
    assert second.mu == pytest.approx(mu_lose, rel=1e-12)
    assert first.sigma == pytest.approx(sigma, rel=1e-12)
    assert second.sigma == pytest.approx(sigma, rel=1e-12)
    assert first.ordinal == pytest.approx(mu_win - 3 * sigma, rel=1e-12)
    assert first.games == second.games == 1


async def test_one_rating_per_server_and_family(store: Store) -> None:
    await _match(store, _duel(), guild=1, family="official")
    await _match(store, _duel(), guild=1, family="samba", variant_name="samba")
    await _match(store, _duel(scores=(1000, 2000)), guild=2)
    await _match(store, _duel(), guild=1, family="official")
    mine = {r.family: r for r in await store.player_ratings(1, "1")}
    assert set(mine) == {"official", "samba"}
    assert mine["official"].games == 2 and mine["samba"].games == 1
    [elsewhere] = [r for r in await store.player_ratings(2, "1")]
    assert elsewhere.games == 1 and elsewhere.mu < NEW.mu  # lost there, won here
    assert mine["samba"].mu == pytest.approx(27.635389, abs=1e-6)  # a family starts new
    history = await store.rating_history(1, "1", "official")
    assert [h.games for h in history] == [0, 0] and len(history) == 2
    assert history[-1].mu == mine["official"].mu


async def test_partners_are_a_side_and_ties_share_a_place(store: Store) -> None:
    entries = [MatchEntry(0, "1", "A", 0, 3000), MatchEntry(1, "2", "B", 1, 1000),
               MatchEntry(2, "3", "C", 0, 3000), MatchEntry(3, "4", "D", 1, 1000)]
    await _match(store, entries)
    board = {r.player: r for r in await store.rating_board(1, "official")}
    assert board["1"].mu == board["3"].mu > NEW.mu > board["2"].mu == board["4"].mu
    assert ranks([3000, 1000, 3000, 500]) == [0, 2, 0, 3]
    await _match(store, [MatchEntry(0, "5", "E", 0, 10), MatchEntry(1, "6", "F", 1, 10)])
    board = {r.player: r for r in await store.rating_board(1, "official")}
    assert board["5"].mu == pytest.approx(NEW.mu) == board["6"].mu  # a draw moves no mean


async def test_unrated_seats_keep_their_rating(store: Store) -> None:
    entries = [MatchEntry(0, "1", "A", 0, 3000),
               MatchEntry(1, "2", "B", 1, 1000, rated=False)]
    await _match(store, entries)
    board = {r.player: r for r in await store.rating_board(1, "official")}
    assert set(board) == {"1"} and board["1"].mu > NEW.mu


def test_who_sits_where_computers_and_turns_played_by_a_computer() -> None:
    rules = variant("classic", 4)
    game = Game.new(rules, ["1", "ai:1", "2", "ai:2"], 5)
    seats = [Seat(0, "1", "Ana", 0), Seat(1, "ai:1", "Bot 1", 1, True, "hard"),
             Seat(2, "2", "Bo", 0, True, "normal"), Seat(3, "ai:2", "Bot 2", 1, True, "hard")]
    # Bo played 2 turns of 5; a computer the other 3 (one of them after Bo began it).
    log = [("1", "1"), ("ai:1", "ai:1"), ("2", "2"), ("2", "2"), ("ai:2", "ai:2"),
           ("2", "2"), ("2", "level:normal"), ("1", "1"), ("2", "level:normal"),
           ("1", "1"), ("2", "level:normal"), ("2", "level:normal"), ("1", "1"),
           ("2", "2")]
    assert turns(log)["2"] == (5, 3) and turns(log)["1"] == (4, 0)
    match = match_result("classic", seats, game, log)
    assert match is not None and match.family == "official"
    by_seat = {e.seat: e for e in match.entries}
    assert [by_seat[i].side for i in range(4)] == [0, 1, 0, 1]
    assert by_seat[0].rated and not by_seat[2].rated  # more than half: a computer's
    assert by_seat[1].player == by_seat[3].player == "level:hard"
    assert not by_seat[1].rated and not by_seat[3].rated  # one level seated twice
    assert family_of("hand_and_foot") == "american" and family_of("kombo") == "samba"
    cut = Game.new(variant("cutthroat", 3), ["1", "2", "3"], 5)
    three = [Seat(i, p, p, None) for i, p in enumerate(["1", "2", "3"])]
    match = match_result("cutthroat", three, cut, [])
    assert match is not None and sorted(e.side for e in match.entries) == [0, 1, 2]


async def test_computer_levels_are_rated_as_players(store: Store) -> None:
    await _match(store, _duel("level:hard", "1", scores=(4000, 2000)))
    await _match(store, _duel("1", "level:easy"))
    board = [r.player for r in await store.rating_board(1, "official")]
    assert board[0] == "level:hard" and board[-1] == "level:easy"


async def test_rerate_reproduces_the_stored_ratings(store: Store) -> None:
    await _match(store, _duel())
    await _match(store, [MatchEntry(0, "1", "A", 0, 3000), MatchEntry(1, "2", "B", 1, 1000),
                         MatchEntry(2, "3", "C", 0, 3000),
                         MatchEntry(3, "level:hard", "hard", 1, 1000)])
    await _match(store, _duel("3", "1", scores=(100, 100)))
    await _match(store, [MatchEntry(0, "2", "B", 0, 10), MatchEntry(1, "3", "C", 1, 20),
                         MatchEntry(2, "1", "A", 2, 30, rated=False)], family="official")
    await _match(store, _duel(), guild=7, family="samba", variant_name="samba")
    before = {(r.player, r.family): (r.mu, r.sigma, r.games)
              for g in (1, 7) for f in ("official", "samba")
              for r in await store.rating_board(g, f)}
    history = await store.rating_history(1, "1", "official")
    done = await store.rerate()
    assert (done.matches, done.changed) == (5, 0)
    after = {(r.player, r.family): (r.mu, r.sigma, r.games)
             for g in (1, 7) for f in ("official", "samba")
             for r in await store.rating_board(g, f)}
    assert after == before  # bit for bit: floats compared exactly
    assert await store.rating_history(1, "1", "official") == history


async def test_a_renamed_person_keeps_their_ratings(store: Store) -> None:
    await _match(store, _duel())
    before = await store.player_ratings(1, "1")
    async with store._transaction() as tx:
        await rename_player(tx, "1", "gone:7", "Player 7")
    assert await store.player_ratings(1, "1") == []
    [renamed] = await store.player_ratings(1, "gone:7")
    assert (renamed.mu, renamed.sigma, renamed.name) == (before[0].mu, before[0].sigma,
                                                         "Player 7")
    assert (await store.rerate()).changed == 0
    assert await store.schema_version() == SCHEMA_VERSION


async def test_the_rerate_command(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    from bot.__main__ import main

    path = f"{tmp_path}/rerate.sqlite3"
    store = await Store.open(path)
    try:
        await _match(store, _duel())
    finally:
        await store.close()
    assert await asyncio.to_thread(main, ["rerate", path]) == 0
    assert "Rerated 1 matches" in (out := capsys.readouterr().out)
    assert "0 stored ratings changed" in out


@pytest.mark.parametrize("ending", ["cancelled", "abandoned"])
async def test_a_table_that_ends_without_a_result_is_not_rated(store: Store, ending: str
                                                               ) -> None:
    game_id = await store.create_game(guild_id=1, channel_id=2, host="1", host_name="Ana",
                                      variant="classic", options={"players": 2}, seed=5)
    await store.start_game(game_id, [Seat(0, "1", "Ana", 0), Seat(1, "2", "Bo", 1)],
                           {"hand": 1})
    await store.commit_action(ActionCommit(game_id=game_id, expected_version=0, player="1",
                                           action={"kind": "draw"}, snapshot={}, guild_id=1))
    assert await store.end_game(game_id, ending, ended_by="host") == "active"
    assert await store.rating_board(1, "official") == []
    assert (await store.rerate()).matches == 0
    assert await store.actors(game_id) == [("1", "1")]


async def test_privacy_forgets_a_person_in_the_ratings_too(store: Store) -> None:
    """`/privacy`'s deletion puts the pseudonym in the ratings and rated matches, and who
    made each move; rerate then reproduces the stored ratings."""
    game_id = await _match(store, _duel())
    before = await store.player_ratings(1, "1")
    assert ("1", "1") in await store.actors(game_id)
    assert (await store.stored_about("1")).ratings == 1   # /privacy shows it
    await store.forget_player("1", "-42", "Player 4F2A")
    assert (await store.stored_about("1")).ratings == 0
    assert await store.player_ratings(1, "1") == []
    [renamed] = await store.player_ratings(1, "-42")
    assert (renamed.mu, renamed.sigma, renamed.name) == (before[0].mu, before[0].sigma,
                                                         "Player 4F2A")
    assert all("1" not in pair for pair in await store.actors(game_id))
    assert (await store.rerate()).changed == 0
