"""The thread's sentences for the events of the later variants (feet, packets, bonus cards,
lone hands), in English and Russian."""

from __future__ import annotations

from bot.service.narrate import Narrator

THREE = Narrator({"1": "Ana", "2": "Bo", "3": "Cy"}, ["Ana", "Bo", "Cy"])
THREE_RU = Narrator({"1": "Ana", "2": "Bo", "3": "Cy"}, ["Ana", "Bo", "Cy"], lang="ru")


def test_the_lone_hand_of_cut_throat() -> None:
    e = {"type": "lone_hand", "player": "2", "partners": ["1", "3"]}
    assert THREE.event(e) == "Bo plays alone; Ana & Cy are partners for this hand"
    assert THREE_RU.event(e) == "Bo играет в одиночку; Ana & Cy — партнёры в этой раздаче"


TEAMS = Narrator({"1": "Ana", "2": "Bo", "3": "Cy", "4": "Di"}, ["Ana & Cy", "Bo & Di"],
                 variant="hand_and_foot")


def test_the_foot_is_picked_up_now_or_for_the_next_turn() -> None:
    now = {"type": "foot", "player": "1", "count": 11, "when": "now"}
    assert TEAMS.event(now) == "Ana picked up the foot (11 cards) and plays on"
    later = {**now, "when": "next_turn"}
    assert TEAMS.event(later) == ("Ana picked up the foot (11 cards), to play it from the "
                                  "next turn")
    ru = Narrator(TEAMS.names, TEAMS.team_names, "ru", "hand_and_foot")
    assert ru.event(now) == "Ana берёт ногу (11 карт) и играет дальше"
    assert ru.event({**now, "count": 1}) == "Ana берёт ногу (1 карта) и играет дальше"


def test_pennies_calls_it_the_packet() -> None:
    six = Narrator({"1": "Ana"}, ["Ana & Cy & Ed", "Bo & Di & Flo"], variant="pennies")
    assert six.event({"type": "foot", "player": "1", "count": 11, "when": "now"}) == \
        "Ana picked up the packet (11 cards)"
    ru = Narrator({"1": "Ana"}, [], "ru", "pennies")
    assert ru.event({"type": "foot", "player": "1", "count": 11}) == "Ana берёт пакет (11 карт)"


def test_bonus_cards_are_counted_but_not_shown() -> None:
    e = {"type": "bonus_cards", "player": "2", "count": 4}
    assert TEAMS.event(e) == "Bo drew 4 bonus cards"
    assert "4" in TEAMS.event({"type": "bonus_cards", "player": "2", "cards": ["5H"] * 4})
    ru = Narrator(TEAMS.names, TEAMS.team_names, "ru")
    assert ru.event({**e, "count": 3}) == "Bo берёт 3 бонусные карты"


def test_a_special_hand_and_a_blocking_canasta_end_the_hand() -> None:
    said = TEAMS.event({"type": "special_hand", "player": "3", "pattern": "straight"})
    assert said.startswith("Cy melded a special hand") and said.endswith("the hand is over")
    blocking = {"type": "blocking_canasta", "player": "4"}
    assert TEAMS.event(blocking) == ("Di melded a blocking canasta: the hand is over and the "
                                     "opponents' melds are cancelled")
    ru = Narrator(TEAMS.names, TEAMS.team_names, "ru")
    assert ru.event(blocking).startswith("Di выкладывает блокирующую канасту")


def test_special_hands_black_threes_and_the_slavic_partner_by_name() -> None:
    assert TEAMS.event({"type": "special_hand", "player": "1", "pattern": "garbage"}) == \
        "Ana melded a special hand, Garbage: the hand is over"
    ru = Narrator(TEAMS.names, TEAMS.team_names, "ru")
    assert ru.event({"type": "special_hand", "player": "1", "pattern": "wild_pairs"}) == \
        "Ana выкладывает особую руку (пары с двойками, семёрками и тузами): раздача окончена"
    three = {"type": "black_three", "player": "2", "cards": ["3S"], "when": "draw"}
    assert TEAMS.event(three) == "Bo laid out 3♠"
    partner = {"type": "partner_melds", "player": "3", "cards": ["KH", "KD", "KS"]}
    assert TEAMS.event(partner) == "Cy lays down the whole hand: K♥ K♦ K♠"
