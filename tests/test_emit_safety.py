"""A hostile .spell file cannot break out of the Python module the compiler emits.

Every string a designer writes (display names, texts, messages) carries payloads: quotes,
backslashes, Jinja `{{ }}`/`{% %}`, triple quotes, escaped newlines, `#`, U+2028, and calls that
would create a file in tmp_path if they ever ran. Identifiers are Python's dangerous names
(`__import__`, `__class__`, `open`, `eval` …). The tests check the emitted text (payloads only inside
string literals), the emitted AST (no dunder attribute, no import, every name bound by the module or
given by the runtime), the module's namespace (empty `__builtins__`), and a few played games
(nothing created, and every payload comes back byte for byte as the text it was).
"""
from __future__ import annotations

import ast
import io
import keyword
import re
import tokenize
import types
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import Source, compile_sources
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.engine.namespace import namespace

ROOT = Path(__file__).resolve().parent.parent
BASE = sorted((ROOT / "tests" / "data" / "base").glob("*.spell"))


def spell_string(value: str) -> str:
    """A Spellcard string literal for `value` (escapes: \\" \\\\ \\n \\t)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def payloads(tmp: Path) -> list[str]:
    def touch(n: int) -> str:
        return f"__import__('os').system('touch {tmp}/pwned{n}')"
    return [
        f"\"); {touch(1)} #",
        f"'); {touch(2)} #",
        f'""" + {touch(3)} + """',
        f"''' + {touch(4)} + '''",
        f"\\\"); {touch(5)} #\\",
        f"x\n{touch(6)}\n#",
        f"x\u2028{touch(7)}\u2028#",
        "{{ " + touch(8) + " }}",
        "{% for x in ().__class__.__base__.__subclasses__() %}{{ x }}{% endfor %}",
        f"# {touch(9)}",
        f"\\\\n{touch(10)}\t\\",
        f"open('{tmp}/pwned11', 'w').write('x')",
        "\\x00 \\u2028 \\\" \\' \r\n \x0b \x0c",
    ]


def hostile_source(tmp: Path) -> str:
    p = [spell_string(x) for x in payloads(tmp)]
    says = "\n".join(f"    say({s})" for s in p)
    return f"""
# Every string below tries to leave its literal; every name below is a Python name worth reaching.
enum __globals__ {{ __init__ {p[0]}, __call__ {p[1]}, __new__ {p[2]} }}
attr card flavour: text = {p[3]}
attr character motto: text = {p[4]}
counter player __class__ = 0
counter table __builtins__ = 0
hook __subclasses__(__self__: player)

action __reduce__(__code__: int, eval: text = {p[5]}) {{
  window before
  do {{
    __builtins__ += __code__
    say(eval)
  }}
  window after
}}

func open(path: text) {{ say(path) }}
func exec(code: text) -> text = code + {p[6]}
func compile(__name__: text) -> text {{
  let __loader__ = __name__
  for __mro__ in [{p[7]}, {p[8]}] {{ open(__mro__) }}
  return exec(__loader__)
}}

card __class__ {p[9]} {{
  flavour = {p[10]}
  target self
  effect {{
{says}
    open({p[11]})
    say(exec(compile({p[12]})))
    __reduce__(1)
  }}
  __subclasses__ {{ __self__.__class__ += 1 }}
}}

skill __import__ {p[0]} locked {{
  on __reduce__.after {{
    say(event.eval)
    owner.__class__ += 1
    let __builtins__ = choose_option(owner, [{p[1]}, {p[2]}, {p[3]}], {p[4]})
    say(__builtins__)
  }}
  on damage.after when event.target == owner {{
    let c = virtual(__class__)
    c.__subclasses__(owner)
    c.effect(owner, owner)
  }}
}}

skill eval {p[5]} {{
  active limit 1 per turn {{
    if ask(owner, {p[6]}) {{ __reduce__(2, eval: {p[7]}) }}
    if owner.character != none {{ say(text(__globals__.__init__) + text(__new__) + owner.character.motto) }}
  }}
}}

character __spec__ {p[8]} {{ faction = youkai base_life = 4 motto = {p[9]} skills __import__, eval }}
character getattr {p[10]} {{ base_life = 3 motto = {p[11]} skills eval, Gap, Flight }}

phase __main__ {p[11]} {{ say({p[12]}) }}

