"""The checks of a reaction (`reaction NAME "label" on ACTION.WINDOW { … }`), mixed into the Checker:
its window, who it asks, whether the first to respond closes it, its prompt, condition and response."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.text.diagnostics import did_you_mean
from ..loops import nodes_in
from ..narrow import facts
from ..scope import Context, Scope, _shown

_PLAYERS = T.list_of(T.PLAYER)


class ReactionChecks:
    """`decl_ReactionDecl`, called by Checker.check_all; the host provides err, expect, expr, hint…"""

    def decl_ReactionDecl(self, d: A.ReactionDecl):
        for word, span in d.repeated:
            if word == "mode":
                self.err(span, f"reaction `{d.name}` says more than once whether the first to respond closes it",
                         "keep one: `first` (the first who responds closes it) or `each` (every one may)")
            else:
                self.err(span, f"reaction `{d.name}` says `{word}` twice", "keep one")
        scope = Scope()
        windows = self.s.windows_of(d.action)
        if windows is None:
            self.err(d.event_span, f"unknown action `{d.action}`", self.hint(d.action, self.s.event_sources()))
            scope.define("event", T.ANY, d.span, ("implicit", "v_event"))
        else:
            scope.define("event", ("event", d.action), d.span, ("implicit", "v_event"))
            if d.window not in windows:
                self.err(d.event_span, f"action `{d.action}` has no window `{d.window}`",
                         did_you_mean(d.window, windows) or f"its windows are: {', '.join(windows)}")
        scope.facts |= self._window_facts(d)
        prev = self.with_ctx(Context("reaction", event=d.action))    # unknown, it is reported once
        self._who(d, scope)
        if not d.mode:
            self.err(d.name_span, f"reaction `{d.name}` does not say whether the first player to respond closes it",
                     "add `first` (the first who responds closes the window) or `each` "
                     "(every player asked may respond, in turn)")
        asked = Scope(scope)
        asked.define("player", T.PLAYER, d.span, ("implicit", "v_player"))
        if d.when is not None:
            self.expect(d.when, T.BOOL, asked, "the condition for asking a player")
            asked.facts |= facts(d.when)
            self._unseen(d.when, "who is asked is seen by every player", False,
                         "ask regardless of it (a bluffing game lets anyone respond), or read only what is "
                         "public: its size, `count(…)`")
        if d.prompt is not None:
            self.expect(d.prompt, T.TEXT, asked, "the prompt")
            self._unseen(d.prompt, "the prompt is read by the player asked", True,
                         "name only what they may know (whose move it is, what was claimed), or its size: `count(…)`")
        if d.body is None:
            self.err(d.name_span, f"reaction `{d.name}` has no response",
                     "add `do { … }`: what a player who responds does (`player`, at `event`)")
        else:
            self.block(d.body, Scope(asked))
        self.ctx = prev

    def _who(self, d: A.ReactionDecl, scope: Scope) -> None:
        """`against` one player (never asked); `ask` a player, or players in order; at least one of them."""
        if d.against is None and d.ask is None:
            self.err(d.name_span, f"reaction `{d.name}` does not say who is asked",
                     "add `against PLAYER` (every other player, in turn order from them: `against event.user`) "
                     "or `ask PLAYERS` (these players, in this order)")
        for e in (d.against, d.ask):
            said = next((n for n in nodes_in(e) if isinstance(n, A.Name) and n.id == "player"), None) if e else None
            if said is not None:
                self.err(said.span, "`player` is the one asked, known only in `when`, `prompt` and `do`",
                         "who is asked is worked out from `event` as the window opens: "
                         f"`{'against' if e is d.against else 'ask'} event.FIELD`")
                return
        if d.against is not None:
            self.expect(d.against, T.opt(T.PLAYER), scope, "the player a reaction is against")
        if d.ask is not None:
            got = self.expr_want(d.ask, _PLAYERS, scope)
            self._note_coercion(d.ask, got, _PLAYERS)
            if not (T.assignable(got, _PLAYERS) or T.assignable(got, T.opt(T.PLAYER))):
                self.err(d.ask.span, f"a reaction asks a player or players, not {T.show(got)}",
                         "`ask event.target`, `ask others(event.user)`, `ask players() where …`")
            against = _shown(d.against) if d.against is not None else None
            if against is not None and _shown(d.ask) == against:
                self.err(d.ask.span, f"reaction `{d.name}` asks only `{against}`, the player it is against, "
                                     "who is never asked",
                         f"to let them respond to their own move, drop `against {against}`; "
                         f"to ask everyone else, drop `ask {against}`")

    def _unseen(self, e, why: str, own: bool, help: str) -> None:
        """Warn, once per expression, where it reads what not every player asked may see: the cards of
        a zone some players cannot see, a player's or the table's (its size, `count(…)`, is public), or a
        private attribute. With
        `own`, the asked player's own zone or attribute is theirs to see."""
        counted = {id(n.args[0].value) for n in nodes_in(e) if A.callee(n) == "count" and len(n.args) == 1}
        for n in nodes_in(e):
            ref = self.refs.get(n) if isinstance(n, (A.Field, A.Name)) else None
            if ref is None or id(n) in counted:
                continue
            mine = own and isinstance(n, A.Field) and isinstance(n.obj, A.Name) and n.obj.id == "player"
            if ref[0] == "player_zone":
                vis = self.s.zones[ref[1]].visibility
                hidden = vis != "public" and not (mine and vis == "owner")
            elif ref[0] == "player_value":
                a = self.s.attr("player", ref[1])
                hidden = a is not None and a.seen != "public" and not (mine and a.seen == "owner")
            elif ref[0] == "zone":                  # a table zone: the draw pile, a face-down row
                hidden = self.s.zones[ref[1]].visibility != "public"
            elif ref[0] == "table":
                a = self.s.attr("table", ref[1])
                hidden = a is not None and a.seen != "public"
            else:
                continue
            if hidden:
                self.d.warning(n.span, f"{why}, but this reads `{ref[1]}`, which not every player sees", help,
                               code="unseen-in-reaction")
                return
