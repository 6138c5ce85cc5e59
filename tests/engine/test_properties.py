"""Property-based tests: seeded random games played through legal_actions."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Game, variant
from bot.engine.variants import PLAYER_COUNTS

from .play import play_random

TABLES = st.sampled_from([
    (4, "classic", {}), (2, "classic", {}), (3, "classic", {}), (5, "classic", {}),
    (6, "classic", {}), (6, "classic", {"teams": 3}), (4, "vienna", {}), (4, "british", {}),
    # knobs for later variants (Cuban / Modern American style): they must keep every invariant
    (4, "classic", {"pile_always_frozen": True, "max_meld_size": 7, "upcard": False,
                    "forced_take_any": True}),
    # Modern American's options: PG's take onto a meld of 3-4, every 3 laid out, CLA Garbage
    (4, "modern_american", {"take_onto_short_meld": True, "keep_three": False,
                            "special_hands": (("garbage", 3000),)}),
])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), table=TABLES)
def test_random_hands_keep_every_invariant(seed, table):
    players, name, options = table
    g = play_random(seed, players, name, **options)
    assert len(g.results) == 1 or g.phase == "over"


# The Samba family (B.2-B.7) at 2, 4 and 6 players where the variant supports them; the
# variants of issue 12 at every table size they support.
CLASSIC_FAMILY = ("classic", "vienna", "british", "uruguayan")
EVERY_SIZE = ("cutthroat", "slavic", "mexican", "south_american")
FAMILY = [(players, name, {}) for name, counts in PLAYER_COUNTS.items()
          if name not in CLASSIC_FAMILY
          for players in (counts if name in EVERY_SIZE else (2, 4, 6)) if players in counts]
# Issue 12's other table sizes: Hand and Foot's three players, Pennies' three teams of 2.
FAMILY += [(3, "hand_and_foot", {}), (6, "pennies", {"teams": 3})]


def _family_hand(seed, table):
    players, name, options = table
    g = play_random(seed, players, name, check_offered=7, **options)
    assert len(g.results) == 1 or g.phase == "over"
    assert all(sum(b.values()) == t for r in g.results
               for b, t in zip(r.breakdown, r.total, strict=True))


@pytest.mark.parametrize("table", FAMILY, ids=[f"{n} {p}p{' ' + str(o) if o else ''}"
                                               for p, n, o in FAMILY])
def test_a_hand_of_every_new_variant_at_every_table_size_keeps_every_invariant(table):
    _family_hand(sum(map(ord, table[1])) + table[0], table)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), table=st.sampled_from(FAMILY))
def test_random_hands_of_every_new_variant_keep_every_invariant(seed, table):
    _family_hand(seed, table)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_snapshot_gives_the_same_future(seed):
    g = play_random(seed, 4, roundtrip=False)
    snap = json.loads(json.dumps(g.to_dict()))
    a, b = Game.from_dict(snap), Game.from_dict(snap)
    # same future deals, whatever happens next
    for game in (a, b):
        game._deal(game.hand_number + 1)
    assert a.to_dict() == b.to_dict()
    assert Game.new(variant("classic"), ["p0", "p1", "p2", "p3"], seed).hand("p0") != []


def test_whole_matches_terminate_with_a_winner():
    for seed, players in ((1, 4), (2, 2), (3, 3)):
        g = play_random(seed, players, hands=10**6, roundtrip=False, target=1500)
        assert g.phase == "over" and g.winner is not None
        assert max(g.scores) >= 1500
        assert g.scores[g.winner] == max(g.scores)
