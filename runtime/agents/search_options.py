"""The search agent's budget and rollout policies, apart from the agent, which builds on the whole
engine: a command line and the checker offer them without loading it, nor the agents (a check
need not import random)."""
DEFAULT_ROLLOUTS = 16
DEFAULT_POLICY = "random"
POLICY_NAMES = ("greedy", "random")     # the agents a search's rollouts may play every seat as (search.POLICIES)
SEARCH_OPTIONS = ("rollouts", "ms", "policy")    # what a command line may set (simulate --search-…)
