"""The legal moves of a player, in a compact form that is complete for every kind of move.

Meld choices are combinatorial, so the list holds one representative of each kind:

- drawing, whenever it is legal; every distinct discard;
- each take of the pile: for every count of naturals and of wild cards from the hand that can
  join the top card, one take with the further melds it needs (``taking``);
- the melds of sets (``legal_melds``): every lay-off and new meld in its smallest form, at
  least one initial meld keeping two cards whenever one exists, every going-out line, the
  largest melds and the same with the weakest left out;
- the Samba family's sequences and wild melds (``legal_shapes``), South American's blocking
  canastas, Modern American's special hand;
- "may I go out?" only when there is a going-out line.

Every candidate is checked by the same planner ``apply`` uses, so nothing illegal is offered.
"""

from __future__ import annotations

from .actions import (
    DISCARDS,
    Action,
    AnswerGoOut,
    AskToGoOut,
    Concede,
    Draw,
    Meld,
    discard_of,
    meld_of,
)
from .blocking import BLACK_THREES, MATCHING_WILDS, wild_kind
from .canasta_needs import seven_discard_problem
from .cards import Card
from .discard_limits import barred
from .errors import accepted
from .legal_candidates import meld_actions
from .legal_going_out import going_out_lines
from .legal_melds import Seat, greedy_melds
from .legal_shapes import going_out_with_shapes, shape_moves
from .offered import by_rank, remember
from .planning import plan_meld
from .special_hands import special_hand
from .table_state import TableState
from .taking import forced_take, take_actions


def blocking_moves(game: TableState, player: str) -> list[Meld]:
    """The blocking canastas the hand can meld now (one per kind of matching wild card)."""
    if not game.rules.blocking_canasta:
        return []
    hand = game.hands[player]
    threes = [c for c in hand if c.is_black_three][:BLACK_THREES]
    if len(threes) < BLACK_THREES:
        return []
    moves: list[Meld] = []
    by_kind: dict[str, list[Card]] = {"joker": [], "red": [], "black": []}
    for c in hand:
        if c.is_wild:
            by_kind[wild_kind(c)].append(c)
    for matching in by_kind.values():   # (jokers, red 2s, black 2s)
        wilds = matching[:MATCHING_WILDS]
        if len(wilds) < MATCHING_WILDS:
            continue
        if not accepted(plan_meld, game, player, [threes + wilds], [], check_held=False):
            continue
        moves.append(meld_of([[c.text for c in threes + wilds]], {}))
    return moves


def discards(game: TableState, player: str) -> list[Action]:
    """Every distinct card the player may discard, in the order of the hand."""
    hand = game.hands[player]
    r = game.rules
    if r.black_three_first_round or r.discard_limits or r.sevens_held:
        skip: set[Card] = set()
        if game.black_three_held_back(player):   # Cuban
            skip.update(c for c in hand if c.is_black_three)
        if r.discard_limits:                     # Modern American
            skip.update(barred(game, player))
        if r.sevens_held:                        # Pennies
            skip.update(c for c in hand if seven_discard_problem(game, hand, c))
        if skip:
            return [discard_of(c.text) for c in dict.fromkeys(hand) if c not in skip]
    moves = DISCARDS   # every card's discard, made once
    return list({c.text: moves[c.text] for c in hand}.values())


_DRAW = Draw()   # (a move has no state of its own: one for every call)


def legal_actions(game: TableState, player: str) -> list[Action]:
    phase = game._phase
    if player not in game.side_of or phase == "over":
        return []
    if phase == "permission":
        assert game.question is not None
        if player in game.question["partners"]:
            return [AnswerGoOut(yes=True), AnswerGoOut(yes=False)]
        return []
    if player != game.order[game.turn_idx]:
        return []
    r = game.rules
    actions: list[Action] = []
    if phase == "draw":
        takes = take_actions(game, player)
        if game.stock or not forced_take(game, player):
            actions.append(_DRAW)
        actions.extend(takes)
        if takes and by_rank(r):   # ``apply`` commits these without judging them again
            remember(game, player, takes)
    else:
        seat = Seat(game, player)
        hand = seat.hand
        foot = game.foot_pending(player)
        shapes = r.sequences or r.wild_melds   # the Samba family's melds beside sets
        if len(hand) > 1 or foot or (game.may_go_out(seat.team) and game.permission is not False
                                     and not r.play_to_stock_end and r.going_out_by_discard):
            actions.extend(discards(game, player))
        out = going_out_lines(seat)
        sets_out = len(out)
        if shapes:
            out += going_out_with_shapes(game, player)
        melds = meld_actions(seat, out, sets_out)
        actions.extend(melds)
        if shapes:
            actions.extend(shape_moves(game, player,
                                       None if seat.table else greedy_melds(seat)[1]))
        actions.extend(out)
        if by_rank(r):   # ``apply`` commits these without judging them again
            remember(game, player, melds, out)
        if r.blocking_canasta:   # South American
            actions.extend(blocking_moves(game, player))
        if (r.special_hands and not seat.table
                and special_hand(r, hand, [hand]) is not None):
            actions.append(meld_of([[c.text for c in hand]], {}))   # B.15
        if (out and not game.asked and len(hand) > 1 and game.partners(player)
                and not r.play_to_stock_end and not foot
                and not game.asked_this_hand(player)):
            actions.append(AskToGoOut())
    if r.concession is not None:
        actions.append(Concede())
    return actions