mode Hostile {p[3]} {{
  players 2..3
  deck standard
  setup {{
    build_deck(deck)
    say({p[0]})
    for p in players() {{
      set_character(p, if p.seat == 0 then __spec__ else getattr)
      grant(p, LongRange)
      draw_cards(p, 4)
      move(virtual(__class__), p.hand)
    }}
  }}
}}
"""


def hostile_pack(tmp: Path) -> list[Source]:
    sources = [Source(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in BASE]
    title = spell_string(payloads(tmp)[5] + payloads(tmp)[0])
    for s in sources:          # the pack's own title is hostile too, and so is a file's name
        s.data = s.data.replace(b'pack base "', b"pack base " + title.encode() + b' # "', 1)
    sources.append(Source(f"tests/evil\n__import__('os').system('touch {tmp}/pwned99')\n#.spell",
                          hostile_source(tmp).encode()))
    return sources


@pytest.fixture
def compiled(tmp_path):
    result = compile_sources(hostile_pack(tmp_path), use_cache=False, load=True)
    assert result.ok, result.render()
    assert result.pack is not None
    return result


def nothing_ran(tmp: Path) -> None:
    created = sorted(p.name for p in tmp.iterdir() if p.name.startswith("pwned"))
    assert created == [], f"a payload ran: {created}"


def _code_only(code: str) -> str:
    """The module text with every string literal and comment blanked out."""
    lines = code.split("\n")
    blank = [list(line) for line in lines]
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT):
            (r0, c0), (r1, c1) = tok.start, tok.end
            for r in range(r0, r1 + 1):
                row = blank[r - 1]
                lo = c0 if r == r0 else 0
                hi = c1 if r == r1 else len(row)
                row[lo:hi] = " " * (hi - lo)
    return "\n".join("".join(r) for r in blank)


# ── the emitted text ─────────────────────────────────────────────────────────────
def test_payloads_appear_only_inside_string_literals(compiled, tmp_path):
    code = _code_only(compiled.code)
    for needle in ("touch", "system", "pwned", "{{", "{%", "\u2028", "os'", "__import__(", "open(", "write("):
        found = re.search(r"(?<![\w.])" + re.escape(needle), code)
        assert found is None, f"{needle!r} outside a string literal:\n" + "\n".join(
            line for line in code.split("\n") if needle in line)[:2000]


def test_every_payload_string_is_a_constant(compiled, tmp_path):
    tree = ast.parse(compiled.code)
    constants = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    for p in payloads(tmp_path):
        assert p in constants or any(p in c for c in constants), f"payload not kept whole: {p!r}"


def test_emitted_ast_reaches_nothing_outside_the_runtime(compiled):
    tree = ast.parse(compiled.code)
    allowed = set(namespace())
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.Lambda)), \
            ast.unparse(node)
        if isinstance(node, ast.Attribute):
            assert not node.attr.startswith("__"), ast.unparse(node)
        if isinstance(node, ast.Name):
            assert not (node.id.startswith("__") and node.id.endswith("__")), node.id
            if isinstance(node.ctx, ast.Load):
                assert node.id in bound or node.id in allowed, f"unbound name {node.id!r}"
        if isinstance(node, (ast.FunctionDef, ast.arg)):
            name = node.name if isinstance(node, ast.FunctionDef) else node.arg
            assert name == "g" or name.startswith("_") or name[:2] in ("v_",) or "_" in name, name


def test_source_identifiers_are_prefixed(compiled):
    names = {t.string for t in tokenize.generate_tokens(io.StringIO(compiled.code).readline)
             if t.type == tokenize.NAME}
    for dangerous in ("__import__", "__class__", "__builtins__", "__subclasses__", "__globals__", "__init__",
                      "__call__", "__new__", "__code__", "__self__", "__name__", "__loader__", "__mro__",
                      "__main__", "__reduce__", "__spec__", "open", "eval", "exec", "compile", "getattr"):
        assert dangerous not in names, f"`{dangerous}` appears bare in the emitted code"
    assert not (names & set(keyword.kwlist) - {"def", "return", "if", "else", "elif", "for", "in", "not",
                                                "and", "or", "is", "None", "True", "False", "while",
                                                "break", "continue", "pass", "try", "finally"}), \
        names & set(keyword.kwlist)


def test_comments_and_headers_stay_on_one_line(compiled):
    """The pack title and the file name land in comments: they must not start a line of code."""
    lines = compiled.code.split("\n")
    assert lines[0].startswith("# Generated by spellcard from pack `base`")
    assert lines[1].startswith("# Edit the .spell sources")
    for tok in tokenize.generate_tokens(io.StringIO(compiled.code).readline):
        if tok.type == tokenize.COMMENT and "pwned" in tok.string:
            assert tok.start[1] == 0 or tok.line.rstrip().endswith(tok.string), tok.line
    for line in lines:
        if line.startswith("PACK.place_files = "):      # the place table names each file once, as data
            assert any("pwned99" in f for f in ast.literal_eval(line.split(" = ", 1)[1]))
        elif "evil" in line and "pwned99" in line:
            assert "#" in line.split("evil")[0], f"the file name escaped its comment: {line!r}"


# ── the loaded module ────────────────────────────────────────────────────────────
def test_module_runs_with_empty_builtins(compiled, tmp_path):
    ns = namespace()
    exec(compile(compiled.code, "<hostile>", "exec"), ns)
    assert ns["__builtins__"] == {}
    functions = [v for v in ns.values() if isinstance(v, types.FunctionType) and v.__globals__ is ns]
    assert functions, "the module defined no functions?"
    for fn in functions:
        assert fn.__globals__["__builtins__"] == {}
    nothing_ran(tmp_path)


def test_loading_runs_no_payload(compiled, tmp_path):
    assert compiled.pack.title == payloads(tmp_path)[5] + payloads(tmp_path)[0]
    assert compiled.pack.enums["__globals__"]["__init__"] == payloads(tmp_path)[0]
    assert compiled.pack.kinds["__class__"].label == payloads(tmp_path)[9]
    assert compiled.pack.kinds["__class__"].attrs["flavour"] == payloads(tmp_path)[10]
    assert compiled.pack.characters["getattr"].label == payloads(tmp_path)[10]
    nothing_ran(tmp_path)


def test_games_run_no_payload_and_keep_every_text(compiled, tmp_path):
    said = set()
    for seed in range(6):
        game = Game(compiled.pack, "Hostile", 2 + seed % 2, agents=[RandomAgent(seed * 7 + i) for i in range(3)],
                    seed=seed, log=True)
        result = game.play()
        assert result.error is None, result.error
        said |= {e[1] for e in game.log.entries if e[0] == "say"}
    nothing_ran(tmp_path)
    assert payloads(tmp_path)[0] in said                      # the mode's setup said it, verbatim
    assert any(p in said for p in payloads(tmp_path)[1:])     # and the cards' effects ran too


def test_hostile_names_are_ordinary_names(compiled, tmp_path):
    """`open`, `exec`, `compile` and `__import__` are the pack's own: calling them runs pack code."""
    pack = compiled.pack
    assert "__import__" in pack.skills and "__reduce__" in pack.actions and "__class__" in pack.kinds
    ns = namespace()
    exec(compile(compiled.code, "<hostile>", "exec"), ns)
    budget = types.SimpleNamespace(work=10, depth=0)        # a pure function needs only a work budget
    assert ns["f_exec"](budget, "a") == "a" + payloads(tmp_path)[6]
    assert "exec" not in ns and "open" not in ns and "__import__" not in ns
    nothing_ran(tmp_path)


