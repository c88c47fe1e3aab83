"""Every agent a table may name, by name. Kept apart from decisions.py because the search agent
builds on game.py, which builds on decisions.py; and apart from the package's __init__, so that
the compiler, which reads runtime.defs and runtime.limits, does not load the engine."""
from .decisions import GreedyAgent, RandomAgent
from .search import SearchAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "search": SearchAgent}
