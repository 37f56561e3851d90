"""Print the layout of a game's observation tensor: each field's offset, size and meaning.

python -m elementa.adapters.describe elementalis
python -m elementa.adapters.describe warriors players=4 teams=2
"""

from __future__ import annotations

import sys

import elementa


def describe(name: str, **options: object) -> str:
    """Return the tensor layout of a game with options as text, one field a line.

    Raises:
        elementa.ConfigError: an unknown game or a bad option.
    """
    game = elementa.load_game(name, **options)
    lines = [f"{game.info.title}: tensor of shape {game.observation_tensor_shape()}, float32, values in 0..1"]
    lines += [
        f"{offset:6d} {size:6d}  {field}: {doc}"
        for field, offset, size, doc in game.observation_encoder().describe()
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Print the layout for ``GAME [option=value ...]``; return the exit status."""
    if not argv:
        print(__doc__)
        return 2
    try:
        options = dict(a.split("=", 1) for a in argv[1:])
        print(describe(argv[0], **options))
    except (elementa.ConfigError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
