"""The thread's one-line summaries: counts and verbs agree with what they count."""

from __future__ import annotations

from bot.service.narrate import Narrator

TEAMS = Narrator({"1": "Ana", "2": "Bo", "3": "Cy", "4": "Di"}, ["Ana & Cy", "Bo & Di"])
ALONE = Narrator({"1": "Mara", "2": "Computer 1", "3": "Computer 2"},
                 ["Mara", "Computer 1", "Computer 2"])


def test_a_player_alone_wins_a_side_of_two_win() -> None:
    assert ALONE.event({"type": "match_end", "winner": 0}) == "Mara wins the game"
    assert TEAMS.event({"type": "match_end", "winner": 1}) == "Bo & Di win the game"


def test_penalties_agree_with_the_side() -> None:
    e = {"type": "penalty", "points": 100, "why": "asked and went out anyway"}
    assert ALONE.event({**e, "team": 2}).startswith("Computer 2 loses 100")
    assert TEAMS.event({**e, "team": 0}).startswith("Ana & Cy lose 100")


def test_a_pile_of_one_card_is_one_card() -> None:
    one = {"type": "take_pile", "player": "1", "size": 1, "cards": ["8S", "8C"], "top": "8H"}
    assert "took the pile (1 card)" in TEAMS.event(one)
    assert "took the pile (9 cards)" in TEAMS.event({**one, "size": 9})


def test_draws_count_their_cards() -> None:
    assert TEAMS.event({"type": "draw", "player": "2", "count": 1}) == "Bo drew a card"
    assert TEAMS.event({"type": "draw", "player": "2", "count": 2}) == "Bo drew 2 cards"


def test_the_turn_message_counts_one_card_and_many() -> None:
    from bot.discord_ui.turn_dm import caption

    one = {"player": "Ana", "hand": ["KH"], "hand_number": 2, "phase": "play", "turn": "Ana"}
    assert "your 1 card." in caption(one, 7)
    many = dict(one, hand=["KH", "KD"])
    assert "your 2 cards." in caption(many, 7)


def test_samba_family_canastas_and_lay_offs_are_named_by_what_they_are() -> None:
    ru = Narrator({"1": "Ana", "2": "Bo"}, ["Ana", "Bo"], lang="ru")
    samba = {"type": "canasta", "team": 0, "rank": "seq", "key": "seq", "kind": "samba",
             "natural": True}
    assert TEAMS.event(samba) == "Ana & Cy completed a samba"
    assert ru.event(samba) == "Ana: закрыта самба"
    assert ru.event({**samba, "rank": "wild", "key": "wild", "kind": "bolivia"}) == \
        "Ana: закрыта боливия"
    second_kings = {"type": "canasta", "team": 1, "rank": "K", "key": "K#2", "kind": "natural",
                    "natural": True}
    assert TEAMS.event(second_kings) == "Bo & Di completed a natural canasta of kings"
    meld = {"type": "meld", "player": "1", "groups": [], "add": {"seq": ["JH"], "wild": ["JK"],
                                                                  "K#2": ["KD"]}}
    said = TEAMS.event(meld)
    assert "J♥ on the sequence" in said and "on the wild cards" in said
    assert "K♦ on the kings" in said and "rank_name" not in said and "#" not in said


def test_a_new_deal_in_a_summary_is_a_sentence_of_its_own() -> None:
    events = [{"type": "discard", "player": "2", "card": "8H"},
              {"type": "deal", "hand": 2, "first": "3"}]
    assert TEAMS.summary(events) == "Bo discarded 8♥. Hand 2 is dealt; Cy plays first."
