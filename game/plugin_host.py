"""The plugin host: finds plugins, loads each in isolation, and builds the Registry of
variants and AIs.

Sources, in load order (earlier wins a name or variant-id clash):
  1. entry points in the group ``crowsnest.plugins`` (our own built-ins come this way,
     from our pyproject, exactly as community packages do);
  2. drop-in ``.py`` files and packages (folders with ``__init__.py``) in the user plugin
     folder (platformdirs user data dir / "plugins") and in the folders the config lists.

Isolation: a plugin that fails to import, fails pluggy's validation (a misspelled
``crowsnest_*`` hook, a hook with wrong arguments), raises inside a hook, or registers
something invalid is unregistered as a whole and reported as a PluginRecord with a
one-line reason. Everything else loads. Nothing is cached: discovery runs once per call
of ``load_registry`` (tens of milliseconds), so a plugin dropped in or removed shows up
on the next load.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import importlib.util
import inspect
import logging
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any, Protocol, cast

import platformdirs
import pluggy
from crowsnest.ai.isolated import AVAILABLE, IsolatedFactory
from crowsnest.ai.random_ai import random_factory
from crowsnest.engine import Deck, Option, OptionError, Variant
from crowsnest.engine.safe import exc_text, safe_str
from crowsnest.engine.variant import DIRECTIONS, AIFactory
from crowsnest.hookspecs import API_VERSION, PROJECT, CrowsNestSpecs

log = logging.getLogger("crowsnest.plugins")

ENTRY_POINT_GROUP = "crowsnest.plugins"
HOOK_PREFIX = PROJECT + "_"
OUR_DISTRIBUTION = "crowsnest-arcade"
ID_RE = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
LEVEL_RE = re.compile(r"^[a-z][a-z0-9_-]{0,29}$")
DROPIN_MODULE_PREFIX = "_crowsnest_dropin_"

BUILT_IN = "built-in"
PACKAGE = "package"
DROP_IN = "drop-in"


class PluginSettings(Protocol):
    """The config's [plugins] table as the host reads it (crowsnest.config.PluginsConfig);
    a Protocol, so the plugin host does not import the config layer."""

    @property
    def folders(self) -> Iterable[str]: ...

    @property
    def disabled(self) -> Iterable[str]: ...


class HasPluginSettings(Protocol):
    """Anything with `plugins` settings: a crowsnest.config.Config."""

    @property
    def plugins(self) -> PluginSettings: ...


class PluginError(Exception):
    """Why one plugin was left out (str(err) is the one-line reason)."""


class UnknownVariantError(LookupError):
    """A variant id that no loaded plugin registered."""


@dataclass(frozen=True, slots=True)
class PluginRecord:
    """One plugin as `crowsnest plugins` and the client's plugin screen show it."""

    name: str
    origin: str  # "built-in", "package" or "drop-in"
    version: str | None = None
    path: str | None = None
    variants: tuple[str, ...] = ()
    ais: tuple[str, ...] = ()  # "variant:level" for each AI the plugin added
    error: str | None = None  # one-line reason when the plugin was left out
    enabled: bool = True

    @property
    def status(self) -> str:
        if not self.enabled:
            return "disabled"
        return "error" if self.error else "ok"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "origin": self.origin,
            "version": self.version,
            "path": self.path,
            "status": self.status,
            "enabled": self.enabled,
            "variants": list(self.variants),
            "ais": list(self.ais),
            "error": self.error,
        }


@dataclass(frozen=True)
class Registry:
    """What the loaded plugins provide. Variants carry every AI registered for them
    (``variant.ais``), "random" always among them."""

    variants: Mapping[str, Variant]
    plugins: tuple[PluginRecord, ...]
    ai_owner: Mapping[tuple[str, str], str] = field(default_factory=dict)  # (id, level) -> plugin

    def variant(self, variant_id: str) -> Variant:
        try:
            return self.variants[variant_id]
        except KeyError:
            known = ", ".join(sorted(self.variants)) or "none are loaded"
            raise UnknownVariantError(
                f"there is no variant '{variant_id}' (known variants: {known})"
            ) from None

    def ais(self, variant_id: str) -> Mapping[str, AIFactory]:
        return self.variant(variant_id).ais

    def errors(self) -> list[PluginRecord]:
        return [p for p in self.plugins if p.error]


