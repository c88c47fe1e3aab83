"""The checks of a pack's content: cards, skills, anytime rules, characters, decks and modes
(mixed into the Checker, which provides the helpers: err, expect, new_scope, with_ctx…)."""
from __future__ import annotations

from spellcard.runtime.limits import MAX_DECK, MAX_PLAYERS

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.text.diagnostics import did_you_mean
from .narrow import facts
from .scope import Context, Scope, _listing


class ContentChecks:
    """One method per content declaration, `decl_<kind>`, called by Checker.check_all."""

    def decl_CardDecl(self, d: A.CardDecl):
        if d.anytime:
            self._anytime_needs_points(d.span, f"card `{d.name}`")
        for a in d.assigns:
            self._kind_attr("card", a)
        for t in d.targets:
            scope = self._card_scope(d)
            if t.kind not in ("self", "none"):
                self.expect(t.count, T.INT, scope, "the number of targets")
                self.expect(t.pool, T.list_of(T.PLAYER), scope, "the targets to choose from")
        if d.when is not None:
            self.expect(d.when.cond, T.BOOL, self._card_scope(d), "the condition for using the card")
        for sc in d.skills:
            self._skill_names(sc)
        seen = set()
        for h in d.hooks:
            hook = self.s.hooks.get(h.name)
            if hook is None:
                self.err(h.span, f"`{h.name}` is not a hook the pack declares",
                         did_you_mean(h.name, self.s.hooks) or (
                             f"the pack's hooks are: {_listing(self.s.hooks) or 'none'}; "
                             f"declare a new one with `hook {h.name}(…)`"))
                continue
            if h.name in seen:
                self.err(h.span, f"card `{d.name}` implements `{h.name}` twice")
            seen.add(h.name)
            # A hook's `T?` parameters are the pack's contract with its own caller (a card's
            # `target` is there when the card has one): trusted, like event fields.
            scope = self.new_scope(hook.params, trusted=True)
            scope.define("card", T.CARD, d.span, ("implicit", "v_card"))
            prev = self.with_ctx(Context("hook"))
            self.block(h.body, scope)
            self.ctx = prev

    def _card_scope(self, d) -> Scope:
        scope = Scope()
        scope.define("user", T.PLAYER, d.span, ("implicit", "v_user"))
        scope.define("card", T.CARD, d.span, ("implicit", "v_card"))
        return scope

    def _kind_attr(self, owner: str, a: A.AssignClause):
        decl = self.s.attr(owner, a.name)
        if decl is None:
            known = [n for (o, n) in self.s.attrs_ if o == owner]
            self.err(a.span, f"`{a.name}` is not a {owner} attribute",
                     did_you_mean(a.name, known) or f"declare it: `attr {owner} {a.name}: TYPE`")
            return
        if not self._constant(a.value):
            self.err(a.value.span, f"the value of `{a.name}` must be a constant (a number, text or enum member)",
                     "attributes are fixed when the pack is built; " + (
                         "for a number that changes in play, declare a `counter`"
                         if T.strip(self.s.type_of(decl.type)) == T.INT else
                         "work out what changes in play in the code that reads it"))
            return
        self.expect(a.value, self.s.type_of(decl.type), Scope(), f"`{a.name}`")

    def _constant(self, e) -> bool:
        if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit)):
            return True
        if isinstance(e, A.Neg):
            return self._constant(e.operand)
        if isinstance(e, A.Name):
            return e.id in self.s.members
        if isinstance(e, A.Field) and isinstance(e.obj, A.Name):
            return e.obj.id in self.s.enums
        return False

    def _skill_names(self, sc: A.SkillsClause, rules: bool = False):
        for name, span in sc.names:
            if name not in self.s.skills:
                # A character's or card's list wants a player's skill: suggest a table rule last.
                mine = self.s.skills.keys() - self.rule_skills if not rules else self.rule_skills
                self.err(span, f"unknown skill `{name}`", self.hint(name, self.s.skills, first=mine))

    def decl_SkillDecl(self, d: A.SkillDecl):
        for c in d.clauses:
            if isinstance(c, A.TriggerClause):
                self._trigger(d, c)
            elif isinstance(c, A.ActiveClause):
                if c.anytime:
                    self._anytime_needs_points(c.span, f"skill `{d.name}`")
                scope = self._skill_scope(d)
                prev = self.with_ctx(Context("active"))
                if c.when is not None:
                    self.expect(c.when, T.BOOL, scope, "the condition")
                    scope.facts |= facts(c.when)
                self.block(c.body, Scope(scope))
                self.ctx = prev
            elif isinstance(c, A.ConvertClause):
                scope = self._skill_scope(d)
                if c.as_kind not in self.s.cards:
                    self.err(c.kind_span, f"unknown card `{c.as_kind}`", did_you_mean(c.as_kind, self.s.cards))
                if c.count < 1:
                    self.err(c.span, "a conversion needs at least one card")
                self.expect(c.pool, T.list_of(T.CARD), scope, "the cards to convert")
                if c.when is not None:
                    self.expect(c.when, T.BOOL, scope, "the condition")
            elif isinstance(c, A.ModifyClause):
                self._modifier(d, c)
            elif isinstance(c, A.SkillsClause):
                self._skill_names(c)
                for name, span in c.names:
                    if name == d.name:
                        self.err(span, f"skill `{name}` grants itself")

    def _skill_scope(self, d) -> Scope:
        scope = Scope()
        scope.define("owner", T.PLAYER, d.span, ("implicit", "v_owner"))
        # `card` is the card lending the skill: always there when only cards hold it.
        lent = d.name in self.card_skills
        scope.define("card", T.CARD if lent else T.opt(T.CARD), d.span, ("implicit", "v_card"))
        return scope

    def _trigger(self, d: A.SkillDecl, c: A.TriggerClause):
        windows = self.s.windows_of(c.action)
        scope = self._skill_scope(d)
        if windows is None:
            self.err(c.event_span, f"unknown action `{c.action}`", self.hint(c.action, self.s.event_sources()))
            scope.define("event", T.ANY, c.span, ("implicit", "v_event"))
            event = None
        else:
            event = c.action
            scope.define("event", ("event", c.action), c.span, ("implicit", "v_event"))
            if c.window not in windows:
                self.err(c.event_span, f"action `{c.action}` has no window `{c.window}`",
                         did_you_mean(c.window, windows) or f"its windows are: {', '.join(windows)}")
        prev = self.with_ctx(Context("trigger", event=event))
        self.ctx.trigger = (d, c)
        self.locked_trigger(d, c)
        scope.facts |= self._window_facts(c)   # `window caused when source != none`: so is event.source
        if c.when is not None:
            self.expect(c.when, T.BOOL, scope, "the trigger condition")
            scope.facts |= facts(c.when)       # `when event.source != none`: the body may use it
        if c.repeat is not None:
            self.expect(c.repeat, T.INT, scope, "the repeat count")
        self.block(c.body, Scope(scope))
        self.ctx = prev

    def _modifier(self, d: A.SkillDecl, c: A.ModifyClause):
        q = self.s.queries.get(c.query)
        scope = Scope()
        scope.define("owner", T.PLAYER, d.span, ("implicit", "v_owner"))
        # The equipment that lends the skill; a query parameter of the same name shadows it.
        scope.define("card", T.CARD if d.name in self.card_skills else T.opt(T.CARD), d.span, ("implicit", "_src"))
        if q is None:
            self.err(c.query_span, f"unknown query `{c.query}`", did_you_mean(c.query, self.s.queries))
            ret = T.ANY
            scope = Scope(scope, lenient=True)      # its parameters are unknown: do not report them
        else:
            ret = self.s.type_of(q.returns)
            for p in q.params:
                scope.define(p.name, self.s.type_of(p.type), p.span, ("implicit", f"v_{p.name}"))
        scope.define("value", ret, c.span, ("implicit", "v_value"))
        if c.when is not None:
            self.expect(c.when, T.BOOL, scope, "the condition")
            scope.facts |= facts(c.when)
        self.expect(c.value, ret, scope, f"the modified value of `{c.query}`")

    def decl_AnytimeDecl(self, d: A.AnytimeDecl):
        for action, window, span in d.points:
            first = next((sp for decl in self.s.anytime for a, w, sp in decl.points
                          if (a, w) == (action, window)), span)
            if first is not span:
                self.err(span, f"`{action}.{window}` is already an any-time point", f"first listed at {first}")
            windows = self.s.windows_of(action)
            if windows is None:
                self.err(span, f"unknown action `{action}`", did_you_mean(action, self.s.event_sources()))
            elif window not in windows:
                self.err(span, f"action `{action}` has no window `{window}`",
                         did_you_mean(window, windows) or f"its windows are: {', '.join(windows)}")
        scope = Scope()
        scope.define("player", T.PLAYER, d.span, ("implicit", "v_player"))
        scope.define("play", T.PLAY, d.span, ("implicit", "v_play"))
        prev = self.with_ctx(Context("anytime"))
        self.block(d.body, Scope(scope))
        self.ctx = prev

    def _anytime_needs_points(self, span, what: str) -> None:
        if not self.s.anytime:
            self.d.warning(span, f"{what} is usable at any time, but the pack declares no any-time points",
                           "declare them: `anytime at ACTION.WINDOW, … { … }`, "
                           "a block that carries out `play` for `player`")

    def decl_CharacterDecl(self, d: A.CharacterDecl):
        for a in d.assigns:
            self._kind_attr("character", a)
        for sc in d.skills:
            self._skill_names(sc)

    def decl_DeckDecl(self, d: A.DeckDecl):
        from .forms.deck import outside_range, parse_copies
        for attr_name in d.attrs:
            if self.s.attr("card", attr_name) is None:
                self.err(d.span, f"`{attr_name}` is not a card attribute",
                         did_you_mean(attr_name, [n for (o, n) in self.s.attrs_ if o == "card"]))
                return
        cards = 0
        for e in d.entries:
            if e.kind not in self.s.cards:
                self.err(e.span, f"unknown card `{e.kind}`", did_you_mean(e.kind, self.s.cards))
                continue
            cards += len(parse_copies(self.s, d, e, self.d))
            if cards > MAX_DECK:
                self.err(e.span, f"with these copies the deck `{d.name}` passes {MAX_DECK} cards, "
                                 "the most a deck may hold")
                return
        outside_range(self.s, d, self.d)

    def decl_ModeDecl(self, d: A.ModeDecl):
        if d.min_players < 1 or d.max_players < d.min_players:
            self.err(d.span, f"player count {d.min_players}..{d.max_players} is empty")
        elif d.max_players > MAX_PLAYERS:
            self.err(d.span, f"mode `{d.name}` allows {d.max_players} players; a game seats at most {MAX_PLAYERS}")
        if d.deck is not None and d.deck not in self.s.decks:
            self.err(d.span, f"unknown deck `{d.deck}`", did_you_mean(d.deck, self.s.decks))
        for name in d.without:
            if name not in self.s.cards:
                self.err(d.span, f"unknown card `{name}` in `without`", did_you_mean(name, self.s.cards))
        for sc in d.skills:
            self._skill_names(sc)
        for sc in d.rules:
            self._skill_names(sc, rules=True)
        if d.setup is not None:
            prev = self.with_ctx(Context("setup"))
            self.block(d.setup, Scope())
            self.ctx = prev
