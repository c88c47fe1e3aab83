"""Property testing of a pack's rules: hypothesis strategies for its games, the properties every
game keeps, and `explore`, which plays many games, shrinks the first that breaks a property and
writes it as a `.spell` test. A tester's own hypothesis tests use `tables`, `play`, `bounded`,
`spell_test` and `rerun`. See docs/property-testing.md."""
from .bound import bounded
from .explore import Exploration, explore, partners
from .pairs import Pairs, PairStats
from .play import Always, Broken, Played, Property, play
from .rerun import rerun
from .spelled import spell_test
from .strategies import DrawnAgent, TableSpec, interactions, tables

__all__ = ["Always", "Broken", "DrawnAgent", "Exploration", "PairStats", "Pairs", "Played", "Property", "TableSpec",
           "bounded", "explore", "interactions", "partners", "play", "rerun", "spell_test", "tables"]