# ------------------------------------------------------------------ pluggy manager


class _Manager(pluggy.PluginManager):
    """Treats every ``crowsnest_*`` function of a plugin as a hook implementation, marked
    or not (as pytest does with ``pytest_*``), so a misspelled hook name is caught by
    check_pending instead of being silently ignored."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        opts = super().parse_hookimpl_opts(plugin, name)
        if (
            opts is None
            and name.startswith(HOOK_PREFIX)
            and inspect.ismodule(plugin)
            and inspect.isfunction(inspect.getattr_static(plugin, name, None))
        ):
            return pluggy.HookimplOpts(  # what a bare @hookimpl gives
                wrapper=False,
                hookwrapper=False,
                optionalhook=False,
                tryfirst=False,
                trylast=False,
                specname=None,
            )
        return opts


def new_manager() -> pluggy.PluginManager:
    pm = _Manager(PROJECT)
    pm.add_hookspecs(CrowsNestSpecs)
    return pm


# ------------------------------------------------------------------ discovery


@dataclass(frozen=True)
class _Candidate:
    """A plugin found but not yet imported (`loader` imports it)."""

    name: str
    origin: str
    loader: Callable[[], ModuleType]
    version: str | None = None
    path: str | None = None


def _one_line(exc: BaseException) -> str:
    """A short reason: exception type and message, plus the plugin file and line. Never
    raises, whatever the plugin's exception does in its __str__."""
    text = exc_text(exc, 240)
    if isinstance(exc, PluginError):
        text = safe_str(exc, 240)
    renamed = _renamed_import(exc)
    if renamed:
        text = renamed
    where = ""
    tb = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    for frame in reversed(tb):
        file = frame.filename.replace("\\", "/")
        if not any(f"/{d}/" in file for d in _HOST_DIRS) and "importlib" not in file:
            where = f" ({Path(frame.filename).name}, line {frame.lineno})"
            break
    if isinstance(exc, SyntaxError) and exc.filename:
        where = f" ({Path(exc.filename).name}, line {exc.lineno})"
    return (text + where)[:300]


# Frames in these folders are ours, not the plugin's (repository and installed names).
_HOST_DIRS = ("game", "crowsnest")
# Import names before 0.2 and what they are now (docs/plugins.md, "Import names").
_RENAMED = {"game": "crowsnest", "plugins": "crowsnest_games"}


def _renamed_import(exc: BaseException) -> str:
    """The sentence for a plugin still importing a pre-0.2 module name, else ''."""
    if not isinstance(exc, ModuleNotFoundError) or not exc.name:
        return ""
    old = exc.name
    new = _RENAMED.get(old.split(".")[0])
    if new is None:
        return ""
    now = new + old[len(old.split(".")[0]) :]
    return (
        f"imports '{old}', which CrowsNest Arcade 0.2 renamed '{now}': "
        f"change the import to 'from {now} import ...'"
    )


def _entry_point_candidates() -> list[_Candidate]:
    out: list[_Candidate] = []
    seen: set[tuple[str, str]] = set()
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if (ep.name, ep.value) in seen:  # the same distribution found twice on sys.path
            continue
        seen.add((ep.name, ep.value))
        dist = getattr(ep, "dist", None)
        dist_name = (dist.metadata["Name"] if dist is not None else "") or ""
        ours = dist_name.lower().replace("_", "-") == OUR_DISTRIBUTION
        out.append(
            _Candidate(
                name=ep.name,
                origin=BUILT_IN if ours else PACKAGE,
                loader=ep.load,
                version=dist.version if dist is not None else None,
                path=ep.value,
            )
        )
    return out


def user_plugin_folder() -> Path:
    return Path(platformdirs.user_data_dir(PROJECT)) / "plugins"


