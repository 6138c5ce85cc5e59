"""The moves of a turn (A.5-A.10): drawing, taking the pile, melding, discarding, asking
"may I go out?" and its answer, and British "Acaba"."""

from __future__ import annotations

from typing import Any

from .actions import AnswerGoOut, Discard, Meld, TakePile
from .canasta_needs import seven_discard_problem
from .cards import CARDS, Card, card, card_texts, parse_cards
from .cutthroat import form_partnership
from .discard_limits import discard_problem
from .errors import IllegalMove
from .feet import foot_after_melding, pick_up_foot
from .hand_end import end_hand
from .meld_keys import resolve_key
from .offered import offered_plan
from .planning import check_going_out, commit_plan, plan_meld, plan_take
from .special_hands import special_hand
from .table_state import TableState, receive
from .taking import any_take, forced_take
from .threes import keeps, laid_out, lay_out, three_event

Event = dict[str, Any]


def need_phase(state: TableState, phase: str, what: str) -> None:
    if state._phase != phase:
        if phase == "draw":
            raise IllegalMove(f"you have already drawn this turn: you can't {what} now",
                              code="already_drew", action=what)
        raise IllegalMove(f"draw first (from the stock, or take the pile) before you {what}",
                          code="draw_first", action=what)


# --- draw
def draw(state: TableState, player: str, _action: object = None) -> list[Event]:
    if state._phase != "draw":
        need_phase(state, "draw", "draw")
    if not state.stock:
        if forced_take(state, player):
            raise IllegalMove(f"the stock is empty and the {state.pile[-1].pretty} goes on "
                              "your side's meld: you must take the pile",
                              code="must_take_pile", card=state.pile[-1].text)
        events: list[Event] = [{"type": "decline", "player": player}]
        return events + end_hand(state, None, reason="stock")
    drawn: list[Card] = []
    events = []
    threes = state.rules.threes_laid_out   # (else only a red three is laid out)
    for _ in range(state.rules.draw):
        if not state.stock:
            break
        c = state.stock.pop()
        while (c.is_red_three or threes) and laid_out(state, c) and not keeps(state, player, c):
            if not state.stock and state.rules.threes_laid_out:
                # B.15: the last card a 3: the hand ends, the 3 stays in hand
                state.hands[player].extend([*drawn, c])
                state.history.extend(events)
                return events + end_hand(state, None, reason="last_three")
            lay_out(state, player, c)
            events.append(three_event(player, [c], "draw"))
            if not state.stock:  # A.4: the last card a red three ends the hand at once
                state.hands[player].extend(drawn)
                state.history.extend(events)
                return events + end_hand(state, None, reason="red_three")
            c = state.stock.pop()
        drawn.append(c)
    state.hands[player].extend(drawn)
    state.just_arrived[player] = drawn
    state._phase = "play"
    ev = {"type": "draw", "player": player, "count": len(drawn), "cards": card_texts(drawn),
          "stock": len(state.stock)}
    events.append(ev)
    state.history.extend(events)
    return events


def take_pile(state: TableState, player: str, action: TakePile,
              offered: bool = False) -> list[Event]:
    """``offered``: ``legal_actions`` offered this very move in this position
    (``offered.was_offered``), so only the plan's bookkeeping is left."""
    if state._phase != "draw":
        need_phase(state, "draw", "take the pile")
    cards = parse_cards(action.cards)
    groups = [parse_cards(g) for g in action.melds]
    team = state.side_of[player]
    plan = offered_plan(state, player, groups, [], [state.pile[-1], *cards],
                        len(state.pile_cards_to_hand(team))) if offered else None
    if plan is None:
        plan = plan_take(state, player, cards, groups)
    first = not state.team_melds[team]
    top = state.pile[-1]
    taken = state.cards_under_top(team)
    top_only = state.top_card_only(team)   # Slavic: the rest of the pile stays
    left = state.pile[:len(state.pile) - 1 - len(taken)]   # Hand and Foot: under the top 5
    pile_text = card_texts(taken + [top])
    events = commit_plan(state, player, plan)
    threes = [c for c in taken if c.is_red_three]
    rest = [c for c in taken if not c.is_red_three]
    if state.rules.removed_black_three:   # Cuban: out of play, scored for the side
        state.removed[team].extend(c for c in rest if c.is_black_three)
        rest = [c for c in rest if not c.is_black_three]
    state.red3[state.red_three_side(player)].extend(threes)
    state.hands[player].extend(rest)
    state.just_arrived[player] = rest + (state.just_arrived.get(player, [])
                                        if state.rules.bonus_piles else [])  # B.15 bonus
    state.pile = left
    state.pile_wilds = sum(1 for c in left if c.is_wild)
    state.start_frozen = state.start_frozen and top_only
    state.took_pile = True
    state.pile_rank = top.rank
    state._phase = "play"
    ev = {"type": "take_pile", "player": player, "top": top.text, "cards": card_texts(cards),
          "melds": [card_texts(g) for g in groups], "pile": pile_text, "size": len(pile_text)}
    if top_only:
        ev["top_only"] = True
    out = [ev, *events]
    if threes:
        out.append(three_event(player, threes, "pile"))
    state.history.extend(out)
    if state.rules.lone_hand and state.lone is None:
        out += form_partnership(state, player)
    return out + after_melding(state, player, events, first_meld=first)


