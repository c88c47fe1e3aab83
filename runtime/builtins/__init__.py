"""The functions pack code may call. Each carries its typed signature, which the compiler reads:
the one table both the checker and the runtime agree on.

A built-in that changes the game, draws from its generator, asks a player or writes to its log
without going through a `Game` method that does (move, set_value, grant, decide …) moves `g.era`
on: query results remembered while plays are listed are valid only while it stands still.

Signature types: int bool text player card zone kind skill character phase play, lists written
`players cards texts ints kinds characters`, `T?` for optional, and three generic forms the checker
resolves per call: `any`, `list` (any list or zone), `elem` (an element of the first argument) and
`same` (the type of the first argument).
"""
from . import card_state, core, course, plays, show  # noqa: F401  (each family registers its built-ins)
from .registry import FUNCTIONS, RUNS_PACK_CODE, SIGNATURES, builtin  # noqa: F401
