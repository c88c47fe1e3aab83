"""`spellcard check`, and `simulate` from a cached pack, import only what they need: the wait for a
check, and a short simulate's, is mostly imports."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

THB = str(Path(__file__).parent.parent / "rules" / "thb")

# What a check must not pull in: the runtime that plays games and the definitions a pack is made of
# (attrs classes, built at import), rich (for tables and progress bars), the test runner and the
# test blocks' node classes, the language server, importlib.metadata and importlib.resources (for
# packs named, not given by path; resources brings tempfile, shutil and zipfile), and difflib (for a
# name not found: a pack without errors asks for none).
NOT_FOR_CHECK = ("rich", "pygls", "spellcard.runtime.engine.game", "spellcard.runtime.engine.namespace",
                 "spellcard.runtime.defs", "spellcard.simulate", "spellcard.spelltest", "spellcard.lsp",
                 "importlib.metadata", "importlib.resources", "difflib")


def loaded_by_check(cache: Path, *args: str) -> set:
    return loaded_by(cache, "check", *args)


def loaded_by(cache: Path, *args: str) -> set:
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print(' '.join(sorted(sys.modules))))\n"
            f"sys.argv = ['spellcard', *{list(args)!r}]\n"
            "from spellcard.cli.main import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"SPELLCARD_CACHE": str(cache), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr + done.stdout
    return set(done.stdout.strip().splitlines()[-1].split())


def heavy(modules: set) -> list:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in NOT_FOR_CHECK))


def test_a_check_imports_neither_the_runtime_nor_rich_nor_the_test_runner(tmp_path):
    cold = loaded_by_check(tmp_path, THB)
    assert heavy(cold) == []
    # The fast parser reads every file of a valid pack: Lark (the error path) is never loaded.
    assert not {m for m in cold if m == "lark" or m.startswith("lark.")}
    cached = loaded_by_check(tmp_path, THB)             # the same pack again: from the cache
    assert heavy(cached) == []
    # Nor the checker, nor the agents (the command line's search options only name them; the
    # checker's built-ins, which a cached check does not read, bring them).
    assert not {"lark", "jinja2", "spellcard.compiler.check.checker", "spellcard.runtime.decisions", "random"} & cached


def test_a_check_after_an_edit_imports_no_more_than_a_cold_one(tmp_path):
    pack = tmp_path / "thb"
    shutil.copytree(THB, pack, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    loaded_by_check(tmp_path / "cache", str(pack))
    chars = pack / "characters.spell"
    chars.write_text(re.sub(r"hp = (\d)", lambda m: f"hp = {int(m[1]) % 9 + 1}", chars.read_text("utf-8"), count=1),
                     "utf-8")
    edited = loaded_by_check(tmp_path / "cache", str(pack))
    assert heavy(edited) == [] and not {"lark", "jinja2"} & edited


def test_a_node_shows_itself_as_attrs_would_though_its_class_was_made_without_one():
    import attrs

    from spellcard.compiler import ast as A

    span = A.Span("f.spell", 1, 2, 1, 5)
    call = A.Call(A.Name("draw", span), (A.Arg(None, A.IntLit(2, span), span),), span)
    made = attrs.make_class("Call", {f.name: attrs.field() for f in attrs.fields(A.Call)})
    assert repr(call) == repr(made(call.func, call.args, call.span))
    assert repr(call).startswith("Call(func=Name(id='draw', span=Span(file='f.spell'")


def test_a_node_is_made_by_position_or_by_name_with_its_defaults_and_told_what_is_missing():
    import inspect

    import pytest

    from spellcard.compiler import ast as A

    span = A.Span("f.spell", 1, 2, 1, 5)
    assert str(inspect.signature(A.TypeRef)) == "(name, optional, span, is_list=False)"
    by_place, by_name = A.TypeRef("Role", True, span), A.TypeRef(span=span, optional=True, name="Role")
    assert (by_place.name, by_place.optional, by_place.span, by_place.is_list) == ("Role", True, span, False)
    assert repr(by_place) == repr(by_name)
    assert A.TypeRef("Role", False, span, True).is_list is True
    with pytest.raises(TypeError, match="missing 2 required positional arguments: 'optional' and 'span'"):
        A.TypeRef("Role")
    with pytest.raises(TypeError, match="unexpected keyword argument 'nom'"):
        A.TypeRef(nom="Role", optional=False, span=span)
    assert A.TypeRef.__init__.__qualname__ == "TypeRef.__init__"
    with pytest.raises(TypeError, match="a field without a default follows one with a default"):
        @A.node
        class Backwards:
            first: int = 0
            second: int


# What a simulate of a pack whose compiled module is cached must not pull in: the compiler's tree,
# parser, checker and emitter (its cache entry is the module), the installed distributions' metadata
# (a pack named is found from the entry-point files), rich's progress bar when no one watches, and
# rich's table of emoji codes (nothing simulate prints has one), and the search agent's look-ahead
# and game cloner when no seat is a search agent.
NOT_FOR_CACHED_SIMULATE = ("spellcard.compiler.ast.decls", "spellcard.compiler.ast.exprs", "spellcard.compiler.ast.stmts",
                           "spellcard.compiler.ast.tools",
                           "spellcard.spelltest.nodes", "spellcard.compiler.pack.module_cache",
                           "spellcard.compiler.parse.read", "spellcard.compiler.build.builder", "spellcard.compiler.check.checker",
                           "spellcard.compiler.emit.module", "spellcard.compiler.text.diagnostics", "lark", "jinja2",
                           "importlib.metadata", "importlib.resources", "rich.progress", "rich._emoji_codes",
                           "spellcard.spelltest", "spellcard.lsp", "spellcard.render",
                           "spellcard.runtime.agents.search", "spellcard.runtime.agents.clone")


def test_a_simulate_from_the_cache_imports_no_compiler_and_for_json_no_rich(tmp_path):
    game = ("simulate", "thb", "--mode", "Duel", "--games", "1")
    first = loaded_by(tmp_path, *game)                 # compiles thb into the empty cache
    assert "spellcard.compiler.check.checker" in first and "rich.console" in first
    cached = loaded_by(tmp_path, *game)
    assert [m for m in sorted(cached) if any(m == n or m.startswith(n + ".") for n in NOT_FOR_CACHED_SIMULATE)] == []
    assert "spellcard.runtime.engine.game" in cached and "rich.table" in cached     # the summary's tables
    as_json = loaded_by(tmp_path, *game, "--json")
    assert not {m for m in as_json if m == "rich" or m.startswith("rich.")}
