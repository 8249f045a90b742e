"""The table's rooms reach one another only through `Table` (scenes/table/room.py), never
by importing the scene that joins them: the package has no import circle, every member
a room uses of `self` is its own or declared in `Table`, and `TableScene` has every
member `Table` declares."""

from __future__ import annotations

import ast
from pathlib import Path

from crowsnest.client.scene import Scene
from crowsnest.client.scenes.table import TableScene

TABLE = Path(__file__).resolve().parents[2] / "game" / "client" / "scenes" / "table"
ROOMS = {
    "flow": "FlowRoom",
    "animate": "AnimateRoom",
    "paint": "PaintRoom",
    "controls": "ControlsRoom",
}


def tree(name: str) -> ast.Module:
    return ast.parse((TABLE / f"{name}.py").read_text(encoding="utf-8"))


def class_node(module: ast.Module, name: str) -> ast.ClassDef:
    return next(n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name)


def members(cls: ast.ClassDef) -> set[str]:
    """Methods, properties and annotated attributes a class body declares."""
    out = set()
    for n in cls.body:
        if isinstance(n, ast.FunctionDef):
            out.add(n.name)
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
        elif isinstance(n, ast.Assign):
            out |= {t.id for t in n.targets if isinstance(t, ast.Name)}
    return out


def self_attributes(node: ast.AST) -> set[str]:
    return {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
    }


def table_imports(name: str) -> set[str]:
    """The sibling modules of the table package that a module imports (any import, also
    inside functions and TYPE_CHECKING blocks)."""
    out = set()
    for n in ast.walk(tree(name)):
        if isinstance(n, ast.ImportFrom) and n.level == 1:
            out.add(n.module or "")
    return out


def test_the_table_package_has_no_import_circle():
    modules = sorted(p.stem for p in TABLE.glob("*.py") if p.stem != "__init__")
    graph = {m: table_imports(m) & set(modules) for m in modules}
    seen: dict[str, int] = {}  # 1 on the path being walked, 2 done

    def walk(m: str, path: list[str]) -> None:
        seen[m] = 1
        for n in sorted(graph[m]):
            assert seen.get(n) != 1, "import circle: " + " -> ".join([*path, m, n])
            if n not in seen:
                walk(n, [*path, m])
        seen[m] = 2

    for m in modules:
        if m not in seen:
            walk(m, [])
    for room in ROOMS:
        assert "scene" not in graph[room], f"{room}.py imports the scene; use room.Table"


def test_every_room_uses_only_its_own_members_and_the_table_protocol():
    declared = members(class_node(tree("room"), "Table"))
    for module, cls_name in ROOMS.items():
        cls = class_node(tree(module), cls_name)
        own = members(cls) | {  # and what it keeps for itself (paint's `drawn` record)
            n.attr
            for n in ast.walk(cls)
            if isinstance(n, ast.Attribute)
            and isinstance(n.ctx, ast.Store)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
        }
        unknown = self_attributes(cls) - own - declared
        assert not unknown, f"{module}.py uses {sorted(unknown)} of self, not in room.Table"


def test_the_scene_has_every_member_the_protocol_declares():
    declared = members(class_node(tree("room"), "Table"))
    init = next(
        n
        for n in class_node(tree("scene"), "TableScene").body
        if isinstance(n, ast.FunctionDef) and n.name == "__init__"
    )
    set_in_init = {
        t.attr
        for n in ast.walk(init)
        if isinstance(n, ast.Assign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }
    base = {"app", "size"} | {n for n in vars(Scene) if not n.startswith("__")}
    missing = {m for m in declared if not hasattr(TableScene, m)} - set_in_init - base
    assert not missing, f"room.Table declares {sorted(missing)}, which TableScene lacks"