# --- melding
def meld(state: TableState, player: str, action: Meld, offered: bool = False) -> list[Event]:
    """``offered``: as for ``take_pile``."""
    if state._phase != "play":
        need_phase(state, "play", "meld")
    groups = [parse_cards(g) for g in action.groups]
    adds = [(k, parse_cards(v)) for k, v in action.add.items()]
    combine = getattr(action, "combine", None) or []
    team = state.side_of[player]
    first = not state.team_melds[team]
    if state.rules.special_hands and first and not adds:
        special = special_hand(state.rules, state.hands[player], groups)
        if special is not None:
            return special_hand_out(state, player, *special)
    plan = (offered_plan(state, player, groups, adds) if offered and not combine
            else None) or plan_meld(state, player, groups, adds, combine=combine)
    laid_off: dict[str, list[str]] = {}
    for key, cards in adds:
        laid_off.setdefault(resolve_key(state, team, key), []).extend(card_texts(cards))
    events = commit_plan(state, player, plan)
    ev = {"type": "meld", "player": player, "groups": [card_texts(g) for g in groups],
          "add": laid_off}
    if plan.merges:
        ev["combined"] = [list(pair) for pair in plan.merges]
    if plan.hand_canastas:
        ev["hand_canastas"] = plan.hand_canastas
    out = [ev, *events]
    state.history.extend(out)
    if plan.blocking:   # South American: the hand ends, the opponents' melds cancelled
        block = {"type": "blocking_canasta", "player": player}
        state.history.append(block)
        return [*out, block, *end_hand(state, None, reason="blocking")]
    return out + after_melding(state, player, events, first_meld=first)


def special_hand_out(state: TableState, player: str, pattern: str, value: int) -> list[Event]:
    """B.15: a special hand melded as the side's first and only meld ends the hand."""
    ev = {"type": "special_hand", "player": player, "pattern": pattern, "points": value,
          "cards": card_texts(state.hands[player])}
    state.history.append(ev)
    return [ev, *end_hand(state, player, reason="special_hand", special=(pattern, value))]


def after_melding(state: TableState, player: str, events: list[Event],
                  first_meld: bool = False) -> list[Event]:
    """Kombo's cards for the hand's first canasta, Mexican's for the side's first meld;
    an empty hand goes out (Kombo: the turn passes, the hand goes on until the stock is
    gone)."""
    out: list[Event] = []
    r = state.rules
    if first_meld and r.first_meld_cards and state.stock:
        out += bonus_cards(state, player, r.first_meld_cards)
    made = [e for e in events if e["type"] == "canasta"]
    if made and r.first_canasta_cards and len(made) == sum(
            1 for e in state.history if e["type"] == "canasta"):
        out += bonus_cards(state, player)
    if state.rules.foot_size:
        out += foot_after_melding(state, player, bool(made))
    if state.hands[player]:
        return out
    if r.play_to_stock_end:
        return out + next_turn(state)
    return out + end_hand(state, player, reason="went_out")


def bonus_cards(state: TableState, player: str, count: int | None = None) -> list[Event]:
    """Kombo (B.3, LT): the first player to make a canasta draws extra cards from the stock
    (Mexican, B.12: the player making his side's first meld draws 13); red threes among
    them are laid out and replaced."""
    count = state.rules.first_canasta_cards if count is None else count
    got: list[Card] = []
    threes: list[Card] = []
    while state.stock and len(got) < count:
        c = state.stock.pop()
        (threes if c.is_red_three else got).append(c)
    state.red3[state.red_three_side(player)].extend(threes)
    receive(state, player, got)
    ev: list[Event] = [{"type": "bonus_cards", "player": player, "count": len(got),
                        "cards": card_texts(got), "stock": len(state.stock)}]
    if threes:
        ev.append(three_event(player, threes, "draw"))
    state.history.extend(ev)
    return ev


