"""The databases the server's storage tests run on: SQLite always, PostgreSQL when one is given.

``ELEMENTA_TEST_POSTGRES_URL`` names a PostgreSQL database whose role may create databases (for
example ``postgresql://elementa:elementa@127.0.0.1/elementa``; ``.ci/run`` sets one up). Each test
gets a database of its own, created for it and dropped after it, so runs never see each other's
tables. Without the variable the PostgreSQL cases are skipped.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES_ENV = "ELEMENTA_TEST_POSTGRES_URL"


def fresh_postgres_database() -> Iterator[str]:
    """Create an empty database on the server of ``$ELEMENTA_TEST_POSTGRES_URL``; yield its URL; drop it."""
    admin_url = os.environ.get(POSTGRES_ENV)
    if not admin_url:
        pytest.skip(f"{POSTGRES_ENV} is not set (a PostgreSQL URL whose role may create databases)")
    from sqlalchemy import create_engine, text

    from elementa.server.db import database_url

    url = database_url(admin_url)
    name = f"elementa_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            # FORCE: the engines a test left open (and a killed server's sessions) are cut off
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLAlchemy URL of an empty database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'server.sqlite3'}"
    else:
        yield from fresh_postgres_database()
