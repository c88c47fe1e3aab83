"""Every agent a table may name, by name. Kept apart from decisions.py because the search agent
builds on game.py, which builds on decisions.py; and apart from the package's __init__, so that
the compiler, which reads runtime.defs and runtime.limits, does not load the engine."""
from .decisions import GreedyAgent, RandomAgent
from .search_options import SEARCH_OPTIONS


def search_agent(seed: int = 0, **options):
    """A SearchAgent. Its modules (the look-ahead, the game cloner and pickle) are imported when a
    table first seats one: a random or greedy simulate never uses them, and they were a tenth of its
    start-up."""
    from .search import SearchAgent

    return SearchAgent(seed, **options)


search_agent.options = SEARCH_OPTIONS   # what make_agent passes it, read without importing the agent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "search": search_agent}
