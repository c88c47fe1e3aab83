"""The options that choose who plays, and the search agent's budget, as `simulate` and `balance`
take them."""
from __future__ import annotations

from typing import Optional

import click

from spellcard.compiler.text.safe import MAX_QUOTE, clip
from spellcard.runtime.agents.search_options import DEFAULT_POLICY, DEFAULT_ROLLOUTS, POLICY_NAMES


def _agent_list(ctx, param, value: str) -> str:
    from spellcard.simulate import unknown_agents

    unknown = unknown_agents(value)
    if unknown:
        from spellcard.runtime.agents.registry import AGENTS

        raise click.BadParameter(f"unknown agent {clip(unknown[0], MAX_QUOTE)!r}; "
                                 f"the agents are: {', '.join(sorted(AGENTS))}")
    return value


class AgentOption(click.Option):
    """`--agent`, whose help names the runtime's agents, read from it only when help is shown: the
    wait for `spellcard check` is mostly imports."""

    def get_help_record(self, ctx):
        from spellcard.runtime.agents.registry import AGENTS

        self.help = (f"Who plays ({', '.join(sorted(AGENTS))}: random picks uniformly among legal moves, "
                     "greedy always acts and never holds back, search looks ahead by playing games out). "
                     "A comma list cycles over the seats: `random,greedy` seats random at P0, P2, … and "
                     "greedy at P1, P3, ….")
        return super().get_help_record(ctx)


agent_option = click.option("--agent", cls=AgentOption, metavar="A[,B…]", default="random",
                            show_default=True, callback=_agent_list)


def search_options(command):
    """The search agent's budget and rollout policy, as `simulate` and `balance` take them."""
    for option in reversed((
            click.option("--search-rollouts", type=click.IntRange(min=1), metavar="N",
                         help="The search agent's rollouts per decision: more plays stronger and slower "
                              f"(default: the pack's `search` line, else {DEFAULT_ROLLOUTS})."),
            click.option("--search-ms", type=click.FloatRange(min=0, min_open=True), metavar="MS",
                         help="Also stop a search after MS milliseconds per decision (bounded time, but "
                              "then the same seed no longer gives the same game)."),
            click.option("--search-policy", type=click.Choice(sorted(POLICY_NAMES)),
                         help="How the search agent's rollouts play every seat (default: the pack's "
                              f"`search` line, else {DEFAULT_POLICY})."))):
        command = option(command)
    return command


def agent_options(pdef, search_rollouts: Optional[int], search_ms: Optional[float],
                  search_policy: Optional[str]) -> tuple:
    """The (name, value) pairs a Table passes to the agents that take them: what the command line
    gives, else the pack's `search` line, else the built-in defaults."""
    pack = pdef.search
    return (("rollouts", search_rollouts or pack.get("rollouts", DEFAULT_ROLLOUTS)), ("ms", search_ms),
            ("policy", search_policy or pack.get("policy", DEFAULT_POLICY)))
