"""The thread's sentences for issue 12's events, in English and Russian."""

from __future__ import annotations

from bot.service.narrate import Narrator

THREE = Narrator({"1": "Ana", "2": "Bo", "3": "Cy"}, ["Ana", "Bo", "Cy"])
THREE_RU = Narrator({"1": "Ana", "2": "Bo", "3": "Cy"}, ["Ana", "Bo", "Cy"], lang="ru")


def test_the_lone_hand_of_cut_throat() -> None:
    e = {"type": "lone_hand", "player": "2", "partners": ["1", "3"]}
    assert THREE.event(e) == "Bo plays alone; Ana & Cy are partners for this hand"
    assert THREE_RU.event(e) == "Bo играет один; Ana & Cy — партнёры в этой раздаче"
