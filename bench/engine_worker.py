"""One engine, timed on request: the subprocess ``bench.engine --against`` starts for each
checkout (both are the package ``bot``, so each runs in an interpreter of its own).

Run as a script with the checkout's root first on ``PYTHONPATH``; it reads one JSON command
a line on stdin and answers one JSON line on stdout:

- ``{"cmd": "where"}``: the file the package ``bot`` was imported from;
- ``{"cmd": "play", "variant": NAME, "seconds": S, "seed": N}``: random hands (uniform over
  ``legal_actions``) from seed N on, whole hands until S seconds have passed: hands,
  decisions, seconds, and the seed to go on from;
- ``{"cmd": "legal", "variant": NAME, "size": CARDS, "positions": K, "seed": N}``: the
  seconds of each of K first calls of ``legal_actions`` on positions where the player in
  turn holds CARDS cards (built with ``Game.from_position``, half of them in the draw phase,
  half in the play phase, half with melds on the table);
- ``{"cmd": "hard", "variant": NAME, "decisions": K, "seed": N}``: the worlds the hard
  computer player searches (samples) at its default budget, for each of its first K
  searched decisions in games the normal level plays from seed N (the hard player is only
  asked: the normal level's move is played, so both engines meet the same positions).

It uses only names every version of the engine has (``Game``, ``variant``,
``Game.from_position``, ``PLAYER_COUNTS``, ``make_deck``), so it times an older checkout too.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from bot.engine import Game, variant
from bot.engine.cards import make_deck
from bot.engine.variants import PLAYER_COUNTS

SEATS = ["Ana", "Bo", "Cy", "Di"]


def seats(name: str) -> list[str]:
    """Four seats where the variant has them, else its first table size (Pennies: 6,
    cut-throat: 3)."""
    counts = PLAYER_COUNTS.get(name, (4,))
    return SEATS if 4 in counts else [f"p{i}" for i in range(counts[0])]


RULES: dict[str, Any] = {}   # each variant's rules, made once (as games share them)


def random_hand(name: str, seed: int) -> int:
    """Hand 1 of the match seeded ``seed``, played by uniformly random legal moves; returns
    the decisions made."""
    players = seats(name)
    rules = RULES.get(name)
    if rules is None:
        rules = RULES[name] = variant(name, len(players))
    game = Game.new(rules, players, seed)
    rng = random.Random(seed)
    moves = 0
    while not game.results:
        player = game.turn
        assert player is not None
        game.apply(player, rng.choice(game.legal_actions(player)))
        moves += 1
    return moves


def play(name: str, seconds: float, seed: int) -> dict[str, Any]:
    hands = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += random_hand(name, seed + hands)
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"hands": hands, "decisions": decisions, "seconds": elapsed,
                    "next": seed + hands}


def position(name: str, size: int, rng: random.Random, phase: str, melded: bool) -> Game:
    """A position of ``name`` where the first seat holds ``size`` cards and is in turn."""
    players = seats(name)
    rules = variant(name, len(players))
    deck = [c for c in make_deck(rules.packs, rules.jokers) if not c.is_red_three
            and not (rules.threes_laid_out and c.rank == "3")]
    rng.shuffle(deck)
    hand, deck = deck[:size], deck[size:]
    melds: dict[int, list[str]] = {}
    if melded:   # a meld of three naturals for each side, of ranks the hand holds
        ranks = sorted({c.rank for c in hand if c.is_natural})
        for team in range(rules.teams):
            rank = ranks[(team * 5) % len(ranks)]
            got = [c for c in deck if c.rank == rank][:3]
            if len(got) < 3:
                continue
            for c in got:
                deck.remove(c)
            melds[team] = [" ".join(c.text for c in got)]
    each = max(1, min(3, (len(deck) - 6) // (len(players) - 1)))   # 6 left: pile, stock
    others = {p: deck[i * each:(i + 1) * each] for i, p in enumerate(players[1:])}
    deck = deck[each * len(others):]
    naturals = [c for c in deck if c.is_natural]
    top = naturals[0] if naturals else deck[0]
    deck.remove(top)
    pile, stock = deck[:4] + [top], deck[4:12]
    hands = {players[0]: " ".join(c.text for c in hand)}
    hands.update({p: " ".join(c.text for c in cs) for p, cs in others.items()})
    return Game.from_position(
        rules, players, hands=hands, stock=" ".join(c.text for c in stock),
        discard=" ".join(c.text for c in pile), melds=melds, turn=players[0], phase=phase,
        melded_players=[players[0]] if melded else [])


def legal(name: str, size: int, count: int, seed: int) -> list[float]:
    """Seconds of the first ``legal_actions`` call on each of ``count`` fresh positions."""
    rng = random.Random(seed)
    times: list[float] = []
    for i in range(count):
        game = position(name, size, rng, ("draw", "play")[i % 2], melded=i % 4 >= 2)
        player = game.turn
        assert player is not None
        start = time.perf_counter()
        game.legal_actions(player)
        times.append(time.perf_counter() - start)
    return times


def hard_samples(name: str, decisions: int, seed: int) -> dict[str, Any]:
    """Samples per searched decision of the hard level at its default budget."""
    from bot.ai import computer_player
    from bot.ai.hard import HardPlayer

    class Counting(random.Random):
        """The hard player's own generator: one ``randrange`` a world sampled."""

        draws = 0

        def randrange(self, *args: Any, **kwargs: Any) -> int:
            self.draws += 1
            return super().randrange(*args, **kwargs)

    players = seats(name)
    samples: list[int] = []
    seconds: list[float] = []
    hand = 0
    while len(samples) < decisions:
        game = Game.new(variant(name, len(players)), players, seed + hand)
        normal = {p: computer_player("normal", i) for i, p in enumerate(players)}
        while not game.results and len(samples) < decisions:
            player = game.turn
            assert player is not None
            view = game.view(player)
            if player == players[0] and game.phase != "permission":
                hard = HardPlayer(seed=len(samples))
                hard.rng = Counting(len(samples))
                start = time.perf_counter()
                hard.choose(view)
                if hard.rng.draws:   # a searched decision (not a single candidate)
                    samples.append(hard.rng.draws)
                    seconds.append(time.perf_counter() - start)
            game.apply(player, normal[player].choose(view))
        hand += 1
    return {"samples": samples, "seconds": seconds}


def serve() -> None:
    try:
        import os

        os.sched_setaffinity(0, {int(sys.argv[1])} if len(sys.argv) > 1
                             else {sorted(os.sched_getaffinity(0))[0]})
    except (AttributeError, OSError, ValueError):
        pass
    for line in sys.stdin:
        req = json.loads(line)
        if req["cmd"] == "where":
            import bot

            out: Any = {"bot": bot.__file__}
        elif req["cmd"] == "play":
            out = play(req["variant"], req["seconds"], req["seed"])
        elif req["cmd"] == "hard":
            out = hard_samples(req["variant"], req["decisions"], req["seed"])
        elif req["cmd"] == "legal":
            out = {"times": legal(req["variant"], req["size"], req["positions"], req["seed"])}
        else:
            out = {"error": f"unknown command {req['cmd']}"}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    serve()
