"""The type stub (slide/__init__.pyi) against the module it describes.

The stub is read from where pip installed it, beside the module, with the
py.typed marker that makes type checkers use it.  Then, both ways: every
public name of the module is in the stub and every name of the stub is
the module's; each function's and method's parameters (names, kinds,
defaults) are those of the C function's __text_signature__, which its
docstring gives and help() shows; each class has the stub's bases,
methods and properties; each exception carries, when raised, exactly
the attributes the stub gives it.  Last, mypy (Debian's python3-mypy,
which setup.sh installs) reads a program against the installed package
and must infer the stub's types.
"""

import ast
import inspect
import pathlib
import pydoc
import subprocess
import sys
import textwrap

import pytest

import slide

REPO = pathlib.Path(__file__).resolve().parents[3]
PUZZLES = REPO / "puzzles"
PACKAGE = pathlib.Path(slide.__file__).parent
STUB = ast.parse((PACKAGE / "__init__.pyi").read_text(encoding="utf-8"))


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_names(body):
    """The names a stub body defines, its private aliases aside."""
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    return names


def stub_class(name):
    return next(n for n in STUB.body if isinstance(n, ast.ClassDef) and n.name == name)


def stub_functions(body, name):
    """Every definition of name in body (several for an overload)."""
    return [n for n in body if isinstance(n, ast.FunctionDef) and n.name == name]


def decorators(node):
    return {ast.unparse(d) for d in node.decorator_list}


NO_DEFAULT = object()


