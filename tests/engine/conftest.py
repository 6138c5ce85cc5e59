from __future__ import annotations

import pytest

from bot.engine import Game, variant

P4 = ["Ana", "Bo", "Cy", "Di"]  # Ana & Cy are team 0, Bo & Di team 1


def pos(players: list[str] | None = None, name: str = "classic", options: dict | None = None,
        **kwargs) -> Game:
    players = players or P4
    rules = variant(name, len(players), **(options or {}))
    kwargs.setdefault("stock", "5c 6c 7c 8c 9c 10c jc qc kc")
    return Game.from_position(rules, players, **kwargs)


@pytest.fixture
def p4() -> list[str]:
    return list(P4)


def pytest_terminal_summary(terminalreporter) -> None:
    """Say how many positions the brute-force completeness property checked."""
    from .brute import POSITIONS

    if POSITIONS:
        tables = ", ".join(f"{t}: {n}" for t, n in sorted(POSITIONS.items()))
        terminalreporter.write_line(f"legal moves vs brute-force reference: "
                                    f"{sum(POSITIONS.values())} positions checked ({tables})")
