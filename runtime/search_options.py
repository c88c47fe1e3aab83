"""The search agent's budget and rollout policies, apart from the agent, which builds on the whole
engine: a command line offers them without loading it."""
from .decisions import GreedyAgent, RandomAgent

DEFAULT_ROLLOUTS = 16
DEFAULT_POLICY = "random"
POLICIES = {"random": RandomAgent, "greedy": GreedyAgent}
SEARCH_OPTIONS = ("rollouts", "ms", "policy")    # what a command line may set (simulate --search-…)
