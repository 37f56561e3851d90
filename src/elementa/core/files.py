"""Reading the files a user hands us (save files, card and deck files) without a traceback.

A user's file can be missing, unreadable, binary or not UTF-8 text; each of those becomes the
caller's own :class:`~elementa.core.errors.ElementaError` (a ``SaveFileError`` for a save, a
``ConfigError`` naming the option for a card file), built by the ``refuse`` function it passes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from elementa.core.errors import ElementaError


def read_user_file(path: str | Path, refuse: Callable[[str], ElementaError]) -> str:
    """Return the text of a user's UTF-8 file, without the byte-order mark some editors write first.

    Args:
        path: the file.
        refuse: builds the error to raise from the reason, for example
            ``lambda why: ConfigError(f"card_file {path}: {why}", option="card_file")``.

    Returns:
        The file's text.

    Raises:
        ElementaError: what ``refuse`` builds, when the file cannot be read ("cannot read (No such
            file or directory)") or is not UTF-8 text ("not UTF-8 text (byte 0xff at position 0)").
    """
    try:
        return Path(path).read_text(encoding="utf-8-sig")  # utf-8, and a leading BOM dropped
    except OSError as e:
        raise refuse(f"cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        byte = e.object[e.start : e.start + 1].hex()
        raise refuse(f"not UTF-8 text (byte 0x{byte} at position {e.start})") from None


TOO_DEEP = "nested too deeply to read (thousands of brackets inside each other)"
"""The reason given for a file whose parser ran out of recursion (``RecursionError``)."""