# ── names cannot reach Python ─────────────────────────────────────────────────────
def _compile_snippet(text: str):
    sources = [Source(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in BASE]
    return compile_sources(sources + [Source("snippet.spell", text.encode())], use_cache=False, load=True)


@pytest.mark.parametrize("name", ["open", "eval", "exec", "__import__", "getattr", "globals", "print", "input"])
def test_python_builtins_are_not_callable(name, tmp_path):
    result = _compile_snippet(f'skill S "s" {{ active {{ {name}("{tmp_path}/pwned", "w") }} }}\n')
    assert not result.ok
    assert f"unknown function `{name}`" in result.render()
    nothing_ran(tmp_path)


def test_a_variable_named_open_is_a_variable(tmp_path):
    result = _compile_snippet(f'func f() -> text {{\n  let open = "{tmp_path}/pwned"\n  return open\n}}\n'
                              f'func h() {{ say(f()) }}\n')
    assert result.ok, result.render()
    assert "v_open" in result.code and "f_f" in result.code
    ns = namespace()
    exec(compile(result.code, "<snippet>", "exec"), ns)
    assert ns["f_f"](types.SimpleNamespace(work=10, depth=0)) == f"{tmp_path}/pwned"
    nothing_ran(tmp_path)


def test_calling_a_variable_named_open_is_refused(tmp_path):
    result = _compile_snippet(f'func f() {{\n  let open = 1\n  open("{tmp_path}/pwned", "w")\n}}\n')
    assert not result.ok
    assert "`open` is a value, not something to call" in result.render()


def test_a_skill_named_import_cannot_import(tmp_path):
    result = _compile_snippet(f'skill __import__ "x" {{ active {{ say("os") }} }}\n'
                              f'func f() {{ grant(current, __import__) }}\n')
    assert result.ok, result.render()
    assert "S___import__" in result.code
    ns = namespace()
    exec(compile(result.code, "<snippet>", "exec"), ns)
    assert ns["S___import__"].name == "__import__"
    nothing_ran(tmp_path)


@pytest.mark.parametrize("field", ["__class__", "__dict__", "__globals__", "__code__", "__builtins__"])
def test_dunder_fields_are_not_python_attributes(field):
    result = _compile_snippet(f'skill S "s" {{ active {{ say(text(owner.{field})) }} }}\n')
    assert not result.ok
    assert f"player has no field `{field}`" in result.render()


def test_dynamic_field_access_after_an_error_is_never_emitted():
    """A field of a value whose type is unknown compiles to `_dyn` only when there were errors, and
    then nothing is emitted at all."""
    result = _compile_snippet('skill S "s" { active { say(text(nosuch.__class__)) } }\n')
    assert not result.ok and result.code is None
