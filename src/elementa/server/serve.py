"""Start the game server: ``elementa serve [--host H] [--port P] [--database URL] [--allowed-host NAME]``."""

from __future__ import annotations

import errno
import socket

DEFAULT_PORT = 8000


def bind(host: str, port: int | None) -> socket.socket:
    """Return a listening socket on ``host``.

    Args:
        host: the address to listen on (``127.0.0.1`` by default in the CLI).
        port: the port; ``None`` tries :data:`DEFAULT_PORT`, then any free port.

    Raises:
        OSError: the port asked for is taken or the address cannot be used.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    candidates = [DEFAULT_PORT, 0] if port is None else [port]
    for i, candidate in enumerate(candidates):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, candidate))
        except OSError as e:
            sock.close()
            if e.errno == errno.EADDRINUSE and i + 1 < len(candidates):
                continue
            raise
        sock.listen(128)
        return sock
    raise OSError("no port to listen on")  # pragma: no cover - the last candidate raises first


def serve(
    host: str = "127.0.0.1",
    port: int | None = None,
    database: str | None = None,
    *,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
) -> None:
    """Run the server until interrupted, after printing its URL.

    Args:
        host: the address to listen on.
        port: the port (``None``: 8000, else a free one).
        database: a SQLAlchemy URL (``None``: the SQLite file in the per-user data folder).
        allowed_hosts: ``Host`` names served besides ``host`` and the local names
            (:func:`elementa.server.security.default_hosts`).
        allowed_origins: origins whose pages may open websockets besides the server's own.
    """
    import uvicorn

    from elementa.server.app import create_app
    from elementa.server.security import default_hosts

    app = create_app(
        database,
        allowed_hosts=[*default_hosts(host), *(allowed_hosts or [])],
        allowed_origins=allowed_origins,
    )
    sock = bind(host, port)
    bound_port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"Elementa server: http://{shown}:{bound_port}/  (Ctrl-C stops it)", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])
