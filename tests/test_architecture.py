"""docs/architecture.md draws who may import whom: the code and the picture must agree."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("accounts", "api", "clubs", "config", "scoring", "tournaments")
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
    for module in ("scoring/rules.py", "tournaments/draw.py", "tournaments/lookahead.py",
                   "tournaments/standings.py", "tournaments/metrics.py",
                   "tournaments/formats.py"):
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


def private_uses(path: Path) -> list[str]:
    """What a module of the app takes from another module's private side: an import of a
    name with a leading underscore, or of a dependency's internal module, or an attribute
    with a leading underscore read from anything but the object's own self or class."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            modules, names = [alias.name for alias in node.names], []
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules, names = [node.module], [alias.name for alias in node.names]
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
              and not node.attr.startswith("__") and node.attr not in PUBLIC_UNDERSCORED
              and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
            continue
        else:
            continue
        for module in modules:
            own = module.split(".")[0] in APPS
            if INTERNAL_MODULES.match(module) or (not own and any(
                    part.startswith("_") and not part.startswith("__")
                    for part in module.split("."))):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {module}")
        if modules[0].split(".")[0] not in APPS:
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {modules[0]}.{name}"
                      for name in names if name.startswith("_") and not name.startswith("__")]
    return found


def test_the_app_uses_only_the_public_api_of_its_dependencies():
    found = [use for app in APPS for path in (ROOT / app).rglob("*.py")
             if "migrations" not in path.parts for use in private_uses(path)]
    assert found == []
