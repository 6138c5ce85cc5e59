"""Canasta rules engine: pure Python, no I/O. See ``Game``."""

from .actions import (
                      Action,
                      AnswerGoOut,
                      AskToGoOut,
                      Concede,
                      Discard,
                      Draw,
                      Meld,
                      TakePile,
                      action_from_dict,
                      action_to_dict,
                      discard_of,
)
from .cards import ALL_CARDS, Card, card, format_cards, parse_cards
from .cutthroat import partnership
from .errors import IllegalMove, quoted
from .game import Game
from .legal import blocking_moves
from .melds import canasta_bonus, judge_shape
from .rules import Rules
from .scoring import BREAKDOWN_KEYS, HandResult, red_threes_plus
from .special_hands import special_hand
from .variants import VARIANT_DESCRIPTIONS, VARIANTS, variant
from .view import side_now

__all__ = [
    "ALL_CARDS", "Action", "AnswerGoOut", "AskToGoOut", "BREAKDOWN_KEYS", "Card", "Concede",
    "Discard", "Draw", "Game", "HandResult", "IllegalMove", "Meld", "Rules", "TakePile",
    "VARIANTS", "VARIANT_DESCRIPTIONS", "action_from_dict", "action_to_dict", "blocking_moves",
    "canasta_bonus", "card", "discard_of", "format_cards", "judge_shape", "parse_cards",
    "partnership", "quoted", "red_threes_plus", "side_now", "special_hand", "variant",
]
