"""The generic runtime. The search agent joins the agents a table may name here, not in decisions.py:
it builds on game.py, which builds on decisions.py."""
from .decisions import AGENTS
from .search import SearchAgent

AGENTS["search"] = SearchAgent
