"""Quarterdeck: published tabletop naval wargame rules, playable and analysable."""

from __future__ import annotations

import os as _os
import typing as _typing

if _typing.TYPE_CHECKING:
    from types import TracebackType

__version__ = "0.1.0"


def _check_compiled() -> None:
    """An opt-in compiled build (``./scripts/compile``) puts mypyc's ``.so``
    files beside the sources and lists them, with their source's hash, in
    ``_compiled.json``. Python would import a stale ``.so`` in preference to an
    edited ``.py``, so refuse to run one built from other source."""
    here = _os.path.dirname(__file__)
    manifest = _os.path.join(here, "_compiled.json")
    if not _os.path.exists(manifest):
        return
    import hashlib
    import json

    root = _os.path.dirname(here)
    with open(manifest, encoding="utf-8") as f:
        modules: dict[str, str] = json.load(f)["modules"]
    # every source hashed, whatever its time (one edited while the build ran,
    # or copied with its old time, is caught too): a few milliseconds
    for path, digest in modules.items():
        source = _os.path.join(root, path)
        try:
            with open(source, "rb") as f:
                same = hashlib.sha256(f.read()).hexdigest() == digest
        except FileNotFoundError:
            same = False
        if not same:
            _refuse(
                f"{path} changed (or went) since ./scripts/compile built it: run "
                "./scripts/compile again, or ./scripts/compile --clean to run as pure Python"
            )


class StaleBuild(ImportError):
    """A compiled build whose source has changed since (:func:`_check_compiled`)."""


def _refuse(message: str) -> _typing.NoReturn:
    """Raise :class:`StaleBuild`; left uncaught (the ``quarterdeck`` command
    itself cannot start), it is one line on stderr, not a traceback."""
    import sys

    default = sys.excepthook

    def one_line(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if isinstance(value, StaleBuild):
            print(f"error: {value}", file=sys.stderr)
        else:
            default(kind, value, tb)

    sys.excepthook = one_line
    raise StaleBuild(message)


_check_compiled()
