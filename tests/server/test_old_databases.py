"""A server database written before ElementaliS chose Mana colour by colour opens and plays on.

``tests/fixtures/server_v1.sql`` is the SQL dump of a SQLite database made by the server of that
time (schema revision 0001): an ElementaliS table stopped at a Mana choice after set-up Mana, Flux
Taps, scores and gifts (the game of ``v1_elementalis.json``), and an Elemenders table. Opening it
runs revision 0002, which stores ElementaliS's actions in the new ids.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sqlalchemy import text

from elementa.server.db import open_database
from elementa.server.tables import TableService
from tests.server.serving import play_to_the_end

FIXTURES = Path(__file__).parent.parent / "fixtures"


def newest_revision() -> str:
    """The head of the shipped migrations (an old database is upgraded all the way)."""
    from importlib import resources

    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(resources.files("elementa.server") / "migrations"))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def old_database(tmp_path: Path) -> str:
    path = tmp_path / "server.sqlite3"
    con = sqlite3.connect(path)
    con.executescript((FIXTURES / "server_v1.sql").read_text(encoding="utf-8"))
    con.close()
    return f"sqlite:///{path}"


def stored(path: Path, table_id: str) -> list[tuple[int, int, int]]:
    """The actions stored for a table, as ``(index, player, action id)``."""
    query = 'select "index", player, action from actions where table_id = ? order by "index"'
    con = sqlite3.connect(path)
    try:
        return [tuple(row) for row in con.execute(query, (table_id,))]
    finally:
        con.close()


def test_an_old_database_is_upgraded_and_its_tables_play_on(tmp_path: Path) -> None:
    url = old_database(tmp_path)
    path = tmp_path / "server.sqlite3"
    con = sqlite3.connect(path)
    games = dict(con.execute("select game, id from tables").fetchall())
    con.close()
    before = {game: stored(path, table_id) for game, table_id in games.items()}
    engine = open_database(url)
    assert stored(path, games["elemenders"]) == before["elemenders"]  # other games keep their ids
    assert len(stored(path, games["elementalis"])) > len(before["elementalis"])  # Mana in colour steps
    with engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == newest_revision()
        ids = c.execute(text("select action from actions where table_id = :t"), {"t": games["elementalis"]})
        assert max(ids.scalars()) < 50_000  # no format-1 Mana vector is left
        # 0004: the old tables are unrated live tables whose seats belong to no account
        assert c.execute(text("select rated, deadline from tables")).all() == [(False, None)] * len(games)
        assert c.execute(text("select count(*) from seats where user_id is not null")).scalar() == 0
        assert c.execute(text("select count(*) from users")).scalar() == 0
    fixture = json.loads((FIXTURES / "v1_elementalis.json").read_text(encoding="utf-8"))
    state = TableService(engine).table(games["elementalis"]).state
    for viewer in [0, 1, 2, None]:  # what the old code showed, but for the new partial choice
        shown = json.loads(json.dumps(state.observation(viewer)))
        assert shown.pop("mana_choice") is not None
        assert shown == fixture["observations"][str(viewer)]
    assert state.current_player() == fixture["current_player"]
    for table_id in games.values():
        # the seed of a table made before fair dealing may have been chosen: a practice table now
        summary = TableService(engine).summary(table_id)
        assert summary["practice"] and len(summary["commitment"]) == 64
        service = TableService(engine)
        play_to_the_end(service, table_id, seed=1)
        assert service.summary(table_id)["status"] == "finished"
        history = service.table(table_id).state.history()
        # a restarted server rebuilds the finished game from what was stored
        assert TableService(open_database(url)).table(table_id).state.history() == history


def test_a_warriors_table_stored_before_deck_editions_plays_on_with_the_first_decks(tmp_path: Path) -> None:
    """A stored table's options hold every option of its time; a Warriors table made before deck
    editions has no ``edition`` and is rebuilt with edition 1, the decks it was dealt from (the game of
    ``v1_warriors.json``, stored as the server of that time stored it)."""
    from sqlalchemy import insert, update

    from elementa.server.db import ActionRow, TableRow
    from elementa.server.tables import SeatSpec

    fixture = json.loads((FIXTURES / "v1_warriors.json").read_text(encoding="utf-8"))
    save = fixture["save"]
    url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    engine = open_database(url)
    seats = [SeatSpec("reserved"), SeatSpec("reserved")]
    table_id, _ = TableService(engine).create_table("warriors", {}, seats, seed=save["seed"], practice=True)
    with engine.begin() as c:  # what the server stored before editions: no edition, the game's actions
        c.execute(update(TableRow).where(TableRow.id == table_id).values(options=save["options"]))
        c.execute(
            insert(ActionRow),
            [
                {"table_id": table_id, "index": i, "player": p, "action": a}
                for i, (p, a) in enumerate(save["history"])
            ],
        )
    state = TableService(engine).table(table_id).state
    assert state.game.options.edition == 1
    for viewer in [0, 1, None]:
        assert json.loads(json.dumps(state.observation(viewer))) == fixture["observations"][str(viewer)]
    service = TableService(engine)
    play_to_the_end(service, table_id, seed=1)
    history = service.table(table_id).state.history()
    assert TableService(open_database(url)).table(table_id).state.history() == history
    # a table made now records the edition it is dealt from
    new_id, _ = service.create_table("warriors", {}, seats, seed=3, practice=True)
    assert service.summary(new_id)["options"]["edition"] == 4
