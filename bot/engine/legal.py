"""The legal moves of a player, in a compact form that is complete for every kind of move.

Meld choices are combinatorial, so the list holds one representative of each kind:

- drawing, whenever it is legal; every distinct discard;
- each take of the pile: for every count of naturals and of wild cards from the hand that can
  join the top card, one take with the further melds it needs (``taking``);
- a side that has melded: every lay-off of a natural and of a wild card on each of its melds,
  and every new meld with and without a wild card, in the smallest form (any move that does
  not go out shrinks to these);
- a side that has not melded: at least one initial meld that keeps two cards, whenever one
  exists (``initial_meld``);
- every going-out line: for each rank of card that can be the last one discarded, and for
  melding the whole hand, one meld that does it (``going_out``); "may I go out?" only when
  there is such a line;
- besides these, the largest melds the hand allows, and the same with the weakest left out.

Every candidate is checked by the same planner ``apply`` uses, so nothing illegal is offered
(a building meld that keeps two cards in hand, where the planner asks only the law of melds,
asks that law directly: it is the hot path of every computer turn).
"""

from __future__ import annotations

from .actions import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Concede,
    Discard,
    Draw,
    Meld,
    trusted,
)
from .blocking import BLACK_THREES, MATCHING_WILDS, wild_kind
from .canasta_needs import seven_discard_problem
from .cards import Card, card_texts
from .discard_limits import barred
from .errors import IllegalMove
from .going_out import fewest_to_meld, meld_everything, stranded, wild_room
from .initial_meld import MeldTable, most_points
from .legal_shapes import going_out_with_shapes, shape_moves
from .melds import TableMeld, meld_problem, other_canastas, set_melds
from .planning import plan_meld
from .rules import Rules
from .special_hands import special_hand
from .table_state import TableState
from .taking import forced_take, take_actions


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


def greedy_melds(game: TableState, player: str, split: Split, use_wilds: bool = True,
                 ) -> tuple[list[list[Card]], dict[str, list[Card]]]:
    """Meld as much of the hand as the rules allow: every natural that fits, wild cards where
    they are needed and then wherever they fit. Returns (new groups, lay-offs by rank)."""
    r = game.rules
    team = game.team_of(player)
    melds = set_melds(r, game.team_melds[team])
    naturals, wilds, black = split
    wilds = list(wilds) if use_wilds else []
    groups: list[list[Card]] = []
    adds: dict[str, list[Card]] = {}
    pairs: list[list[Card]] = []
    for rank, cards in naturals.items():
        if rank in melds:
            adds[rank] = list(cards)
        elif len(cards) >= 3:
            groups.append(list(cards))
        elif len(cards) == 2:
            pairs.append(list(cards))
    pairs.sort(key=lambda g: -g[0].points)
    for g in pairs:
        if wilds and g[0].rank not in r.wildless_ranks:
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
                rank = groups[int(key[1:])][0].rank if key.startswith("#") else key
                if rank in r.wildless_ranks and not w:
                    break
                c = wilds.pop(0)
                w += 1
                if key.startswith("#"):
                    groups[int(key[1:])].append(c)
                else:
                    adds.setdefault(key, []).append(c)
    if len(black) >= 3 and r.black_threes_meldable:
        groups.append(black)
    return groups, {k: v for k, v in adds.items() if v}


def _legal_meld(game: TableState, player: str, groups: list[list[Card]],
                adds: dict[str, list[Card]]) -> Meld | None:
    try:
        plan_meld(game, player, groups, list(adds.items()), check_held=False)
    except IllegalMove:
        return None
    return trusted(Meld, groups=[card_texts(g) for g in groups],
                   add={k: card_texts(v) for k, v in adds.items()})


def _shrinking(groups: list[list[Card]]) -> list[list[list[Card]]]:
    """The groups, then the groups less the weakest, less the two weakest, ... down to one."""
    ranked = sorted(groups, key=lambda g: -sum(c.points for c in g))
    return [ranked[:n] for n in range(len(ranked), 0, -1)] or [[]]


def _smallest_melds(game: TableState, player: str, split: Split) -> list[Meld]:
    """A side that has melded: each lay-off and each new meld in its smallest form (one
    natural; one wild card with the fewest naturals it needs; three naturals; a pair and a
    wild card). A move that does not go out can always shrink to one of these."""
    r = game.rules
    melds = set_melds(r, game.team_melds[game.team_of(player)])
    naturals, wilds, _ = split
    low_wild = wilds[-1:]
    # A natural laid off on its own meld is always sound while the hand keeps two cards.
    safe = len(game.hands[player]) >= 3 and r.max_meld_size is None
    legal: list[Meld] = []
    cands: list[tuple[list[list[Card]], dict[str, list[Card]]]] = []
    for rank in melds:
        own = naturals.get(rank, [])
        if own:
            if safe:
                legal.append(trusted(Meld, groups=[], add={rank: [own[0].text]}))
            else:
                cands.append(([], {rank: own[:1]}))
        if rank != "3" and low_wild:
            # the fewest naturals that let a wild card join (Vienna: never more wild cards)
            m = melds[rank]
            k = next((k for k in range(len(own) + 1)
                      if wild_room(r, rank, m.naturals + k, m.wilds) > 0), None)
            if k is not None:
                cands.append(([], {rank: own[:k] + low_wild}))
    for rank, cards in naturals.items():
        if rank in melds:
            continue
        plain = max(3, r.min_naturals)
        if len(cards) >= plain:
            cands.append(([cards[:plain]], {}))
        paired = max(2, r.min_naturals)
        if len(cards) >= paired and low_wild:
            cands.append(([cards[:paired] + low_wild], {}))
    keeps = len(game.hands[player]) - 2
    for groups, adds in cands:
        if sum(map(len, groups)) + sum(map(len, adds.values())) <= keeps and not r.strict_melds:
            action = _building_meld(r, melds, groups, adds)
        else:
            action = _legal_meld(game, player, groups, adds)
        if action is not None:
            legal.append(action)
    return legal


