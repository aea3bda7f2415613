"""docs/architecture.md draws who may import whom: the code and the picture must agree."""

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("accounts", "api", "clubs", "config", "players", "scoring", "tournaments")
ARROW = re.compile(r"^\s*(\w+) --> (\w+)\s*$")


def drawn_arrows() -> set[tuple[str, str]]:
    text = (ROOT / "docs" / "architecture.md").read_text()
    diagram = text.split("```mermaid", 1)[1].split("```", 1)[0]
    return {match.groups() for line in diagram.splitlines() if (match := ARROW.match(line))}


def imported_apps(path: Path) -> set[str]:
    """The apps a module imports, at any depth of its code (docstrings are not code)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return {name.split(".")[0] for name in names} & set(APPS)


@functools.cache  # three tests read it; the code does not change while they run
def code_arrows() -> dict[tuple[str, str], list[str]]:
    arrows: dict[tuple[str, str], list[str]] = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for other in imported_apps(path) - {app}:
                arrows.setdefault((app, other), []).append(str(path.relative_to(ROOT)))
    return arrows


def test_every_import_between_apps_is_drawn():
    undrawn = {arrow: files for arrow, files in code_arrows().items()
               if arrow not in drawn_arrows()}
    assert undrawn == {}, "imports that docs/architecture.md does not allow"


def test_every_arrow_drawn_is_an_import():
    assert drawn_arrows() - set(code_arrows()) == set(), "arrows that no code draws any more"


def test_scoring_never_imports_the_apps_built_on_it():
    assert not {arrow for arrow in code_arrows() if arrow[0] == "scoring"}


def test_the_rules_and_the_pairing_are_plain_python():
    for module in (*(str(path.relative_to(ROOT)) for path in sorted(
                       (ROOT / "scoring" / "rules").glob("*.py"))),
                   "tournaments/draw.py", "tournaments/lookahead.py",
                   "tournaments/standings.py", "tournaments/metrics.py",
                   "tournaments/formats.py",
                   *(str(path.relative_to(ROOT)) for path in sorted(
                       (ROOT / "tournaments" / "individual").glob("*.py")))):
        tree = ast.parse((ROOT / module).read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {node.module for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.module}
        assert not {name for name in imported if name.split(".")[0] == "django"}, module


# Modules of the dependencies that are their internals, though no underscore says so.
INTERNAL_MODULES = re.compile(
    r"^(django\.db\.models\.(sql|query)(\.|$)"
    r"|django\.db\.backends\.\w+\.base$"
    r"|django\.template\.(base|defaulttags|loader_tags)$"
    r"|psycopg_pool\.(pool|base)$)")
# Names with an underscore that are public all the same: a namedtuple's methods, and the
# model's documented Options API.
PUBLIC_UNDERSCORED = {"_asdict", "_fields", "_replace", "_make", "_meta"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC_UNDERSCORED


def _internal(module: str) -> bool:
    """A dependency's module that is its internals: named so, or with an underscore."""
    return module.split(".")[0] not in APPS and bool(
        INTERNAL_MODULES.match(module) or any(_private(part) for part in module.split(".")))


def _own_attributes(tree: ast.AST) -> dict[ast.ClassDef, set[str]]:
    """For each class, the attributes it makes itself: methods, class attributes, and what
    its methods set on self or cls. Only those may be read as self._x: a dependency's
    private attribute is no more public through a subclass."""
    owned = {}
    for cls in (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)):
        names = set()
        for node in ast.walk(cls):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                names.add(node.attr)
        owned[cls] = names
    return owned


def private_uses(path: Path) -> list[str]:
    """What a module of the app takes from another module's private side: an import of a
    name with a leading underscore, or of a dependency's internal module (imported, named
    in a `from` import, or by `import_module`), an attribute with a leading underscore read
    from anything but the object's own self or class (and there only one its class makes),
    or by getattr and its kin."""
    tree = ast.parse(path.read_text(), str(path))
    where = str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name)
    found = []
    for cls, own in _own_attributes(tree).items():
        found += [f"{where}:{node.lineno} self.{node.attr}" for node in ast.walk(cls)
                  if isinstance(node, ast.Attribute) and _private(node.attr)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
                  and node.attr not in own]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno} {alias.name}" for alias in node.names
                      if _internal(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _internal(node.module):
                found.append(f"{where}:{node.lineno} {node.module}")
            elif node.module.split(".")[0] not in APPS:
                found += [f"{where}:{node.lineno} {node.module}.{alias.name}"
                          for alias in node.names
                          if _private(alias.name) or _internal(f"{node.module}.{alias.name}")]
        elif (isinstance(node, ast.Attribute) and _private(node.attr)
              and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            found.append(f"{where}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.Call):
            found += [f"{where}:{node.lineno} {use}" for use in _private_by_name(node)]
    return found


def _private_by_name(call: ast.Call) -> list[str]:
    """getattr(x, "_private") and its kin, import_module("django.db.models.sql")."""
    name = _called(call)
    texts = [arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
             else None for arg in call.args]
    if name in ("getattr", "setattr", "hasattr", "delattr") and len(texts) > 1 \
            and texts[1] and _private(texts[1]):
        return [f"{name}(..., {texts[1]!r})"]
    if name in ("import_module", "__import__") and texts and texts[0] \
            and _internal(texts[0]):
        return [f"{name}({texts[0]!r})"]
    return []


def _called(call: ast.Call) -> str:
    """The name a call calls: f for f(...) and for module.f(...)."""
    function = call.func
    return function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")


def test_the_app_uses_only_the_public_api_of_its_dependencies():
    found = [use for app in APPS for path in (ROOT / app).rglob("*.py")
             if "migrations" not in path.parts for use in private_uses(path)]
    assert found == []


# Spellings of a private use the test above must see (an outside review's probes).
PRIVATE_SPELLINGS = {
    "an internal module imported by name": "from django.db.models import sql\n",
    "the query's internals by name": "from django.db.models import query\n",
    "a backend's base by name": "from django.db.backends.postgresql import base\n",
    "getattr with a private name": "getattr(pool, '_pool')\n",
    "import_module of an internal module":
        "import importlib\nimportlib.import_module('django.db.models.sql.compiler')\n",
    "a dependency's private attribute through self in a subclass":
        "from django.core.cache.backends.redis import RedisCache\n"
        "class C(RedisCache):\n    def f(self):\n        return self._cache\n",
}


@pytest.mark.parametrize("spelling", PRIVATE_SPELLINGS)
def test_a_private_use_is_seen_however_it_is_spelled(spelling, tmp_path):
    module = tmp_path / "probe.py"
    module.write_text(PRIVATE_SPELLINGS[spelling])
    assert private_uses(module)


def test_a_class_may_read_the_private_attributes_it_makes_itself(tmp_path):
    module = tmp_path / "probe.py"
    module.write_text("class C:\n    def __init__(self):\n        self._seen = 1\n"
                      "    def _step(self):\n        return self._seen, getattr(self, 'name')\n"
                      "    def f(self):\n        return self._step()\n")
    assert private_uses(module) == []


def test_no_module_imports_another_modules_private_names():
    """A name that starts with an underscore is its module's own: another module that needs
    it asks for a public one (the code's own modules; tests may reach in)."""
    private = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    private += [f"{path.relative_to(ROOT)}: {node.module}.{alias.name}"
                                for alias in node.names
                                if alias.name.startswith("_") and alias.name != "__version__"]
    assert private == []