def stub_parameters(node, bound):
    """(name, kind, default) for each parameter of a stub function; the
    first (self or cls) dropped when the function is bound."""
    a = node.args
    positional = [(p, inspect.Parameter.POSITIONAL_ONLY) for p in a.posonlyargs]
    positional += [(p, inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in a.args]
    defaults = [NO_DEFAULT] * (len(positional) - len(a.defaults)) + list(a.defaults)
    params = [(p.arg, kind, d) for (p, kind), d in zip(positional, defaults)]
    params += [(p.arg, inspect.Parameter.KEYWORD_ONLY, d if d is not None else NO_DEFAULT)
               for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    if bound:
        params = params[1:]
    return [(n, k, NO_DEFAULT if d is NO_DEFAULT else ast.literal_eval(d)) for n, k, d in params]


def c_parameters(func):
    sig = inspect.signature(func)
    return [(p.name, p.kind, NO_DEFAULT if p.default is p.empty else p.default)
            for p in sig.parameters.values()]


def agree(c_params, overloads, what):
    """The stub's definitions (one, or an overload's several) take the C
    function's parameters: the same names and kinds, each default the C
    one, and one definition with every default."""
    assert overloads, f"{what} is not in the stub"
    every_default = False
    for params in overloads:
        assert [(n, k) for n, k, _ in params] == [(n, k) for n, k, _ in c_params], \
            f"{what}: stub {params} against the module's {c_params}"
        for (n, _, d), (_, _, cd) in zip(params, c_params):
            assert d is NO_DEFAULT or d == cd, f"{what}: {n}={d!r} in the stub, {cd!r} in C"
        every_default |= [d for _, _, d in params] == [d for _, _, d in c_params]
    assert every_default, f"{what}: no definition in the stub has the C defaults"


def test_installed_with_marker():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "__init__.pyi").is_file()


def test_same_names():
    module = public(vars(slide)) | {"__version__"}
    assert stub_names(STUB.body) - {"_Path", "_Metric", "_Engine", "_Algo", "_Format",
                                    "_MoveLike"} == module


def test_module_functions():
    for name in public(vars(slide)):
        obj = getattr(slide, name)
        if inspect.isbuiltin(obj):
            assert obj.__text_signature__, f"{name} has no text signature"
            defs = stub_functions(STUB.body, name)
            agree(c_parameters(obj), [stub_parameters(d, False) for d in defs], name)


def test_puzzle_methods_and_properties():
    node = stub_class("Puzzle")
    c_members = public(vars(slide.Puzzle))
    assert stub_names(node.body) == c_members
    for name in c_members:
        member = vars(slide.Puzzle)[name]
        defs = stub_functions(node.body, name)
        if inspect.isgetsetdescriptor(member):
            assert all("property" in decorators(d) for d in defs), name
            continue
        bound = getattr(slide.Puzzle, name)   # a classmethod comes bound to the class
        assert bound.__text_signature__, f"Puzzle.{name} has no text signature"
        is_class = isinstance(member, classmethod) or inspect.isbuiltin(bound)
        assert all(("classmethod" in decorators(d)) == is_class for d in defs), name
        c_params = c_parameters(bound if is_class else member)
        if not is_class:
            assert c_params[0][0] == "self"
            c_params = c_params[1:]
        agree(c_params, [stub_parameters(d, True) for d in defs], f"Puzzle.{name}")


def test_move():
    node = stub_class("Move")
    assert [ast.unparse(b) for b in node.bases] == ["tuple[int, int, int, int]"]
    # The fields and the struct sequence's counts; __new__ is tuple's, made
    # to take the four numbers too (the stub's two overloads).
    assert stub_names(node.body) - {"__new__"} == public(vars(slide.Move))
    assert len(stub_functions(node.body, "__new__")) == 2
    assert slide.Move(1, 2, 3, 4) == slide.Move((1, 2, 3, 4)) == (1, 2, 3, 4)


def raised(call):
    with pytest.raises(slide.Error) as e:
        call()
    return e.value


def klotski():
    return slide.Puzzle.from_file(PUZZLES / "klotski.init", PUZZLES / "klotski.goal")


def test_exceptions():
    instances = {
        "InputError": raised(lambda: slide.Puzzle.from_string("5 4\n0 0 9 9\n", "")),
        "MoveError": raised(lambda: klotski().check([(0, 0, 4, 4)])),
        "LimitError": raised(lambda: klotski().solve(max_states=10)),
        # A 1x4 tray: the 1x1 block can never get past the 1x2 to its left.
        "Unsolvable": raised(lambda: slide.Puzzle.from_string(
            "1 4\n0 0 0 1\n0 2 0 2\n", "0 0 0 0\n", format="corners").solve()),
    }
    for name in ("Error", "InputError", "MoveError", "WriteError", "LimitError", "Unsolvable"):
        node = stub_class(name)
        c_class = getattr(slide, name)
        assert [ast.unparse(b) for b in node.bases] == [b.__name__ for b in c_class.__bases__]
    base = stub_names(stub_class("Error").body)
    for name, exc in instances.items():
        assert type(exc).__name__ == name
        assert set(vars(exc)) == base | stub_names(stub_class(name).body), name


def test_help_shows_signatures():
    text = pydoc.render_doc(slide, renderer=pydoc.plaintext)
    for name in public(vars(slide.Puzzle)):
        member = getattr(slide.Puzzle, name)
        if callable(member):
            assert f"{name}{inspect.signature(member)}" in text, name
    assert f"moves_length{inspect.signature(slide.moves_length)}" in text


def test_mypy_reads_the_stub(tmp_path):
    try:
        import mypy.api  # noqa: F401
    except ImportError:
        pytest.fail("mypy is missing: ./setup.sh --deps installs python3-mypy")
    program = tmp_path / "use.py"
    program.write_text(textwrap.dedent("""\
        import slide
        p = slide.Puzzle.from_file("a.init", "a.goal")
        reveal_type(p.solve())
        reveal_type(p.solve(stats=True)[1])
        reveal_type(p.solve()[0].to_col)
        reveal_type(slide.moves_length([(0, 0, 1, 0)], "piece"))
        p.solve(metric="miles")
        """))
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir",
                          str(tmp_path / "cache"), str(program)],
                         capture_output=True, text=True, cwd=tmp_path).stdout
    said = {}
    for line in out.splitlines():
        where, _, what = line.partition(": ")
        said.setdefault(where, []).append(what)
    def revealed(n):
        return " ".join(w for w in said.get(f"use.py:{n}", []) if "Revealed type" in w)
    assert "builtins.list[" in revealed(3) and "slide.Move" in revealed(3), out
    assert "builtins.dict[builtins.str, Any]" in revealed(4), out
    assert '"builtins.int"' in revealed(5) and '"builtins.int"' in revealed(6), out
    # The one error: a metric the module does not know.
    assert any(w.startswith("error") for w in said.get("use.py:7", [])), out
    assert out.count(": error:") == 1, out