# --- discarding
def discard(state: TableState, player: str, action: Discard) -> list[Event]:
    if state._phase != "play":
        need_phase(state, "play", "discard")
    r = state.rules
    c = CARDS.get(action.card) or card(action.card)
    hand = state.hands[player]
    try:
        at = hand.index(c)   # (the card that leaves the hand, once the discard is lawful)
    except ValueError:
        raise IllegalMove(f"you don't hold {c.pretty}", code="not_held", card=c.text) from None
    team = state.side_of[player]
    if r.sevens_held:   # Pennies
        problem = seven_discard_problem(state, hand, c)
        if problem:
            raise problem
    foot = state.foot_pending(player)
    if len(hand) == 1 and not foot:
        if r.play_to_stock_end or not r.going_out_by_discard:
            raise IllegalMove("your last card must be melded, not discarded",
                              code="last_card_melded")
        check_going_out(state, team, state.canasta_kinds(team), 0)
    if c.is_black_three and state.black_three_held_back(player):
        raise IllegalMove("a black three may not be discarded in the first round",
                          code="black_three_first_round")
    if r.discard_limits:   # Modern American
        problem = discard_problem(state, player, c)
        if problem is not None:
            raise problem
    del hand[at]
    state.pile.append(c)
    if c.is_wild:
        state.pile_wilds += 1
    events: list[Event] = [{"type": "discard", "player": player, "card": c.text,
                            "frozen": c.is_wild}]
    if not hand and foot:   # Hand and Foot: the foot, next turn
        state.history.extend(events)
        return events + pick_up_foot(state, player, "next_turn") + next_turn(state)
    if not hand:
        state.history.extend(events)
        return events + end_hand(state, player, reason="went_out")
    if state.permission is True:
        state.penalties[team] += state.rules.permission_penalty
        events.append({"type": "penalty", "team": team, "player": player,
                       "points": state.rules.permission_penalty,
                       "why": "told yes but did not go out",
                       "code": "said_yes_did_not_go_out"})
    state.history.extend(events)
    return events + next_turn(state)


def next_turn(state: TableState) -> list[Event]:
    state.turn_idx = (state.turn_idx + 1) % len(state.order)
    state._phase = "draw"
    state.new_turn()
    player = state.order[state.turn_idx]
    state.just_arrived.pop(player, None)
    if not state.stock and not any_take(state, player):
        ev = {"type": "cannot_take", "player": player}
        state.history.append(ev)
        return [ev, *end_hand(state, None, reason="stock")]
    return []


# --- asking to go out
def ask(state: TableState, player: str) -> list[Event]:
    need_phase(state, "play", "ask to go out")
    partners = state.partners(player)
    if state.rules.play_to_stock_end:
        raise IllegalMove("in these rules the hand goes on until the stock is gone: there "
                          "is no going out to ask about", code="no_going_out")
    if not partners:
        raise IllegalMove("there is no partner to ask in this game: just go out if you can",
                          code="no_partner")
    if state.asked:
        raise IllegalMove("you may ask only once a turn", code="asked_already")
    if state.asked_this_hand(player):
        raise IllegalMove("you may ask only once a hand", code="asked_this_hand")
    if len(state.hands[player]) <= 1:
        raise IllegalMove("you are already going out", code="already_going_out")
    if state.foot_pending(player):
        raise IllegalMove("you can't go out before you have picked up your foot",
                          code="foot_not_picked_up")
    state.asked = True
    state._phase = "permission"
    state.question = {"asker": player, "partners": partners}
    ev = {"type": "ask", "player": player, "partners": list(partners)}
    state.history.append(ev)
    return [ev]


def answer(state: TableState, player: str, action: AnswerGoOut) -> list[Event]:
    if state._phase != "permission" or state.question is None:
        raise IllegalMove("nobody is asking to go out", code="nobody_asking")
    if player not in state.question["partners"]:
        raise IllegalMove(f"only {' or '.join(state.question['partners'])} may answer",
                          code="only_partners_answer", players=list(state.question["partners"]))
    asker = state.question["asker"]
    state.permission = bool(action.yes)
    state.question = None
    state._phase = "play"
    ev = {"type": "answer", "player": player, "asker": asker, "yes": bool(action.yes)}
    state.history.append(ev)
    return [ev]


# --- British concession
def concede(state: TableState, player: str) -> list[Event]:
    if state.rules.concession is None:
        raise IllegalMove("conceding a hand (\"Acaba\") is not part of these rules",
                          code="no_concession")
    ev = {"type": "concede", "player": player}
    state.history.append(ev)
    return [ev, *end_hand(state, None, reason="concession", conceder=player)]