def _dropin_candidates(folders: Iterable[str | Path]) -> list[_Candidate]:
    out: list[_Candidate] = []
    for folder in folders:
        base = Path(folder).expanduser()
        if not base.is_dir():
            continue
        for entry in sorted(base.iterdir()):
            if entry.name.startswith(("_", ".")):
                continue
            if entry.is_file() and entry.suffix == ".py":
                out.append(_dropin(entry.stem, entry, entry))
            elif entry.is_dir() and (entry / "__init__.py").is_file():
                out.append(_dropin(entry.name, entry / "__init__.py", entry))
    return out


def dropin_module_suffix(name: str) -> str:
    """A module name part unique to the drop-in's name: '_' doubled and any other
    character that cannot be in a name as _HEX_, so 'a-b' and 'a_b' never share a module
    (they did, and the second replaced the first)."""
    out = []
    for ch in name:
        if ch == "_":
            out.append("__")
        elif ch.isalnum() and ch.isascii():
            out.append(ch)
        else:
            out.append(f"_{ord(ch):x}_")
    return "".join(out)


def _dropin(name: str, init: Path, shown: Path) -> _Candidate:
    def load() -> ModuleType:
        modname = DROPIN_MODULE_PREFIX + dropin_module_suffix(name)
        package = [str(init.parent)] if init.name == "__init__.py" else None
        spec = importlib.util.spec_from_file_location(
            modname, init, submodule_search_locations=package
        )
        if spec is None or spec.loader is None:
            raise PluginError(f"cannot import {init}")
        module = importlib.util.module_from_spec(spec)
        # Fresh every load: forget an earlier copy (and its submodules) of this drop-in.
        for key in [k for k in sys.modules if k == modname or k.startswith(modname + ".")]:
            del sys.modules[key]
        sys.modules[modname] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(modname, None)
            raise
        return module

    return _Candidate(name=name, origin=DROP_IN, loader=load, path=str(shown))


# ------------------------------------------------------------------ validation


