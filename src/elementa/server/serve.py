"""Start the game server: ``elementa serve [--host H] [--port P] [--database URL] [--config FILE]
[--allowed-host NAME] [--allowed-origin ORIGIN]``."""

from __future__ import annotations

import errno
import socket

from elementa.server.limits import ServerConfig, load_config

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
    config: ServerConfig | None = None,
    *,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
) -> None:
    """Run the server until interrupted, after printing its URL.

    Args:
        host: the address to listen on.
        port: the port (``None``: 8000, else a free one).
        database: a SQLAlchemy URL (``None``: the SQLite file in the per-user data folder).
        config: the limits (``None``: :func:`~elementa.server.limits.load_config` of the
            ``ELEMENTA_...`` environment variables alone).
        allowed_hosts: ``Host`` names served besides ``host`` and the local names
            (:func:`elementa.server.security.default_hosts`).
        allowed_origins: origins whose pages may open websockets besides the server's own.

    Raises:
        elementa.server.cluster.DatabaseInUse: another server process has this SQLite file.
        ConfigError: ``config/server``, a bad ``ELEMENTA_...`` variable (when ``config`` is ``None``).
        OSError: the port cannot be bound.
    """
    import uvicorn

    from elementa.server.app import create_app
    from elementa.server.cluster import lock_sqlite
    from elementa.server.security import default_hosts

    config = config or load_config()
    held = lock_sqlite(database)  # one server process per SQLite file (refuses with database/in-use)
    app = create_app(
        database,
        config,
        allowed_hosts=[*default_hosts(host), *(allowed_hosts or [])],
        allowed_origins=allowed_origins,
    )
    sock = bind(host, port)
    bound_port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"Elementa server: http://{shown}:{bound_port}/  (Ctrl-C stops it)", flush=True)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            log_level="warning",
            # the app reads X-Forwarded-For itself, from the configured trusted proxies only (uvicorn's
            # own handling would trust any client on 127.0.0.1)
            proxy_headers=False,
            # frames up to 1 MiB (or 4 times the cap) get the app's message/invalid answer; bigger
            # ones are cut off by uvicorn before they are held in memory
            ws_max_size=max(1_048_576, 4 * config.max_message_bytes),
            # a compressing socket holds ~45 KiB of zlib state, freed only by a full collection after
            # it closes (its protocol objects form cycles): off unless the config asks for it
            ws_per_message_deflate=config.ws_compression,
        )
    )
    server.run(sockets=[sock])
    if held is not None:
        held.release()
