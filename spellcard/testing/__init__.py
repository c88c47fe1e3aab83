"""Property testing of a pack's rules: hypothesis strategies for its games, the properties every
game keeps, and `explore`, which plays many games, shrinks the first that breaks a property and
writes it as a `.spell` test. See docs/property-testing.md."""
from .explore import Exploration, explore, partners
from .pairs import Pairs, PairStats
from .play import Broken, Played, play
from .strategies import DrawnAgent, TableSpec, interactions, tables

__all__ = ["Broken", "DrawnAgent", "Exploration", "PairStats", "Pairs", "Played", "TableSpec", "explore",
           "interactions", "partners", "play", "tables"]
