"""Computer players for Canasta. ``computer_player(level, seed)`` returns an object whose
``choose(view)`` gives a legal action for the seat that ``view`` belongs to; it sees only the
view (which carries the public history of the hand), never another hand or the stock."""

from .levels import LEVELS, computer_player
from .players import ComputerPlayer, acting_seat

__all__ = ["LEVELS", "ComputerPlayer", "acting_seat", "computer_player"]