def _building_meld(rules: Rules, melds: dict[str, TableMeld], groups: list[list[Card]],
                   adds: dict[str, list[Card]]) -> Meld | None:
    """A side that has melded, keeping two cards (so not going out): the planner asks only
    whether each meld it makes or grows is one the law allows (A.6); this asks the same, for
    candidates built one rank a group, without the planner's bookkeeping."""
    for rank, cards in [(_rank(g), g) for g in groups] + list(adds.items()):
        old = melds.get(rank)
        wilds = sum(1 for c in cards if c.is_wild) + (old.wilds if old else 0)
        naturals = len(cards) + (len(old.cards) if old else 0) - wilds
        if meld_problem(rules, rank, naturals, wilds, going_out=False):
            return None
    return trusted(Meld, groups=[card_texts(g) for g in groups],
                   add={k: card_texts(v) for k, v in adds.items()})


def _rank(group: list[Card]) -> str:
    return next(c.rank for c in group if not c.is_wild)


def _initial_meld(game: TableState, player: str, split: Split) -> Meld | None:
    """The fewest cards worth the minimum that keep two in hand (A.7), if any."""
    naturals, wilds, _ = split
    hand = game.hands[player]
    need = game.minimum_of(player)
    if len(hand) < 5 or most_points(game.rules, naturals, wilds) < need:
        return None
    groups = MeldTable(game.rules, naturals, wilds, len(hand) - 2).find(need, len(hand) - 2)
    return None if groups is None else _legal_meld(game, player, groups, {})


def going_out_lines(game: TableState, player: str) -> list[Meld]:
    """Every way to go out by melding this turn: one Meld for each rank of card that can be
    the last one left to discard, and one melding the whole hand (A.9)."""
    team = game.team_of(player)
    melds = set_melds(game.rules, game.team_melds[team])
    have = other_canastas(game.rules, game.team_melds[team])
    hand = game.hands[player]
    if game.permission is False:
        return []
    left = stranded(game.rules, melds, hand)
    foot = game.foot_pending(player)   # Hand and Foot: melding the hand away picks it up
    if left is None or not (foot or _canastas_within_reach(game, melds, hand, have)):
        return []
    spares: list[Card | None] = list(left) or [None, *_spares(game.rules, melds, hand)]
    lines: list[Meld] = []
    for spare in spares:
        cards = list(hand)
        if spare is not None:
            cards.remove(spare)
        if not cards:
            continue
        plan = meld_everything(game.rules, melds, cards, have=have, need=0 if foot else None)
        if plan is None:
            continue
        groups = [g for rank, g in plan.items() if rank not in melds]
        adds = {rank: g for rank, g in plan.items() if rank in melds and g}
        action = _legal_meld(game, player, groups, adds)
        if action is not None:
            lines.append(action)
    return lines


