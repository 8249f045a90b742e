"""The table's rooms are layers over one state: `TableState` (scenes/table/state.py)
declares every field once, and each room derives from the room beneath it (animate from
the state, online from animate, flow from online, controls from flow), so every name a room uses of `self`
is defined by it or by a class beneath it: go-to-definition lands on real code, and a
type checker sees the whole table. The painter is no room: it gets a frozen frame of the
state and nothing else, so painting cannot change the flow. The checks read the source
(AST) and the classes themselves."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest
from client_driver import DT, make_app, start
from crowsnest.client.scene import Scene
from crowsnest.client.scenes.table.animate import AnimateRoom
from crowsnest.client.scenes.table.controls import ControlsRoom
from crowsnest.client.scenes.table.flow import FlowRoom
from crowsnest.client.scenes.table.online import OnlineRoom
from crowsnest.client.scenes.table.paint import TablePainter
from crowsnest.client.scenes.table.scene import TableScene
from crowsnest.client.scenes.table.state import TableState

TABLE = Path(__file__).resolve().parents[2] / "game" / "client" / "scenes" / "table"
# each room and the one room (module) beneath it; the state stands on the Scene
ROOMS = {
    "animate": (AnimateRoom, "state"),
    "online": (OnlineRoom, "animate"),
    "flow": (FlowRoom, "online"),
    "controls": (ControlsRoom, "flow"),
}
# the one call a room makes upward, on purpose: the flow asks for the panel and the
# toolbar anew, and the controls room (which owns those widgets) overrides it
HOOKS = {"rebuild_controls": ("flow", "controls")}


def tree(name: str) -> ast.Module:
    return ast.parse((TABLE / f"{name}.py").read_text(encoding="utf-8"))


def class_node(module: ast.Module, name: str) -> ast.ClassDef:
    return next(n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name)


def self_attributes(node: ast.AST, ctx: type[ast.expr_context] = ast.expr_context) -> set[str]:
    return {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
        and isinstance(n.ctx, ctx)
    }


def table_imports(name: str) -> set[str]:
    """The sibling modules of the table package that a module imports (any import, also
    inside functions and TYPE_CHECKING blocks)."""
    return {
        n.module or ""
        for n in ast.walk(tree(name))
        if isinstance(n, ast.ImportFrom) and n.level == 1
    }


def declared_fields() -> set[str]:
    """The fields TableState.__init__ sets (the one declaration of the table's state),
    and the Scene's own (app, size)."""
    init = next(
        n
        for n in class_node(tree("state"), "TableState").body
        if isinstance(n, ast.FunctionDef) and n.name == "__init__"
    )
    return self_attributes(init, ast.Store) | set(vars(Scene()))


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


def test_each_room_stands_on_the_room_beneath_it_and_imports_none_above():
    rooms = set(ROOMS) | {"state", "scene"}
    for module, (cls, beneath) in ROOMS.items():
        below, step = set(), beneath
        while step:  # the whole chain beneath, down to the state
            below.add(step)
            step = ROOMS[step][1] if step in ROOMS else ""
        imported = table_imports(module) & rooms
        assert imported <= below, f"{module}.py imports {sorted(imported - below)}, above it"
        base = ROOMS[beneath][0] if beneath in ROOMS else TableState
        assert cls.__bases__ == (base,), f"{cls.__name__} should derive from {base.__name__}"
    assert set(TableScene.__mro__) >= {ControlsRoom, TableState}


def test_every_name_a_room_uses_is_its_own_or_beneath_it():
    """Read down the chain, never up: what a room uses of `self` is defined by its class
    or a base (methods, properties, TableState's fields), the hooks aside."""
    fields = declared_fields()
    for module, (cls, _beneath) in ROOMS.items():
        used = self_attributes(class_node(tree(module), cls.__name__))
        known = {n for n in dir(cls)} | fields
        unknown = used - known
        assert not unknown, f"{module}.py uses {sorted(unknown)} of self, defined above it"
    for hook, (where, by) in HOOKS.items():
        assert hook in vars(ROOMS[where][0]) and hook in vars(ROOMS[by][0])


def test_the_state_is_declared_once():
    """No room keeps a field of its own: every field any room stores on `self` is one
    TableState.__init__ declares (methods and properties are not fields)."""
    fields = declared_fields()
    for module, (cls, _beneath) in [*ROOMS.items(), ("state", (TableState, ""))]:
        stored = self_attributes(class_node(tree(module), cls.__name__), ast.Store)
        settable = {n for n in stored if isinstance(inspect.getattr_static(cls, n, None), property)}
        extra = stored - fields - settable
        assert not extra, f"{module}.py stores {sorted(extra)}, not declared in TableState"


def test_the_checks_catch_a_room_calling_up(monkeypatch):
    """A probe: the animation room calling the flow's `refresh` is reported."""
    source = (TABLE / "animate.py").read_text(encoding="utf-8")
    probe = source.replace(
        "    def _drop(self, sp: CardSprite) -> None:\n",
        "    def _drop(self, sp: CardSprite) -> None:\n        self.refresh()\n",
    )
    assert probe != source
    real = tree
    monkeypatch.setitem(
        globals(), "tree", lambda name: ast.parse(probe) if name == "animate" else real(name)
    )
    try:
        test_every_name_a_room_uses_is_its_own_or_beneath_it()
    except AssertionError as e:
        assert "refresh" in str(e)
    else:
        raise AssertionError("a room calling a method above it was not caught")


def test_the_painter_sees_only_a_frozen_frame():
    """paint.py imports no room (nor the state), the painter's own fields are its
    cache and what it drew, and the frame it reads cannot be changed."""
    assert table_imports("paint") & {"state", "scene", *ROOMS} == set()
    assert set(vars(TablePainter())) <= {"_rich_cache", "out"}  # f, art: while painting
    params = list(inspect.signature(TablePainter.paint).parameters)
    assert params == ["self", "surface", "frame", "art"]
    app = make_app()
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"])
    app.step(DT)
    app.draw()
    frame = table.frame()
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.selected = frozenset({1})  # type: ignore[misc]
    with pytest.raises(TypeError):
        frame.calls[0] = "Bid 100"  # type: ignore[index]
    assert isinstance(frame.selected, frozenset) and isinstance(frame.trick, tuple)
    assert table.drawn and table.plate_text  # the painter's record came back
