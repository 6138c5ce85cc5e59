"""A brute-force reference for legal moves: every subset/partition move, judged by the planner.

A move is described by what each card of the hand does: stay in hand, or join the meld of its
rank (a wild card: the meld of any rank). Every such move is built and handed to the planner
``apply`` uses (``_plan`` for a meld, ``_plan_take`` for a pile take), so the reference knows
nothing of how ``legal_actions`` searches. Each legal move is then sorted into its kind:

- a take: (naturals of the top card's rank, wild cards) joining the top card;
- a meld that goes out: ("out", the rank of the card left to discard, or None);
- a meld that does not, by a side that has not melded: ("initial",);
- a meld that does not, by a side that has: ("add", rank, "natural" | "wild") for each
  lay-off and ("new", rank, with a wild card?) for each new meld.

Further melds of a take range over the ranks other than the top card's: cards of that rank
put in a further group merge into the same meld, and the planner only ever accepts fewer such
moves (the pair must be among the take's own cards), so the kinds are the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from bot.engine import Card, Game, IllegalMove, Meld, TakePile
from bot.engine.actions import Action, AskToGoOut, Discard, Draw
from bot.engine.cards import parse_cards

Kind = tuple[object, ...]
POSITIONS: Counter[str] = Counter()   # positions checked, by table (printed by conftest)


def _spread(count: int, slots: int, cap: int) -> Iterator[tuple[int, ...]]:
    """Every way to put at most ``count`` identical cards into ``slots`` (at most ``cap``
    each)."""
    for combo in product(range(min(count, cap) + 1), repeat=slots):
        if sum(combo) <= count:
            yield combo


def _moves(hand: list[Card], targets: set[str], cap: int,
           skip: str | None = None) -> Iterator[dict[str, list[Card]]]:
    """Every assignment of hand cards to melds by rank, as rank -> cards. Wild cards go to
    the ranks that get a natural or are in ``targets`` (the side's melds): anywhere else they
    would make an all-wild meld, which the planner always refuses."""
    naturals: dict[str, list[Card]] = {}
    jokers = [c for c in hand if c.is_joker]
    deuces = sorted((c for c in hand if c.is_wild and not c.is_joker), key=lambda c: c.order)
    for c in hand:
        if not c.is_wild and c.rank != skip:
            naturals.setdefault(c.rank, []).append(c)
    ranks = sorted(naturals)
    for counts in product(*(range(len(naturals[r]) + 1) for r in ranks)):
        chosen = {r: naturals[r][:k] for r, k in zip(ranks, counts, strict=True) if k}
        slots = sorted((set(chosen) | targets) - {"3"})
        for js in _spread(len(jokers), len(slots), cap):
            for ds in _spread(len(deuces), len(slots), cap):
                if any(j + d > cap for j, d in zip(js, ds, strict=True)):
                    continue
                move = {r: list(cs) for r, cs in chosen.items()}
                ji = di = 0
                for slot, j, d in zip(slots, js, ds, strict=True):
                    if j or d:
                        move.setdefault(slot, []).extend(jokers[ji:ji + j] + deuces[di:di + d])
                        ji += j
                        di += d
                yield move


def _remove(hand: list[Card], used: list[Card]) -> list[Card]:
    rest = list(hand)
    for c in used:
        rest.remove(c)
    return rest


def _meld_kinds(game: Game, player: str, move: dict[str, list[Card]],
                hand: list[Card], remaining: int | None = None) -> set[Kind]:
    """``remaining``: the hand's size after the move as the planner counts it (Mexican: a
    first meld brings 13 cards, so it never goes out)."""
    melds = game.team_melds[game.team_of(player)]
    rest = _remove(hand, [c for cs in move.values() for c in cs])
    if (len(rest) if remaining is None else remaining) <= 1:
        return {("out", rest[0].rank if rest else None)}
    if not melds:
        return {("initial",)}
    kinds: set[Kind] = set()
    for rank, cards in move.items():
        wild = any(c.is_wild for c in cards)
        if rank in melds:
            if any(not c.is_wild for c in cards):
                kinds.add(("add", rank, "natural"))
            if wild:
                kinds.add(("add", rank, "wild"))
        else:
            kinds.add(("new", rank, wild))
    return kinds


def reference_meld_kinds(game: Game, player: str) -> set[Kind]:
    """The kinds of every legal meld move (play phase)."""
    team = game.team_of(player)
    melds = game.team_melds[team]
    hand = game.hands[player]
    kinds: set[Kind] = set()
    for move in _moves(hand, set(melds), game.rules.max_wilds):
        if not move:
            continue
        groups = [cs for r, cs in move.items() if r not in melds]
        adds = [(r, cs) for r, cs in move.items() if r in melds]
        try:
            plan = game._plan(player, groups, adds)
        except IllegalMove:
            continue
        kinds |= _meld_kinds(game, player, move, hand, plan.remaining)
    return kinds


def reference_take_kinds(game: Game, player: str) -> set[Kind]:
    """The kinds of every legal take of the pile (draw phase)."""
    if not game.pile:
        return set()
    top = game.pile[-1]
    hand = game.hands[player]
    kinds: set[Kind] = set()
    tops = [c for c in hand if c.rank == top.rank and not c.is_wild]
    wilds = [c for c in hand if c.is_wild]
    for n in range(len(tops) + 1):
        for w in range(min(len(wilds), game.rules.max_wilds) + 1):
            for chosen in {tuple(sorted(x, key=lambda c: c.order))
                           for x in _subsets(wilds, w)}:
                cards = tops[:n] + list(chosen)
                rest = _remove(hand, cards)
                for move in _moves(rest, set(), game.rules.max_wilds, skip=top.rank):
                    try:
                        game._plan_take(player, cards, list(move.values()))
                    except IllegalMove:
                        continue
                    kinds.add(("take", n, w))
                    break
                if ("take", n, w) in kinds:
                    break
    return kinds


def _subsets(cards: list[Card], k: int) -> Iterator[list[Card]]:
    if k == 0:
        yield []
        return
    for i in range(len(cards)):
        for tail in _subsets(cards[i + 1:], k - 1):
            yield [cards[i], *tail]


def offered_kinds(game: Game, player: str, action: Action) -> set[Kind]:
    """The kinds of one offered action, by the same rules as the reference's."""
    hand = game.hands[player]
    if isinstance(action, TakePile):
        top = game.pile[-1]
        cards = parse_cards(action.cards) + [c for g in action.melds for c in parse_cards(g)
                                             if parse_cards(g)[0].rank == top.rank]
        n = sum(1 for c in cards if not c.is_wild)
        return {("take", n, sum(1 for c in parse_cards(action.cards) if c.is_wild))}
    if isinstance(action, Meld):
        move: dict[str, list[Card]] = {}
        for g in action.groups:
            cards = parse_cards(g)
            rank = next(c.rank for c in cards if not c.is_wild)
            move.setdefault(rank, []).extend(cards)
        for k, v in action.add.items():
            move.setdefault(str(k), []).extend(parse_cards(v))
        plan = game._plan(player, [parse_cards(g) for g in action.groups],
                          [(k, parse_cards(v)) for k, v in action.add.items()])
        return _meld_kinds(game, player, move, hand, plan.remaining)
    if isinstance(action, Discard):
        return {("discard", action.card)}
    return {(action.kind,)}


