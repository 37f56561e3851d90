"""Output on terminals and pipes that cannot encode every character (``PYTHONIOENCODING=ascii``,
``LANG=C`` on an old system, a Windows code page).

The games' text uses a few symbols beyond ASCII (``·``, ``×``, ``→``, card suits, ``—``). Written
to a stream whose encoding lacks them, Python raises ``UnicodeEncodeError``; :func:`degrade_streams`
instead lets every such character fall back to an ASCII stand-in (``×`` as ``x``, ``→`` as ``->``,
an accented letter without its accent), else ``?``. Rich draws its own boxes and rules in ASCII
when the stream is not UTF-8, so tables stay tables.
"""

from __future__ import annotations

import codecs
import sys
import unicodedata
from typing import TextIO

ERRORS = "elementa-ascii"
"""The name of the codec error handler registered by this module."""

FALLBACK = {
    "·": ".",
    "×": "x",
    "±": "+-",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "—": "-",
    "–": "-",
    "…": "...",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "⌈": "ceil(",
    "⌉": ")",
    "▮": "#",
    "█": "#",
    "•": "*",
    "✓": "v",
    "σ": "sd",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
}
"""ASCII stand-ins of the symbols the games and the terminal use."""


def ascii_fallback(char: str) -> str:
    """Return an ASCII stand-in of one character: from :data:`FALLBACK`, else the character
    without its accents (``é`` -> ``e``), else ``?``."""
    if char in FALLBACK:
        return FALLBACK[char]
    stripped = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return stripped or "?"


def _handler(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(ascii_fallback(c) for c in bad), error.end


codecs.register_error(ERRORS, _handler)


def can_encode(stream: TextIO, text: str = "·×→—♦") -> bool:
    """Return whether ``stream``'s encoding can write ``text`` (the games' symbols by default)."""
    try:
        text.encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def degrade_streams() -> None:
    """Let ``sys.stdout`` and ``sys.stderr`` write any text, with ASCII stand-ins for characters
    their encoding lacks, and let ``sys.stdin`` read bytes its encoding cannot decode (as ``?``).

    Streams that can encode the games' symbols (UTF-8) are left as they are; a stream that cannot
    be reconfigured (a test's capture) is skipped.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not can_encode(stream):
            reconfigure(errors=ERRORS)
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None and not can_encode(sys.stdin):
        reconfigure(errors="replace")