def _spares(rules: Rules, melds: dict[str, TableMeld], hand: list[Card]) -> list[Card]:
    """One card of each rank whose discard could end a going out: not the last but one of a
    rank that must still make a new meld (what is left of it would be stranded)."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    spares: dict[str, Card] = {}
    for c in hand:
        if c.rank in spares:
            continue
        rest = counts[c.rank] - 1
        if (c.is_wild or c.rank in melds or rest == 0
                or rest >= fewest_to_meld(rules, c.rank)):
            spares[c.rank] = c
    return list(spares.values())


def _canastas_within_reach(game: TableState, melds: dict[str, TableMeld], hand: list[Card],
                           have: int) -> bool:
    """Could melding the whole hand give the side the canastas it needs to go out? (A quick
    bound: each meld with all its naturals from the hand and every wild card.)"""
    r = game.rules
    wilds = 0
    naturals: dict[str, int] = {rank: m.naturals for rank, m in melds.items()}
    for c in hand:
        if c.is_wild:
            wilds += 1
        else:
            naturals[c.rank] = naturals.get(c.rank, 0) + 1
    for rank, n in naturals.items():
        w = melds[rank].wilds if rank in melds else 0
        if n + w + min(wilds, wild_room(r, rank, n, w)) >= r.canasta_size:
            have += 1
    return have >= r.canastas_to_go_out


def _meld_actions(game: TableState, player: str, out: list[Meld]) -> list[Meld]:
    """Building melds (``out``: the going-out lines, already found)."""
    melded = bool(game.team_melds[game.team_of(player)])
    split = _by_rank(game.hands[player])
    legal: list[Meld] = _smallest_melds(game, player, split) if melded else []
    cands: list[tuple[list[list[Card]], dict[str, list[Card]]]] = []
    groups, adds = greedy_melds(game, player, split=split)
    if groups or adds:
        cands.append((groups, adds))
        plain_groups, plain_adds = greedy_melds(game, player, use_wilds=False, split=split)
        if (plain_groups or plain_adds) and (plain_groups, plain_adds) != (groups, adds):
            cands.append((plain_groups, plain_adds))
        if not melded:
            # The initial meld: melding everything may be going out without a canasta, so
            # also offer the hand's best melds with the weakest left out.
            for grouping in (groups, plain_groups):
                for subset in _shrinking(grouping)[1:]:
                    cands.append((subset, {}))
    keys = [_key(a.groups, a.add) for a in legal]
    seen = {_key(a.groups, a.add) for a in out}
    if seen:
        legal = [a for a, k in zip(legal, keys, strict=True) if k not in seen]
    seen.update(keys)
    for groups, adds in cands:
        key = _key([card_texts(g) for g in groups], {k: card_texts(v) for k, v in adds.items()})
        if key in seen:
            continue
        seen.add(key)
        action = _legal_meld(game, player, groups, adds)
        if action is not None:
            legal.append(action)
    hand = len(game.hands[player])
    if not melded and not any(hand - _used(a) >= 2 for a in legal):
        initial = _initial_meld(game, player, split)
        if initial is not None:
            legal.append(initial)
    return legal


def _key(groups: list[list[str]], add: dict[str, list[str]]) -> tuple[object, ...]:
    """The same move whatever the order of its cards and groups."""
    return (tuple(sorted(tuple(sorted(g)) for g in groups)),
            tuple(sorted((str(k), tuple(sorted(v))) for k, v in add.items())))


def _used(action: Meld) -> int:
    return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())


def blocking_moves(game: TableState, player: str) -> list[Meld]:
    """The blocking canastas the hand can meld now (one per kind of matching wild card)."""
    if not game.rules.blocking_canasta:
        return []
    hand = game.hands[player]
    threes = [c for c in hand if c.is_black_three][:BLACK_THREES]
    if len(threes) < BLACK_THREES:
        return []
    moves: list[Meld] = []
    for kind in ("joker", "red", "black"):
        wilds = [c for c in hand if c.is_wild and wild_kind(c) == kind][:MATCHING_WILDS]
        if len(wilds) < MATCHING_WILDS:
            continue
        action = trusted(Meld, groups=[card_texts(threes + wilds)], add={})
        try:
            plan_meld(game, player, [threes + wilds], [], check_held=False)
        except IllegalMove:
            continue
        moves.append(action)
    return moves


def legal_actions(game: TableState, player: str) -> list[Action]:
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
        takes = take_actions(game, player)
        if game.stock or not forced_take(game, player):
            actions.append(Draw())
        actions.extend(takes)
    else:
        hand = game.hands[player]
        team = game.team_of(player)
        can_go_out = game.may_go_out(team) and game.permission is not False
        foot = game.foot_pending(player)
        if len(hand) > 1 or foot or (can_go_out and not game.rules.play_to_stock_end
                                     and game.rules.going_out_by_discard):
            seen: set[Card] = set()
            if game.black_three_held_back(player):
                seen.update(c for c in hand if c.is_black_three)
            seen.update(barred(game, player))
            sevens = game.rules.sevens_held   # Pennies
            for c in hand:
                if c not in seen and not (sevens and seven_discard_problem(game, hand, c)):
                    seen.add(c)
                    actions.append(trusted(Discard, card=c.text))
        out = going_out_lines(game, player)
        if game.rules.sequences or game.rules.wild_melds:
            out += going_out_with_shapes(game, player)
        actions.extend(_meld_actions(game, player, out))
        if game.rules.sequences or game.rules.wild_melds:
            greedy = (None if game.team_melds[team]
                      else greedy_melds(game, player, _by_rank(hand), use_wilds=False))
            actions.extend(shape_moves(game, player, greedy))
        actions.extend(out)
        actions.extend(blocking_moves(game, player))   # South American
        if (game.rules.special_hands and not game.team_melds[team]
                and special_hand(game.rules, hand, [hand]) is not None):
            actions.append(trusted(Meld, groups=[card_texts(hand)], add={}))   # B.15
        if (out and not game.asked and len(hand) > 1 and game.partners(player)
                and not game.rules.play_to_stock_end and not foot
                and not game.asked_this_hand(player)):
            actions.append(AskToGoOut())
    if game.rules.concession is not None:
        actions.append(Concede())
    return actions
