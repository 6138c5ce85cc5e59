"""The legal moves of a player, in a compact form.

Meld choices are combinatorial, so the list holds representatives: every discard, every
lay-off of one card, each new meld in its smallest form, the largest meld the hand allows
(which is also how to go out), and each way of taking the pile. Every candidate is checked by
the same planner ``apply`` uses, so nothing illegal is ever offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, AnswerGoOut, AskToGoOut, Concede, Discard, Draw, Meld, TakePile
from .cards import Card
from .game import IllegalMove

if TYPE_CHECKING:
    from .game import Game


def _by_rank(hand: list[Card]) -> tuple[dict[str, list[Card]], list[Card], list[Card]]:
    naturals: dict[str, list[Card]] = {}
    wilds: list[Card] = []
    black: list[Card] = []
    for c in sorted(hand, key=lambda c: c.order):
        if c.is_wild:
            wilds.append(c)
        elif c.is_black_three:
            black.append(c)
        elif c.is_natural:
            naturals.setdefault(c.rank, []).append(c)
    wilds.sort(key=lambda c: -c.points)
    return naturals, wilds, black


def greedy_melds(game: Game, player: str, hand: list[Card] | None = None,
                 skip_rank: str | None = None, black_threes: bool = True,
                 use_wilds: bool = True) -> tuple[list[list[Card]], dict[str, list[Card]]]:
    """Meld as much of the hand as the rules allow: every natural that fits, wild cards where
    they are needed and then wherever they fit. Returns (new groups, lay-offs by rank)."""
    r = game.rules
    team = game.team_of(player)
    melds = game.team_melds[team]
    naturals, wilds, black = _by_rank(game.hands[player] if hand is None else hand)
    if not use_wilds:
        wilds = []
    groups: list[list[Card]] = []
    adds: dict[str, list[Card]] = {}
    pairs: list[list[Card]] = []
    for rank, cards in naturals.items():
        if rank == skip_rank:
            continue
        if rank in melds:
            adds[rank] = list(cards)
        elif len(cards) >= 3:
            groups.append(list(cards))
        elif len(cards) == 2:
            pairs.append(list(cards))
    pairs.sort(key=lambda g: -g[0].points)
    for g in pairs:
        if wilds:
            groups.append(g + [wilds.pop(0)])
    # Remaining wild cards go where there is room (canastas first, then the largest melds).
    if wilds:
        targets: list[tuple[str, int, int]] = []  # (key, naturals, wilds)
        for rank, m in melds.items():
            extra = adds.get(rank, [])
            targets.append((rank, m.naturals + len(extra), m.wilds))
        for i, g in enumerate(groups):
            n = sum(1 for c in g if not c.is_wild)
            targets.append((f"#{i}", n, len(g) - n))
        targets.sort(key=lambda t: -(t[1] + t[2]))
        for key, n, w in targets:
            while wilds and w < r.max_wilds and (not r.wilds_at_most_naturals or w < n):
                if r.max_meld_size is not None and n + w >= r.max_meld_size:
                    break
                c = wilds.pop(0)
                w += 1
                if key.startswith("#"):
                    groups[int(key[1:])].append(c)
                else:
                    adds.setdefault(key, []).append(c)
    if black_threes and len(black) >= 3:
        groups.append(black)
    return groups, {k: v for k, v in adds.items() if v}


def _valid(game: Game, player: str, action: Action) -> bool:
    try:
        if isinstance(action, TakePile):
            game._plan_take(player, [_c(t) for t in action.cards],
                            [[_c(t) for t in g] for g in action.melds])
        elif isinstance(action, Meld):
            game._plan(player, [[_c(t) for t in g] for g in action.groups],
                       [(k, [_c(t) for t in v]) for k, v in action.add.items()])
    except IllegalMove:
        return False
    return True


def _c(text: str) -> Card:
    from .cards import card

    return card(text)


def take_candidates(game: Game, player: str) -> list[TakePile]:
    """Ways to take the pile: lay-off, natural pair, natural + wild, and with extra melds."""
    team = game.team_of(player)
    if game.pile_block(team) is not None:
        return []
    top = game.pile[-1]
    hand = game.hands[player]
    naturals = [c for c in hand if c.rank == top.rank]
    wilds = sorted((c for c in hand if c.is_wild), key=lambda c: -c.points)
    candidates: list[TakePile] = []
    if top.rank in game.team_melds[team]:
        candidates.append(TakePile())
    if len(naturals) >= 2:
        candidates.append(TakePile(cards=naturals[:2]))
    if naturals and wilds:
        candidates.append(TakePile(cards=[naturals[0], wilds[0]]))
    if len(naturals) >= 2 and not game.team_melds[team]:
        # The initial meld: the pair plus whatever else the hand can meld.
        rest = list(hand)
        for c in naturals:
            rest.remove(c)
        for use_wilds in (False, True):
            groups, _ = greedy_melds(game, player, rest, skip_rank=top.rank,
                                     black_threes=False, use_wilds=use_wilds)
            candidates.append(TakePile(cards=naturals, melds=groups))
    legal: list[TakePile] = []
    seen: set[str] = set()
    for cand in candidates:
        key = repr(cand)
        if key not in seen and _valid(game, player, cand):
            seen.add(key)
            legal.append(cand)
    return legal


def _meld_candidates(game: Game, player: str) -> list[Meld]:
    r = game.rules
    team = game.team_of(player)
    melds = game.team_melds[team]
    naturals, wilds, _ = _by_rank(game.hands[player])
    cands: list[Meld] = []
    distinct_wilds = list({c.text: c for c in wilds}.values())
    if melds:
        for rank, _m in melds.items():
            for c in naturals.get(rank, [])[:1]:
                cands.append(Meld(add={rank: [c]}))
            if rank != "3":
                for w in distinct_wilds:
                    cands.append(Meld(add={rank: [w]}))
        for rank, cards in naturals.items():
            if rank in melds:
                continue
            if len(cards) >= 3:
                cands.append(Meld(groups=[cards[:3]]))
            if len(cards) >= 2 and wilds and r.min_naturals <= 2:
                cands.append(Meld(groups=[cards[:2] + [wilds[0]]]))
    groups, adds = greedy_melds(game, player)
    if groups or adds:
        cands.append(Meld(groups=groups, add=adds))
        plain_groups, plain_adds = greedy_melds(game, player, use_wilds=False)
        if plain_groups or plain_adds:
            cands.append(Meld(groups=plain_groups, add=plain_adds))
    return [c for c in cands if _valid(game, player, c)]


def legal_actions(game: Game, player: str) -> list[Action]:
    if player not in game.players or game.phase == "over":
        return []
    phase = game.phase
    if phase == "permission":
        assert game.question is not None
        if player in game.question["partners"]:
            return [AnswerGoOut(yes=True), AnswerGoOut(yes=False)]
        return []
    if player != game.turn:
        return []
    actions: list[Action] = []
    if phase == "draw":
        takes = take_candidates(game, player)
        if game.stock or not game.forced_take(player):
            actions.append(Draw())
        actions.extend(takes)
    else:
        hand = game.hands[player]
        team = game.team_of(player)
        can_go_out = (game.canastas(team) >= game.rules.canastas_to_go_out
                      and game.permission is not False)
        if len(hand) > 1 or can_go_out:
            seen: set[Card] = set()
            for c in hand:
                if c not in seen:
                    seen.add(c)
                    actions.append(Discard(c.text))
        actions.extend(_meld_candidates(game, player))
        if not game.asked and len(hand) > 1 and game.partners(player):
            actions.append(AskToGoOut())
    if game.rules.concession is not None:
        actions.append(Concede())
    return actions
