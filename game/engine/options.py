"""Rule options (house rules): a schema each variant declares, validated in one place so
the config file, the set-up screen and the protocol all give the same clear messages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

Options = Mapping[str, Any]


class OptionError(ValueError):
    """A bad option value. The message names the key and what is expected."""


@dataclass(frozen=True, slots=True)
class Option:
    """One rule knob.

    kind: "bool", "int" or "choice". For "int", minimum/maximum/step bound it; for
    "choice", choices lists the allowed strings.
    """

    key: str
    default: Any
    kind: str = "bool"
    label: str = ""
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1

    def validate(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option '{self.key}' must be true or false, not {value!r}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option '{self.key}' must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(
                    f"option '{self.key}' must be at least {self.minimum}, not {value}"
                )
            if self.maximum is not None and value > self.maximum:
                raise OptionError(
                    f"option '{self.key}' must be at most {self.maximum}, not {value}"
                )
            base = self.minimum if self.minimum is not None else 0
            if self.step > 1 and (value - base) % self.step:
                below = value - (value - base) % self.step
                raise OptionError(
                    f"option '{self.key}' goes in steps of {self.step} from {base} "
                    f"({below} or {below + self.step}), not {value}"
                )
            return value
        if self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"option '{self.key}' must be one of {allowed}, not {value!r}")
            return value
        raise OptionError(f"option '{self.key}' has an unknown kind {self.kind!r}")


def resolve_options(schema: tuple[Option, ...], given: Mapping[str, Any] | None) -> Options:
    """Defaults overlaid with `given`; unknown keys and bad values raise OptionError."""
    by_key = {o.key: o for o in schema}
    out = {o.key: o.default for o in schema}
    for key, value in (given or {}).items():
        opt = by_key.get(key)
        if opt is None:
            known = ", ".join(sorted(by_key)) or "none"
            raise OptionError(f"unknown option '{key}' (known options: {known})")
        out[key] = opt.validate(value)
    return MappingProxyType(out)