def _check_variant(v: object) -> Variant:
    """Refuse a variant that lacks one of its parts or has impossible values."""
    if not isinstance(v, Variant):
        raise PluginError(f"registered {type(v).__name__}, not a crowsnest.engine.Variant")
    if not isinstance(v.id, str) or not ID_RE.match(v.id):
        raise PluginError(
            f"variant id {v.id!r} must be 1-40 lower-case letters, digits, '-' or '_'"
        )
    if not isinstance(v.name, str) or not v.name.strip():
        raise PluginError(f"variant '{v.id}' has no name")
    seats = v.seats
    if (
        not isinstance(seats, tuple)
        or not seats
        or not all(isinstance(s, int) and not isinstance(s, bool) and 2 <= s <= 8 for s in seats)
    ):
        raise PluginError(f"variant '{v.id}': seats must be a tuple of seat counts from 2 to 8")
    if v.default_seats not in seats:
        raise PluginError(f"variant '{v.id}': default_seats {v.default_seats} is not in {seats}")
    if v.direction not in DIRECTIONS:
        raise PluginError(
            f"variant '{v.id}': direction must be one of {', '.join(DIRECTIONS)}, not {v.direction!r}"
        )
    parts = {
        "deck": ("build", "layout"),
        "bidding": ("start", "to_call", "legal_calls", "refusal", "call", "outcome"),
        "validator": ("legal_plays", "refusal"),
        "scorer": ("first_dealer", "initial_scores", "settle", "redeal_dealer"),
    }
    # all five parts are required (a game without an auction passes NO_AUCTION)
    for part in ("deck", "bidding", "validator", "scorer"):
        obj = getattr(v, part, None)
        if obj is None:
            raise PluginError(f"variant '{v.id}' is missing its {part}")
        for method in parts.get(part, ()):
            if not callable(getattr(obj, method, None)):
                raise PluginError(f"variant '{v.id}': its {part} has no {method}()")
    if not callable(v.new_deal):
        raise PluginError(f"variant '{v.id}': new_deal is not callable")
    if not isinstance(v.ais, Mapping):
        raise PluginError(f"variant '{v.id}': ais must map level names to AI factories")
    for level, factory in v.ais.items():
        if not isinstance(level, str) or not LEVEL_RE.match(level) or not callable(factory):
            raise PluginError(f"variant '{v.id}': AI {level!r} is not a named factory")
    if not isinstance(v.rules_translations, Mapping) or not all(
        isinstance(k, str) and isinstance(t, str) for k, t in v.rules_translations.items()
    ):
        raise PluginError(
            f"variant '{v.id}': rules_translations must map language codes to rules texts"
        )
    if v.catalog is not None and not callable(getattr(v.catalog, "gettext", None)):
        raise PluginError(f"variant '{v.id}': catalog must be a crowsnest.i18n.Catalog or None")
    check = getattr(v.catalog, "check", None)
    if callable(check):  # a translation with a wrong placeholder reads as English: said once
        try:
            for problem in dict(check()).values():
                log.warning("variant '%s': its catalog: %s", v.id, problem)
        except Exception as e:  # noqa: BLE001 - a catalog's fault is not the variant's
            log.warning("variant '%s': its catalog cannot be checked: %s", v.id, e)
    keys = set()
    for opt in v.options:
        if not isinstance(opt, Option):
            raise PluginError(f"variant '{v.id}': options must be crowsnest.engine.Option objects")
        if opt.key in keys:
            raise PluginError(f"variant '{v.id}': option '{opt.key}' is declared twice")
        keys.add(opt.key)
        try:
            opt.validate(opt.default)
        except OptionError as e:
            raise PluginError(f"variant '{v.id}': the default of {e}") from None
    # A cheap smoke test: the pack can be built and dealt for every seat count.
    options = v.resolve_options(None)
    for n in seats:
        deck = v.deck.build(options, n)
        if not isinstance(deck, Deck) or len(deck) == 0:
            raise PluginError(f"variant '{v.id}': deck.build() did not return a Deck for {n} seats")
        piles = v.deck.layout(options, n, list(range(len(deck))))
        hands = piles.get("hands") if isinstance(piles, Mapping) else None
        if not isinstance(hands, list | tuple) or len(hands) != n:
            raise PluginError(f"variant '{v.id}': deck.layout() must give 'hands', one per seat")
    return v


# ------------------------------------------------------------------ loading


@dataclass
class _Loaded:
    cand: _Candidate
    module: ModuleType | None = None
    variants: list[Variant] = field(default_factory=list)
    ais: list[tuple[str, str, AIFactory]] = field(default_factory=list)
    error: str | None = None
    enabled: bool = True

    def record(self) -> PluginRecord:
        version = self.cand.version
        if version is None and self.module is not None:
            v = getattr(self.module, "__version__", None)
            version = str(v) if v is not None else None
        path = self.cand.path
        if self.module is not None and getattr(self.module, "__file__", None):
            path = self.module.__file__
        elif self.module is not None and getattr(self.module, "__path__", None):
            path = next(iter(self.module.__path__), path)
        ok = self.error is None and self.enabled
        return PluginRecord(
            name=self.cand.name,
            origin=self.cand.origin,
            version=version,
            path=path,
            variants=tuple(v.id for v in self.variants) if ok else (),
            ais=tuple(f"{vid}:{lvl}" for vid, lvl, _ in self.ais) if ok else (),
            error=self.error,
            enabled=self.enabled,
        )


def _call_hook(
    pm: pluggy.PluginManager, module: ModuleType, hook: str, register: Callable[..., None]
) -> None:
    """Call one plugin's implementation of `hook` alone, so its failure is its own."""
    caller = getattr(pm.hook, hook)
    for impl in caller.get_hookimpls():
        if impl.plugin is module:
            impl.function(**{name: register for name in impl.argnames})


def _random_factory() -> AIFactory:
    return random_factory


