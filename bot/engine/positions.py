"""Positions from notation (``Game.from_position``): any table, for tests, puzzles, bug
reports, and the worlds computer players rebuild from a view."""

from __future__ import annotations

from .bonus_cards import set_position
from .cards import parse_cards
from .cutthroat import set_partnership
from .dealing import interleave, play_order
from .feet import feet_from_text
from .melds import TableMeld, add_meld, rank_name
from .table_state import TableState


def place(game: TableState, *, hands: dict[str, str], stock: str = "", discard: str = "",
          melds: dict[int, list[str]] | None = None, red_threes: dict[int, str] | None = None,
          scores: list[int] | None = None, turn: str | None = None, phase: str = "draw",
          pile_frozen: bool = False, melded_players: list[str] | None = None,
          minimums: list[int] | None = None, asked: bool = False,
          permission: bool | None = None, lone: str | None = None,
          feet: dict[str, str] | None = None, black_threes: dict[int, str] | None = None,
          bonus_piles: list[str] | None = None,
          asked_this_hand: list[str] | None = None) -> None:
    """Set up hand 1 of a game just built (``Game.from_position`` tells what each part
    means)."""
    rules = game.rules
    players = game.players
    if scores is not None:
        if len(scores) != rules.teams:
            raise ValueError(f"scores needs one number per side ({rules.teams})")
        game._scores = [int(s) for s in scores]
    game.hand_number = 1
    game.reset_hand()
    unknown = set(hands) - set(players)
    if unknown:
        raise ValueError(f"hands given for unknown players: {', '.join(sorted(unknown))}")
    game.order = play_order(game, 1)
    if rules.players == 5:
        sitters = [p for p in players if p not in hands]
        if len(sitters) == 1 and game.side_of[sitters[0]] == 0:
            active = [p for p in players if p != sitters[0]]
            game.order = interleave(game, active)
    for p in players:
        cards = parse_cards(hands.get(p, ""))
        if any(c.is_red_three for c in cards) and not rules.keep_three:
            raise ValueError("red threes are laid out, not held: put them in red_threes")
        game.hands[p] = cards
    feet_from_text(game, feet)
    game.stock = list(reversed(parse_cards(stock)))
    game.pile = parse_cards(discard)
    game.pile_wilds = sum(1 for c in game.pile if c.is_wild)
    game.start_frozen = pile_frozen
    if lone is not None:
        set_partnership(game, lone)
    for team, texts in (melds or {}).items():
        for text in texts:
            m = TableMeld.from_text(text)
            if m.shape == "set" and m.rank in game.team_melds[team] and not (
                    rules.duplicate_melds or rules.lone_hand):
                raise ValueError(f"side {team} has two melds of {rank_name(m.rank)}")
            add_meld(game.team_melds[team], m)
    for team, text in (red_threes or {}).items():
        game.red3[team] = parse_cards(text)
    set_position(game, black_threes, bonus_piles, asked_this_hand)
    turn = turn or game.order[0]
    if turn not in game.order:
        raise ValueError(f"{turn} does not play this hand")
    game.turn_idx = game.order.index(turn)
    if phase not in ("draw", "play", "permission"):
        raise ValueError("phase is 'draw', 'play' or 'permission'")
    if melded_players is not None:
        game.melded_players = set(melded_players)
    if minimums is not None:
        if len(minimums) != rules.teams:
            raise ValueError(f"minimums needs one number per side ({rules.teams})")
        game.minimums = [int(m) for m in minimums]
    game._phase = "play" if phase == "permission" else phase
    game.new_turn()
    game.asked = asked or phase == "permission"
    game.permission = permission
    if phase == "permission":
        partners = game.partners(turn)
        if not partners:
            raise ValueError(f"{turn} has no partner to ask")
        game._phase = "permission"
        game.question = {"asker": turn, "partners": partners}