def accepted(game: Game, player: str, action: Action) -> bool:
    try:
        game.copy().apply(player, action)
    except IllegalMove:
        return False
    return True


def check_position(game: Game, player: str, table: str) -> None:
    """legal_actions against the reference in one position (raises AssertionError)."""
    offered = game.legal_actions(player)
    for action in offered:
        assert accepted(game, player, action), f"offered but refused: {action}"
    got: set[Kind] = set()
    for action in offered:
        got |= offered_kinds(game, player, action)
    hand = game.hands[player]
    if game.phase == "draw":
        want = reference_take_kinds(game, player)
        assert game.can_take_pile(player) == bool(want)
        if accepted(game, player, Draw()):
            want.add(("draw",))
        assert want <= got, f"missing {sorted(map(str, want - got))}"
    else:
        want = reference_meld_kinds(game, player)
        for c in set(hand):
            if accepted(game, player, Discard(c.text)):
                want.add(("discard", c.text))
        going_out = any(k[0] == "out" for k in want)
        if going_out and not game.asked and len(hand) > 1 and game.partners(player):
            want.add(("ask",))
        assert ("ask",) not in got or going_out, "asks to go out with no way to go out"
        assert want <= got, f"missing {sorted(map(str, want - got))}"
        lines = {k for k in got if k[0] == "out"}
        assert lines == {k for k in want if k[0] == "out"}
    assert AskToGoOut not in {type(a) for a in offered} or game.phase == "play"
    POSITIONS[table] += 1