def load_registry(
    folders: Iterable[str | Path] | None = None,
    disabled: Iterable[str] = (),
    *,
    user_folder: bool = True,
    entry_points: bool = True,
    config: HasPluginSettings | None = None,
    isolate_ais: bool = True,
) -> Registry:
    """Discover, load and validate every plugin; never raises for a plugin's fault.

    `config` (a crowsnest.config.Config) supplies plugin folders and the disabled list;
    explicit `folders` / `disabled` are added to it. `user_folder=False` skips the
    platformdirs plugin folder (tests). With `isolate_ais`, the AIs of plugins that are
    not built in are wrapped to run in a worker process (crowsnest.ai.isolated, which
    loads the same plugins without it).
    """
    folder_list: list[str | Path] = []
    off = set(disabled)
    if config is not None:
        folder_list.extend(config.plugins.folders)
        off.update(config.plugins.disabled)
    if folders is not None:
        folder_list.extend(folders)
    if user_folder:
        folder_list.insert(0, user_plugin_folder())

    eps = _entry_point_candidates() if entry_points else []
    # The built-in games load first and keep their names and variant ids: an installed
    # package with an entry point named "rook" (or registering "crowsnest") is the one
    # refused, whatever order the installation lists entry points in.
    candidates = (
        [c for c in eps if c.origin == BUILT_IN]
        + [c for c in eps if c.origin != BUILT_IN]
        + _dropin_candidates(folder_list)
    )
    pm = new_manager()
    loaded: list[_Loaded] = []
    names: dict[str, _Loaded] = {}
    for cand in candidates:
        item = _Loaded(cand)
        loaded.append(item)
        if cand.name in names:
            first = names[cand.name].cand
            item.error = f"another plugin named '{cand.name}' is already loaded ({first.origin}, {first.path})"
            continue
        names[cand.name] = item
        if cand.name in off:
            item.enabled = False
            continue
        try:
            item.module = cand.loader()
            _check_api(item.module)
            pm.register(item.module, name=cand.name)
        except BaseException as e:  # noqa: BLE001 - isolation: any failure is the plugin's
            # (KeyboardInterrupt and SystemExit too: a plugin raising them at import
            # must not end every command; a real Ctrl-C here costs one plugin's load)
            item.error = _one_line(e)
            continue
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as e:
            item.error = _unknown_hook_reason(pm, item.module, e)
            pm.unregister(item.module)
            continue
        if not pm.get_hookcallers(item.module):
            item.error = "defines no crowsnest_* hook, so it adds nothing"
            pm.unregister(item.module)

    live = [
        (it, it.module)
        for it in loaded
        if it.module is not None and it.error is None and it.enabled
    ]
    variants: dict[str, Variant] = {}
    owner: dict[str, str] = {}

    # Phase 1: variants, from every plugin, before any AI is added to them.
    for item, module in live:

        def register(variant: object, _item: _Loaded = item) -> None:
            _item.variants.append(_check_variant(variant))

        try:
            _call_hook(pm, module, "crowsnest_register_variants", register)
            for v in item.variants:
                if v.id in variants or v.id in {w.id for w in item.variants if w is not v}:
                    by = owner.get(v.id, item.cand.name)
                    raise PluginError(f"variant id '{v.id}' is already registered by '{by}'")
        except BaseException as e:  # noqa: BLE001
            _fail(pm, item, e)
            continue
        for v in item.variants:
            variants[v.id] = v
            owner[v.id] = item.cand.name

    # Phase 2: AIs added to existing variants.
    extra: dict[str, dict[str, AIFactory]] = {}
    ai_owner: dict[tuple[str, str], str] = {}
    for item, module in live:
        if item.error:
            continue

        def register_ai(
            variant_id: object, level: object, factory: object, _item: _Loaded = item
        ) -> None:
            if not isinstance(variant_id, str) or variant_id not in variants:
                raise PluginError(f"added an AI to the unknown variant '{variant_id}'")
            if not isinstance(level, str) or not LEVEL_RE.match(level):
                raise PluginError(f"AI level {level!r} must be a short lower-case name")
            if not callable(factory):
                raise PluginError(f"the AI factory for '{variant_id}:{level}' is not callable")
            taken = set(variants[variant_id].ais) | set(extra.get(variant_id, {})) | {"random"}
            taken |= {lvl for vid, lvl, _ in _item.ais if vid == variant_id}
            if level in taken:
                raise PluginError(f"variant '{variant_id}' already has an AI '{level}'")
            # checked as far as it can be without calling it (the runner contains the rest)
            _item.ais.append((variant_id, level, cast(AIFactory, factory)))

        try:
            _call_hook(pm, module, "crowsnest_register_ais", register_ai)
        except BaseException as e:  # noqa: BLE001
            _fail(pm, item, e)
            for v in item.variants:  # its variants leave with it
                variants.pop(v.id, None)
            continue
        for vid, level, factory in item.ais:
            extra.setdefault(vid, {})[level] = factory
            ai_owner[(vid, level)] = item.cand.name

    # Every variant gets its extra AIs and, always, "random".
    final: dict[str, Variant] = {}
    random_factory = _random_factory()
    origin = {it.cand.name: it.cand.origin for it in loaded}
    worker_args = _worker_args(folder_list, off, entry_points)
    isolate_ais = isolate_ais and _isolation_available()
    for vid, v in variants.items():
        ais = dict(v.ais)
        ais.update(extra.get(vid, {}))
        ais.setdefault("random", random_factory)
        for level in v.ais:
            ai_owner.setdefault((vid, level), owner[vid])
        ai_owner.setdefault((vid, "random"), "built-in")
        if isolate_ais:
            for level, factory in ais.items():
                if origin.get(ai_owner[(vid, level)], BUILT_IN) != BUILT_IN:
                    ais[level] = _isolated(factory, worker_args)
        final[vid] = dataclasses.replace(v, ais=MappingProxyType(ais))
    return Registry(
        variants=MappingProxyType(final),
        plugins=tuple(it.record() for it in loaded),
        ai_owner=MappingProxyType(ai_owner),
    )


