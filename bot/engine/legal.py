"""The legal moves of a player, in a compact form.

Meld choices are combinatorial, so the list holds representatives: every discard, every
lay-off of one card, each new meld in its smallest form, the largest meld the hand allows
(which is also how to go out), and each way of taking the pile. Every candidate is checked by
the same planner ``apply`` uses, so nothing illegal is ever offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Concede,
    Discard,
    Draw,
    Meld,
    TakePile,
    trusted,
)
from .cards import Card, card_texts
from .errors import IllegalMove

if TYPE_CHECKING:
    from .game import Game


def _by_rank(hand: list[Card]) -> Split:
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


Split = tuple[dict[str, list[Card]], list[Card], list[Card]]


def greedy_melds(game: Game, player: str, hand: list[Card] | None = None,
                 skip_rank: str | None = None, black_threes: bool = True,
                 use_wilds: bool = True, split: Split | None = None,
                 ) -> tuple[list[list[Card]], dict[str, list[Card]]]:
    """Meld as much of the hand as the rules allow: every natural that fits, wild cards where
    they are needed and then wherever they fit. Returns (new groups, lay-offs by rank)."""
    r = game.rules
    team = game.team_of(player)
    melds = game.team_melds[team]
    if split is None:
        split = _by_rank(game.hands[player] if hand is None else hand)
    naturals, wilds, black = split
    wilds = list(wilds) if use_wilds else []
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



def _legal_take(game: Game, player: str, cards: list[Card],
                groups: list[list[Card]]) -> TakePile | None:
    try:
        game._plan_take(player, cards, groups, check_held=False)
    except IllegalMove:
        return None
    return trusted(TakePile, cards=card_texts(cards), melds=[card_texts(g) for g in groups])


def _legal_meld(game: Game, player: str, groups: list[list[Card]],
                adds: dict[str, list[Card]]) -> Meld | None:
    try:
        game._plan(player, groups, list(adds.items()), check_held=False)
    except IllegalMove:
        return None
    return trusted(Meld, groups=[card_texts(g) for g in groups],
                   add={k: card_texts(v) for k, v in adds.items()})


def _shrinking(groups: list[list[Card]]) -> list[list[list[Card]]]:
    """The groups, then the groups less the weakest, less the two weakest, ... down to one."""
    ranked = sorted(groups, key=lambda g: -sum(c.points for c in g))
    return [ranked[:n] for n in range(len(ranked), 0, -1)] or [[]]


def take_candidates(game: Game, player: str) -> list[TakePile]:
    """Ways to take the pile: lay-off, natural pair, natural + wild, and with extra melds."""
    team = game.team_of(player)
    if game.pile_block(team) is not None:
        return []
    top = game.pile[-1]
    hand = game.hands[player]
    naturals = [c for c in hand if c.rank == top.rank]
    wilds = sorted((c for c in hand if c.is_wild), key=lambda c: -c.points)
    candidates: list[tuple[list[Card], list[list[Card]]]] = []
    if top.rank in game.team_melds[team]:
        candidates.append(([], []))
    if len(naturals) >= 2:
        candidates.append((naturals[:2], []))
    if naturals and wilds:
        candidates.append(([naturals[0], wilds[0]], []))
    if len(naturals) >= 2 and not game.team_melds[team]:
        # The initial meld: the pair plus whatever else the hand can meld.
        rest = list(hand)
        for c in naturals:
            rest.remove(c)
        for use_wilds in (False, True):
            groups, _ = greedy_melds(game, player, rest, skip_rank=top.rank,
                                     black_threes=False, use_wilds=use_wilds)
            for subset in _shrinking(groups):
                candidates.append((naturals, subset))
                candidates.append((naturals[:2], subset))
    legal: list[TakePile] = []
    for cards, groups in candidates:
        action = _legal_take(game, player, cards, groups)
        if action is not None and action not in legal:
            legal.append(action)
    return legal


def _meld_candidates(game: Game, player: str) -> list[Meld]:
    r = game.rules
    team = game.team_of(player)
    melds = game.team_melds[team]
    split = _by_rank(game.hands[player])
    naturals, wilds, _ = split
    cands: list[tuple[list[list[Card]], dict[str, list[Card]]]] = []
    distinct_wilds = list({c.text: c for c in wilds}.values())
    legal: list[Meld] = []
    if melds:
        # A natural laid off on its own meld is always sound while the hand keeps two cards.
        safe = len(game.hands[player]) >= 3 and r.max_meld_size is None
        for rank in melds:
            for c in naturals.get(rank, [])[:1]:
                if safe:
                    legal.append(trusted(Meld, groups=[], add={rank: [c.text]}))
                else:
                    cands.append(([], {rank: [c]}))
            if rank != "3" and distinct_wilds:
                cands.append(([], {rank: [distinct_wilds[-1]]}))
        for rank, cards in naturals.items():
            if rank in melds:
                continue
            if len(cards) >= 3:
                cands.append(([cards[:3]], {}))
            if len(cards) >= 2 and wilds and r.min_naturals <= 2:
                cands.append(([cards[:2] + [wilds[0]]], {}))
    groups, adds = greedy_melds(game, player, split=split)
    if groups or adds:
        cands.append((groups, adds))
        plain_groups, plain_adds = greedy_melds(game, player, use_wilds=False, split=split)
        if (plain_groups or plain_adds) and (plain_groups, plain_adds) != (groups, adds):
            cands.append((plain_groups, plain_adds))
        if not melds:
            # The initial meld: melding everything may be going out without a canasta, so
            # also offer the hand's best melds with the weakest left out.
            for grouping in (groups, plain_groups):
                for subset in _shrinking(grouping)[1:]:
                    cands.append((subset, {}))
    seen: set[tuple[object, ...]] = set()
    for groups, adds in cands:
        key = (tuple(tuple(g) for g in groups), tuple((k, tuple(v)) for k, v in adds.items()))
        if key in seen:
            continue
        seen.add(key)
        action = _legal_meld(game, player, groups, adds)
        if action is not None:
            legal.append(action)
    return legal


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
                    actions.append(trusted(Discard, card=c.text))
        actions.extend(_meld_candidates(game, player))
        if not game.asked and len(hand) > 1 and game.partners(player):
            actions.append(AskToGoOut())
    if game.rules.concession is not None:
        actions.append(Concede())
    return actions
