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
)
from .cards import Card, card, format_cards, parse_cards
from .errors import IllegalMove, quoted
from .game import Game
from .rules import Rules
from .scoring import BREAKDOWN_KEYS, HandResult
from .variants import VARIANT_DESCRIPTIONS, VARIANTS, variant

__all__ = [
    "Action", "AnswerGoOut", "AskToGoOut", "BREAKDOWN_KEYS", "Card", "Concede", "Discard",
    "Draw", "Game", "HandResult", "IllegalMove", "Meld", "Rules", "TakePile", "VARIANTS",
    "VARIANT_DESCRIPTIONS", "action_from_dict", "action_to_dict", "card", "format_cards",
    "parse_cards", "quoted", "variant",
]