def _worker_args(
    folders: Iterable[str | Path], disabled: Iterable[str], eps: bool
) -> tuple[str, ...]:
    """How an AI worker process loads the same plugins (crowsnest.ai.isolated)."""
    args: list[str] = []
    for f in folders:
        args += ["--folder", os.path.abspath(os.path.expanduser(str(f)))]
    for name in sorted(disabled):
        args += ["--disabled", name]
    return (*args, *(() if eps else ("--no-entry-points",)))


def _isolation_available() -> bool:
    return AVAILABLE


def _isolated(factory: Any, worker_args: tuple[str, ...]) -> Any:
    return IsolatedFactory(factory, worker_args)


def _fail(pm: pluggy.PluginManager, item: _Loaded, exc: BaseException) -> None:
    item.error = _one_line(exc)
    if item.module is not None and pm.is_registered(item.module):
        pm.unregister(item.module)


def _check_api(module: ModuleType) -> None:
    """A plugin may declare CROWSNEST_API = N; one written for another API is refused."""
    want = getattr(module, "CROWSNEST_API", API_VERSION)
    if want != API_VERSION:
        raise PluginError(
            f"written for plugin API {want}; this CrowsNest Arcade speaks API {API_VERSION}"
        )


def _unknown_hook_reason(pm: pluggy.PluginManager, module: ModuleType, exc: Exception) -> str:
    known = sorted(n for n in dir(CrowsNestSpecs) if n.startswith(HOOK_PREFIX))
    for name in dir(module):
        if name.startswith(HOOK_PREFIX) and name not in known:
            return f"unknown hook '{name}' (known hooks: {', '.join(known)})"
    return _one_line(exc)


__all__ = [
    "BUILT_IN",
    "DROP_IN",
    "ENTRY_POINT_GROUP",
    "PACKAGE",
    "PluginError",
    "PluginRecord",
    "Registry",
    "UnknownVariantError",
    "load_registry",
    "new_manager",
    "user_plugin_folder",
]
