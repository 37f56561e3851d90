"""Typed answers at the play prompt: short forms of chance outcomes, and suggestions for unknown words.

A person at a real table types what the die shows ("sun", "ether", "E" for Earth as the board
writes it) rather than the whole label ("die 3 rolls Sun"); :func:`short_form_match` finds the one
outcome such an answer names. Any answer that names nothing gets the closest commands and option
labels suggested (:func:`suggestions`, with :mod:`difflib`).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence

from elementa.core import Action


def _words(text: str) -> list[str]:
    return text.lower().split()


def short_form_match(
    text: str, options: Sequence[Action], short_forms: Mapping[str, str] | None = None
) -> tuple[Action | None, list[Action]]:
    """Return the option a short answer names, or the options it could name.

    The answer names an option when, ignoring case, it is the whole label, the label's last words
    ("sun", "rolls sun", "3♣"), the start of the label's last word ("eth"), or a short form that
    the board uses for a word (``short_forms``, for example ``{"E": "Earth"}``), and no other
    option fits the same way; the ways are tried in that order.

    Args:
        text: what the person typed.
        options: the labelled options of the prompt.
        short_forms: the board's abbreviations (case ignored) and the words they stand for.

    Returns:
        ``(option, [])`` for the one option named; ``(None, candidates)`` when several fit equally
        well (``candidates`` lists them) or none does (empty).
    """
    typed = _words(text)
    if not typed:
        return None, []
    forms = {k.lower(): v for k, v in (short_forms or {}).items()}
    if len(typed) == 1 and typed[0] in forms:
        typed = _words(forms[typed[0]])
    labels = [_words(str(a)) for a in options]
    tests: list[Callable[[list[str]], bool]] = [
        lambda words: words == typed,
        lambda words: words[-len(typed) :] == typed,
        lambda words: len(typed) == 1 and bool(words) and words[-1].startswith(typed[0]),
    ]
    for fits in tests:
        found = [a for a, words in zip(options, labels, strict=True) if fits(words)]
        if len(found) == 1:
            return found[0], []
        if found:
            return None, found
    return None, []


def suggestions(text: str, choices: Sequence[str], n: int = 3) -> list[str]:
    """Return up to ``n`` of ``choices`` that ``text`` may have meant (case ignored), the best first.

    First the choices that hold every word typed ("sun" suggests "take Sun as Major"), then the
    closest by spelling (:func:`difflib.get_close_matches`: "baord" suggests "board").

    Args:
        text: an answer that named nothing, for example ``"baord"``.
        choices: the words and labels that would have been understood.
    """
    by_lower: dict[str, str] = {}
    for c in choices:
        by_lower.setdefault(c.lower(), c)
    typed = set(_words(text))
    holding = [c for c in by_lower if typed and typed <= set(c.split())]
    close = difflib.get_close_matches(text.lower(), list(by_lower), n=n, cutoff=0.6)
    found = list(dict.fromkeys(holding + close))
    return [by_lower[c] for c in found[:n]]


def not_understood(text: str, choices: Sequence[str], count: int) -> str:
    """Return the answer to an unknown word: what was typed, the closest choices, and what to type.

    Args:
        text: what the person typed.
        choices: the commands and option labels of the prompt.
        count: the number of options (answers 1 to ``count`` are understood).
    """
    close = suggestions(text, choices)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return f"not understood: {text!r}{hint} (type a number from 1 to {count}, or 'help')"
