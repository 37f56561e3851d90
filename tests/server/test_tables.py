"""The table service without the web layer: seats, tokens, moves, hidden views, undo, restart, replays."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

import elementa
from elementa.core import CHANCE, IllegalActionError
from elementa.server.db import database_url, open_database
from elementa.server.tables import SeatSpec, ServerError, TableService

HUMANS = [SeatSpec("reserved"), SeatSpec("reserved")]


@pytest.fixture
def url(database):
    """Each test runs on SQLite and on PostgreSQL (see ``conftest.py``)."""
    return database


@pytest.fixture
def service(url):
    return TableService(open_database(url))


def settle(service, table_id):
    """Resolve chance and let the bot seats move, as the web layer does, until a person must move."""
    service.resolve_chance(table_id)
    while (turn := service.bot_to_move(table_id)) is not None:
        seat, agent = turn
        service.apply(table_id, seat, agent.step(service.table(table_id).state.clone()).id)
        service.resolve_chance(table_id)


def play_first_actions(service, table_id, moves):
    """Make ``moves`` moves, each the first legal action of the first seat to move."""
    for _ in range(moves):
        settle(service, table_id)
        state = service.table(table_id).state
        if state.is_terminal():
            return
        seat = state.players_to_move()[0]
        service.apply(table_id, seat, state.legal_actions(seat)[0].id)
    settle(service, table_id)


def test_migrations_create_the_schema_once_and_record_the_head(url):
    from tests.server.test_old_databases import newest_revision

    engine = open_database(url)
    open_database(url)  # a second start finds the schema up to date
    assert {"tables", "seats", "actions", "alembic_version"} <= set(inspect(engine).get_table_names())
    with engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == newest_revision()


def test_a_plain_postgresql_url_gets_the_psycopg_driver():
    assert database_url("postgresql://u:p@h/db").drivername == "postgresql+psycopg"
    assert database_url("postgres://u@h/db").drivername == "postgresql+psycopg"
    assert database_url("postgresql+psycopg2://h/db").drivername == "postgresql+psycopg2"
    assert database_url("sqlite:///x.db").drivername == "sqlite"


def test_tokens_give_their_seat_and_nothing_else(service):
    table_id, codes = service.create_table("elemenders", {}, [SeatSpec("reserved"), SeatSpec("open")])
    assert set(codes) == {0}
    with pytest.raises(ServerError) as e:
        service.seat_of(table_id, codes[0])  # an invite code is not a token
    assert e.value.code == "auth/bad-token"
    tokens = {0: service.claim(table_id, codes[0])[1]}
    assert service.seat_of(table_id, tokens[0]) == 0
    assert service.seat_of(table_id, None) is None
    with pytest.raises(ServerError) as e:
        service.seat_of(table_id, tokens[0] + "x")
    assert e.value.code == "auth/bad-token"
    assert [t["id"] for t in service.list_tables("open")] == [table_id]
    seat, token = service.join(table_id, name="Ada")
    assert seat == 1 and service.seat_of(table_id, token) == 1
    assert service.list_tables("open") == []
    with pytest.raises(ServerError) as e:
        service.join(table_id)
    assert e.value.code == "seat/taken"
    with pytest.raises(ServerError) as e:
        service.join("nope")
    assert e.value.code == "table/unknown"


def test_bad_table_requests_are_refused_with_the_field(service):
    with pytest.raises(elementa.ConfigError):
        service.create_table("no-such-game", {}, HUMANS)
    with pytest.raises(elementa.ConfigError):
        service.create_table("elemenders", {}, [SeatSpec("reserved"), SeatSpec("bot", "no-such-bot")])
    with pytest.raises(elementa.ConfigError):
        service.create_table("elemenders", {}, [SeatSpec("reserved")] * 3)  # a two-player game


def test_values_the_columns_cannot_hold_are_refused_on_every_database(service):
    # SQLite would store them; PostgreSQL enforces the 64-bit seed, 32-bit integers and string lengths
    for kwargs, seats, code in [
        ({"seed": 2**63, "practice": True}, HUMANS, "table/seed"),
        ({"seed": -(2**63) - 1, "practice": True}, HUMANS, "table/seed"),
        ({"timeout": 2**31}, HUMANS, "table/timeout"),
        ({}, [SeatSpec("reserved"), SeatSpec("bot", "hard:" + "x" * 200)], "table/agent"),
    ]:
        with pytest.raises(ServerError) as e:
            service.create_table("elemenders", {}, seats, **kwargs)
        assert e.value.code == code
    assert service.list_tables() == []
    table_id, _ = service.create_table(
        "elemenders", {}, HUMANS, seed=2**63 - 1, practice=True, timeout=86_400
    )
    assert TableService(service.engine).table(table_id).state.seed == 2**63 - 1


def test_illegal_and_out_of_turn_moves_change_nothing(service):
    table_id, _ = service.create_table("elementalis", {"players": 2}, HUMANS, seed=4, practice=True)
    settle(service, table_id)
    live = service.table(table_id)
    before = (live.state.history(), {v: list(lines) for v, lines in live.logs.items()})
    seat = live.state.players_to_move()[0]
    other = 1 - seat if live.state.current_player() >= 0 else None
    with pytest.raises(IllegalActionError) as e:
        service.apply(table_id, seat, 10**6)
    assert e.value.code == "action/illegal"
    if other is not None:
        with pytest.raises(IllegalActionError) as e:
            service.apply(table_id, other, live.state.legal_actions(seat)[0].id)
        assert e.value.code == "action/inactive-player"
    assert (live.state.history(), live.logs) == before
    stored = TableService(service.engine).table(table_id).state.history()
    assert stored == live.state.history()


@pytest.mark.parametrize(
    "game", ["elemental-card-dice", "warriors", "elemenders", "elementalis", "elemental-warriors-ii"]
)
def test_each_view_is_the_seats_observation_and_hides_the_others(service, game):
    options = {"players": 2} if game == "elementalis" else {}
    table_id, _ = service.create_table(
        game, options, [SeatSpec("reserved"), SeatSpec("bot", "random")], seed=2, practice=True
    )
    play_first_actions(service, table_id, 12)
    state = service.table(table_id).state
    for viewer in (0, 1, None):
        view = service.view(table_id, viewer)
        assert view["observation"] == state.observation(viewer)
        assert len(view["log"]) == len(state.history())
        assert view["legal"] == (
            [
                {"id": a.id, "kind": a.kind, "parts": a.parts, "label": a.label}
                for a in state.legal_actions(viewer)
            ]
            if viewer in view["to_move"]
            else []
        )
    assert service.view(table_id, 0)["observation"] != service.view(table_id, 1)["observation"]
    for viewer in (0, 1, None):
        assert service.view(table_id, viewer)["events"] == [e.to_json() for e in state.events_for(viewer)]


def test_the_typed_events_show_a_seat_its_own_draws_and_not_the_others(service):
    table_id, _ = service.create_table("warriors", {}, HUMANS, seed=4, practice=True)
    settle(service, table_id)
    state = service.table(table_id).state
    for seat in (0, 1):
        drawn = [e for e in service.view(table_id, seat)["events"] if e["type"] == "card_moved"]
        own = [e for e in drawn if e["target"]["seat"] == seat]
        other = [e for e in drawn if e["target"]["seat"] == 1 - seat]
        assert own and all(e["card"] is not None and e["name"] for e in own)
        assert other and all(e["card"] is None and e["name"] == "" for e in other)
        assert sorted(e["name"] for e in own) == sorted(state.observation(seat)["hand"])


GAMES = ["elemental-card-dice", "warriors", "elemenders", "elementalis", "elemental-warriors-ii"]


@pytest.mark.parametrize("game", GAMES)
def test_the_views_legal_actions_carry_parts_that_read_back_to_the_same_action(service, game):
    table_id, _ = service.create_table(
        game, {}, [SeatSpec("reserved"), SeatSpec("reserved")], seed=3, practice=True
    )
    space = service.table(table_id).game.action_space
    declared = service.actions(table_id)["kinds"]
    checked = 0
    for _ in range(30):  # decisions of several phases: each time the first seat to move plays its last move
        settle(service, table_id)
        state = service.table(table_id).state
        if state.is_terminal():
            break
        seat = state.players_to_move()[0]
        legal = service.view(table_id, seat)["legal"]
        assert legal
        for entry in legal:
            assert set(entry["parts"]) == {p["name"] for p in declared[entry["kind"]]}
            kind, args = space.from_json({"kind": entry["kind"], "parts": entry["parts"]})
            assert space.encode(kind, *args) == entry["id"]
            checked += 1
        service.apply(table_id, seat, legal[-1]["id"])
    assert checked > 30


def test_the_action_declarations_are_the_games_and_name_every_card_with_its_text(service):
    table_id, _ = service.create_table(
        "warriors", {"players": 3}, [SeatSpec("reserved")] * 3, seed=1, practice=True
    )
    game = service.table(table_id).game
    actions = service.actions(table_id)
    assert actions["kinds"] == game.action_space.describe()
    assert [p["size"] for p in actions["kinds"]["held"]] == [3, 4]  # sized by the table's options
    names = actions["kinds"]["equip"][0]["values"]
    assert sorted(actions["cards"]) == sorted(names)
    assert actions["cards"]["Sonic Pistol"] == game.card_text("Sonic Pistol")
    board, _ = service.create_table("elemenders", {}, HUMANS, seed=1, practice=True)
    assert service.actions(board)["cards"] == {}
    with pytest.raises(ServerError) as e:
        service.actions("nope")
    assert e.value.code == "table/unknown"


def test_a_restarted_service_rebuilds_every_table_from_the_stored_actions(service, url):
    tables = []
    for game in ("elementalis", "elemental-warriors-ii", "warriors"):
        table_id, _ = service.create_table(game, {}, [SeatSpec("reserved"), SeatSpec("bot", "greedy")])
        play_first_actions(service, table_id, 15)
        tables.append(table_id)
    fresh = TableService(open_database(url))
    for table_id in tables:
        for viewer in (0, 1, None):
            assert fresh.view(table_id, viewer) == service.view(table_id, viewer)


def test_chance_outcomes_come_from_the_seed_and_are_stored(service):
    table_id, _ = service.create_table("elementalis", {"players": 2}, HUMANS, seed=9, practice=True)
    play_first_actions(service, table_id, 10)
    history = service.table(table_id).state.history()
    assert any(p == CHANCE for p, _ in history)
    expected = elementa.load_game("elementalis", players=2).new_initial_state(9)
    for player, action_id in history:
        if player == CHANCE:
            assert elementa.core.resolve_chance(expected).id == action_id
        else:
            expected.apply_action(action_id, player)


def test_undo_takes_back_only_your_own_last_move(service):
    # Elemenders: a turn is several unit moves, and moving a unit reveals nothing
    table_id, _ = service.create_table("elemenders", {}, [SeatSpec("reserved"), SeatSpec("bot", "greedy")])
    live = service.table(table_id)
    for _ in range(200):  # play to the first turn of moving units
        settle(service, table_id)
        if any(a.kind == "move" for a in live.state.legal_actions(live.state.players_to_move()[0])):
            break
        seat = live.state.players_to_move()[0]
        service.apply(table_id, seat, live.state.legal_actions(seat)[0].id)
    seat = live.state.players_to_move()[0]
    before = service.view(table_id, seat)
    move = next(a for a in live.state.legal_actions(seat) if a.kind == "move")
    service.apply(table_id, seat, move.id)
    assert service.view(table_id, seat)["can_undo"]
    with pytest.raises(IllegalActionError) as e:
        service.undo(table_id, 1 - seat)
    assert e.value.code == "undo/not-yours"
    service.undo(table_id, seat)
    assert service.view(table_id, seat) == before
    assert TableService(service.engine).view(table_id, seat)["observation"] == before["observation"]


def test_undo_refuses_a_move_that_revealed_hidden_information(service):
    # the test game: a sealed bid can be taken back while the window is open; the last bid, which
    # opens the window and shows everyone's bids, cannot; nor can anything before a chance outcome
    table_id, _ = service.create_table("toy-dice", {}, HUMANS, seed=1, practice=True)
    settle(service, table_id)
    live = service.table(table_id)
    assert live.state.is_simultaneous_node()
    with pytest.raises(IllegalActionError) as e:
        service.undo(table_id, 0)
    assert e.value.code == "undo/not-yours"  # the last entry is the deal
    service.apply(table_id, 0, live.state.legal_actions(0)[0].id)
    service.undo(table_id, 0)
    assert live.state.players_to_move() == [0, 1]
    service.apply(table_id, 0, live.state.legal_actions(0)[0].id)
    service.apply(table_id, 1, live.state.legal_actions(1)[0].id)
    steps = len(live.state.history())
    with pytest.raises(IllegalActionError) as e:
        service.undo(table_id, 1)
    assert e.value.code == "undo/revealed"
    assert len(live.state.history()) == steps


def test_zombie_seats_are_played_by_a_bot_and_reclaimed(service):
    table_id, _ = service.create_table("elemenders", {}, HUMANS, timeout=0)
    live = service.table(table_id)
    service.set_connected(table_id, 0, True)
    service.set_connected(table_id, 1, False)
    assert live.is_zombie(1) and not live.is_zombie(0)
    assert service.summary(table_id)["seats"][1]["zombie"]
    service.set_connected(table_id, 1, True)
    assert not live.is_zombie(1) and 1 not in live.agents


def test_replays_show_each_viewer_only_its_own_view(service):
    table_id, _ = service.create_table(
        "elemental-card-dice",
        {"start_health": 5, "turn_limit": 6},
        [SeatSpec("reserved"), SeatSpec("bot", "random")],
        timeout=0,
    )
    with pytest.raises(ServerError) as e:
        service.replay(table_id, None)
    assert e.value.code == "table/not-finished"
    service.set_connected(table_id, 0, False)  # away past the 0 s timeout: a bot plays the seat too
    settle(service, table_id)
    state = service.table(table_id).state
    assert state.is_terminal() and service.summary(table_id)["status"] == "finished"
    replay = {v: service.replay(table_id, v) for v in (0, 1, None)}
    assert all(len(frames) == len(state.history()) + 1 for frames in replay.values())
    assert replay[0][-1]["observation"] == state.observation(0)
    assert replay[None][-1]["observation"] == state.observation(None)
    assert [f["log"] for f in replay[1][1:]] == service.view(table_id, 1)["log"]
