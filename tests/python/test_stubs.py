# The type stubs (python/ddz/__init__.pyi) against the module: every public name, class member and
# kind (property, static method, method) on both sides, and every function's parameters (names,
# order, keyword-only marker, which have defaults) as the module's own signatures give them.
import ast
import inspect
import pathlib
import re

import pytest

import ddz

STUB = pathlib.Path(ddz.__file__).with_name("__init__.pyi")
# Methods of Python's object model that the stubs list because the module defines them.
DUNDERS = {"__init__", "__copy__", "__getstate__", "__setstate__"}


def stub_tree():
    assert STUB.exists(), f"the stubs are missing beside the module: {STUB}"
    return ast.parse(STUB.read_text())


def public(name):
    return not name.startswith("_") or name in DUNDERS


def stub_members(body):
    """name -> list of (kind, parameters) for the stub's functions, classes and constants."""
    out = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            decorators = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
            kind = "property" if "property" in decorators else "static" if "staticmethod" in decorators else "function"
            out.setdefault(node.name, []).append((kind, stub_params(node.args)))
        elif isinstance(node, ast.ClassDef):
            out[node.name] = [("class", node)]
        elif isinstance(node, ast.AnnAssign):
            out[node.target.id] = [("constant", ast.unparse(node.annotation))]
    return {name: value for name, value in out.items() if public(name)}


def stub_params(args):
    defaults = [None] * (len(args.args) - len(args.defaults)) + list(args.defaults)
    params = [(a.arg, d is not None) for a, d in zip(args.args, defaults)]
    if args.kwonlyargs:
        params.append(("*", False))
        params += [(a.arg, d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return [p for p in params if p[0] != "self"]


def split_top_level(text):
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    return parts + ([current.strip()] if current.strip() else [])


def module_signatures(name, obj):
    """The parameter lists of a pybind11 function from its docstring (one per overload)."""
    lines = (obj.__doc__ or "").splitlines()
    pattern = re.compile(rf"^(?:\d+\. )?{re.escape(name)}\((.*)\) -> ")
    signatures = []
    for line in lines:
        match = pattern.match(line)
        if match and not match.group(1).startswith("*args, **kwargs"):
            params = []
            for part in split_top_level(match.group(1)):
                param = part.split(":")[0].split("=")[0].strip()
                if param not in ("self", "arg0"):
                    params.append((param, "=" in part))
            signatures.append(params)
    assert signatures, f"{name}: no signature in its docstring"
    return signatures


def check_callable(name, obj, stubbed):
    kinds = {kind for kind, _ in stubbed}
    assert kinds <= {"function", "static"}, f"{name}: stubbed as {kinds}"
    assert sorted(map(str, module_signatures(name, obj))) == sorted(str(params) for _, params in stubbed), name


def test_every_public_name_of_the_module_is_stubbed_and_no_other():
    stubs = stub_members(stub_tree().body)
    names = {n for n in dir(ddz) if not n.startswith("_")}
    assert names == set(stubs), f"only in the module: {names - set(stubs)}; only in the stubs: {set(stubs) - names}"


def test_constants_functions_and_classes_match():
    stubs = stub_members(stub_tree().body)
    for name, stubbed in stubs.items():
        obj = getattr(ddz, name)
        kind = stubbed[0][0]
        if kind == "constant":
            assert stubbed[0][1] == type(obj).__name__, name
        elif kind == "class":
            assert inspect.isclass(obj), name
            check_class(obj, stubbed[0][1])
        else:
            check_callable(name, obj, stubbed)


def no_constructor(name, value):
    """pybind11's __init__ of a class Python cannot construct (ddz.Observation): not stubbed."""
    return name == "__init__" and not (value.__doc__ or "").startswith("__init__(")


def check_class(cls, node):
    stubs = stub_members(node.body)
    members = {n: v for n, v in vars(cls).items() if public(n) and not no_constructor(n, v)}
    assert set(members) == set(stubs), (
        f"{cls.__name__}: only in the module {set(members) - set(stubs)}, only in the stubs {set(stubs) - set(members)}")
    for name, value in members.items():
        kind = stubs[name][0][0]
        if isinstance(value, property):
            assert kind == "property", f"{cls.__name__}.{name} is a property"
        elif isinstance(value, staticmethod):
            check_callable(name, value.__func__, stubs[name])
            assert kind == "static", f"{cls.__name__}.{name} is a static method"
        else:
            assert kind == "function", f"{cls.__name__}.{name} is a method"
            if name not in ("__getstate__", "__setstate__"):  # pickling's own signatures
                check_callable(name, value, stubs[name])


@pytest.mark.parametrize("broken, message", [
    ("def parse_cards(text: str) -> str: ...", "parse_cards"),
    ("def legal_moves(hand: str, beat: str) -> List[str]: ...", "legal_moves"),
])
def test_the_check_catches_a_wrong_stub(broken, message):
    tree = stub_tree()
    name = message
    tree.body = [n for n in tree.body if getattr(n, "name", None) != name] + ast.parse(broken).body
    stubs = stub_members(tree.body)
    with pytest.raises(AssertionError, match=name):
        check_callable(name, getattr(ddz, name), stubs[name])
