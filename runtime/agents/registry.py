"""Every agent a table may name, by name. Apart from the package's __init__, so that what reads
only the search agent's options (the compiler, the command line's help) loads no agent."""
from .simple import GreedyAgent, RandomAgent
from .search_options import SEARCH_OPTIONS


def search_agent(seed: int = 0, **options):
    """A SearchAgent. Its modules (the look-ahead, the game cloner and pickle) are imported when a
    table first seats one: a random or greedy simulate never uses them, and they were a tenth of its
    start-up."""
    from .search import SearchAgent

    return SearchAgent(seed, **options)


search_agent.options = SEARCH_OPTIONS   # what make_agent passes it, read without importing the agent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "search": search_agent}
