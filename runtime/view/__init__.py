"""The information model: what one seat may see of a game (seat.py). An agent reads the names below
from here, the path docs/views.md gives."""
from .seat import (UNKNOWN, SeenCard, SeenDecision, SeenEvent, SeenOptions, SeenPlay, SeenPlayer,
                   SeenZone, Unknown, View, knows, sees_value, view_of)

__all__ = ["UNKNOWN", "SeenCard", "SeenDecision", "SeenEvent", "SeenOptions", "SeenPlay", "SeenPlayer",
           "SeenZone", "Unknown", "View", "knows", "sees_value", "view_of"]
