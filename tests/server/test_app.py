"""The web layer in-process: lobby routes, the websocket protocol, typed errors, bots, zombies, replays."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from elementa.server.app import create_app
from elementa.server.db import open_database
from elementa.server.limits import ServerConfig
from elementa.server.tables import SeatSpec, TableService, seat_label
from tests.server.serving import play_to_the_end, wait_for


@pytest.fixture
def client(database):
    """The app on SQLite and on PostgreSQL (see ``conftest.py``), with the default limits."""
    with TestClient(create_app(database, allowed_hosts=HOSTS)) as c:
        yield c


@pytest.fixture
def quick_zombies(database):
    """The app with no shortest zombie timeout, so that a test can make a seat a zombie at once."""
    with TestClient(create_app(database, ServerConfig(min_timeout=0), allowed_hosts=HOSTS)) as c:
        yield c


HOSTS = ["testserver"]
"""The host the test client's requests name (the app serves only its allowed hosts)."""


def new_table(client, game, seats, **extra):
    """Create a table; one given a seed is a practice table (only those may choose it)."""
    if "seed" in extra:
        extra.setdefault("practice", True)
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def claim(client, table, seat):
    """Claim a reserved seat's invite; return the seat's token."""
    code = next(i["code"] for i in table["invites"] if i["seat"] == seat)
    r = client.post(f"/api/tables/{table['id']}/claim", json={"code": code})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def receive_view(ws):
    message = ws.receive_json()
    assert message["type"] == "view", message
    return message


def test_games_and_rules_are_listed(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"elementalis", "elemenders", "warriors", "elemental-card-dice", "elemental-warriors-ii"} <= set(
        games
    )
    assert any(o["name"] == "max_turns" for o in games["elemenders"]["options"])
    assert "monolith" in client.get("/api/games/elemenders/rules").text.lower()
    r = client.get("/api/games/chess/rules")
    assert r.status_code == 400 and r.json()["detail"]["code"] == "config/unknown-game"


def test_a_tables_action_declarations_are_served_once_for_every_viewer(client):
    table = new_table(client, "elemenders", [{"kind": "open"}, {"kind": "open"}])
    r = client.get(f"/api/tables/{table['id']}/actions")
    assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
    kinds = r.json()["kinds"]
    square = {"name": "square", "size": 110, "type": "square", "none": None, "values": None}
    assert kinds["select"] == [square]
    assert kinds["end_turn"] == []
    texts = r.json()["texts"]  # what each decision asks, in the game's words, for the page to tell
    assert set(texts) == set(kinds) and texts["end_turn"] == "end your turn" and "monolith" in texts["mark"]
    assert texts["coin"] == "coin"  # a chance kind the game gives no words reads as its name
    assert r.json()["confirm"] == {}  # no move of Elemenders gives up the game
    r = client.get("/api/tables/nope/actions")
    assert r.status_code == 404 and r.json()["detail"]["code"] == "table/unknown"


def test_a_view_names_each_seat_once_and_says_who_took_each_logged_action(client):
    seats = [{"kind": "reserved", "name": "Ada"}, {"kind": "bot", "agent": "greedy"}]
    table = new_table(client, "elemental-card-dice", seats, seed=4)
    token = claim(client, table, 0)
    live = client.app.state.service.table(table["id"])
    wait_for(lambda: not live.state.is_chance_node())  # who goes first is drawn
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        view = receive_view(ws)
    labels = [s["label"] for s in view["seats"]]
    assert labels == ["Player 1 (Ada)", "Player 2 (computer: greedy)"]
    assert seat_label(2, "open", None, "player 3") == "Player 3"  # a seat with no name of its own
    assert seat_label(1, "bot", "hard", "Bob") == "Player 2 (Bob, computer)"
    assert len(view["log_actors"]) == len(view["log"]) > 0 and view["log_from"] == 0
    assert view["log_actors"][0] == -1  # the draw of who goes first: chance
    history = [player for player, _ in live.state.history()]
    assert view["log_actors"] == history[: len(view["log"])]


def test_the_lobby_lists_the_tables_whose_seat_cookies_the_browser_holds(client):
    first = new_table(client, "elemenders", [{"kind": "open"}, {"kind": "open"}])
    second = new_table(client, "elemenders", [{"kind": "open"}, {"kind": "open"}])
    assert client.get("/api/tables/mine").json() == []
    client.post(f"/api/tables/{first['id']}/join", json={"seat": 1})  # sets the seat cookie
    mine = client.get("/api/tables/mine").json()
    assert [(t["id"], t["seat"], t["status"]) for t in mine] == [(first["id"], 1, "open")]
    # a token shown for another table than its own, and a made-up one, hold nothing
    token = client.cookies.get(f"seat-{first['id']}")
    client.cookies.set(f"seat-{second['id']}", token)
    client.cookies.set("seat-nope", "guess")
    assert [t["id"] for t in client.get("/api/tables/mine").json()] == [first["id"]]


def test_bad_tables_are_refused_with_a_code(client):
    r = client.post("/api/tables", json={"game": "elemenders", "seats": [{"kind": "open"}], "x": 1})
    assert r.status_code == 422
    r = client.post(
        "/api/tables",
        json={"game": "elemenders", "seats": [{"kind": "open"}] * 2, "options": {"adjacency": 5}},
    )
    assert r.status_code == 400 and r.json()["detail"]["code"].startswith("config/")
    r = client.post(
        "/api/tables",
        json={"game": "elemenders", "seats": [{"kind": "open"}] * 2, "seed": 2**70, "practice": True},
    )
    assert r.status_code == 400 and r.json()["detail"]["code"] == "table/seed"  # not a 500 on PostgreSQL
    r = client.post("/api/tables/nope/join", json={})
    assert r.status_code == 404 and r.json()["detail"]["code"] == "table/unknown"


def test_lobby_join_and_spectate(client):
    table = new_table(client, "elemenders", [{"kind": "open"}, {"kind": "open"}])
    assert [t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()] == [table["id"]]
    first = client.post(f"/api/tables/{table['id']}/join", json={"name": "Ada"}).json()
    second = client.post(f"/api/tables/{table['id']}/join", json={}).json()
    assert (first["seat"], second["seat"]) == (0, 1) and first["token"] != second["token"]
    r = client.post(f"/api/tables/{table['id']}/join", json={})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "seat/taken"
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == "Ada"
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": None})
        view = receive_view(ws)
        assert view["seat"] is None and view["legal"] == []
        ws.send_json({"type": "move", "action": 0, "step": view["step"]})
        assert ws.receive_json()["code"] == "auth/spectator"


def test_a_wrong_or_missing_token_is_refused(client):
    table = new_table(client, "elemenders", [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": "guess"})
        assert ws.receive_json()["code"] == "auth/bad-token"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4401
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "move", "action": 1})  # no hello first
        assert ws.receive_json()["code"] == "message/invalid"
    with client.websocket_connect("/ws/nope") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["code"] == "table/unknown"


def test_refused_messages_get_typed_errors_and_change_nothing(client):
    table = new_table(client, "elemenders", [{"kind": "reserved"}, {"kind": "reserved"}], seed=5)
    tokens = {i["seat"]: claim(client, table, i["seat"]) for i in table["invites"]}
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        view = receive_view(ws)
        mover = view["to_move"][0]
    idle = 1 - mover
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        before = receive_view(ws)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[idle]})
        view = receive_view(ws)
        assert view["legal"] == []
        for message, code in [
            ({"type": "move", "action": 0, "step": view["step"]}, "action/inactive-player"),
            ({"type": "move", "action": "first", "step": view["step"]}, "message/invalid"),
            ({"type": "move", "action": 0}, "message/invalid"),  # no step
            ({"type": "fly"}, "message/invalid"),
            ({"type": "undo", "step": view["step"]}, "undo/nothing"),
        ]:
            ws.send_json(message)
            assert ws.receive_json()["code"] == code
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "message/invalid"
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        again = receive_view(ws)
        ws.send_json({"type": "move", "action": 10**6, "step": again["step"]})
        assert ws.receive_json()["code"] == "action/illegal"
        ws.send_json({"type": "hello", "token": tokens[mover]})
        assert ws.receive_json()["code"] == "message/invalid"
    assert again["step"] == before["step"] and again["observation"] == before["observation"]
    assert again["legal"] == before["legal"] != []


def test_a_game_against_a_bot_runs_to_the_end_and_has_replays(client):
    table = new_table(
        client,
        "elemental-card-dice",
        [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}],
        options={"start_health": 10, "turn_limit": 10},
        seed=3,
    )
    token = claim(client, table, 0)
    log = []
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        while True:
            view = receive_view(ws)
            log = log[: view["log_from"]] + view["log"]  # each view brings the new lines only
            assert view["observation"]["players"][1]["hand"] is None  # the bot's hand stays hidden
            if view["status"] == "finished":
                break
            if view["legal"]:
                ws.send_json({"type": "move", "action": view["legal"][-1]["id"], "step": view["step"]})
    assert view["returns"] is not None
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "finished"
    mine = client.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": token}).json()["frames"]
    client.cookies.clear()  # no seat cookie: the spectators' replay
    public = client.get(f"/api/tables/{table['id']}/replay").json()["frames"]
    assert len(mine) == len(public) == view["step"] + 1
    assert mine[-1]["observation"] == view["observation"]
    assert [f["log"] for f in mine[1:]] == log and len(log) == view["step"]
    r = client.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": "guess"})
    assert r.json()["detail"]["code"] == "auth/bad-token"


def test_a_seat_away_past_the_timeout_is_played_by_a_bot(quick_zombies):
    client = quick_zombies
    table = new_table(
        client,
        "elemenders",
        [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}],
        options={"max_turns": 6},
        timeout=0,
    )
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": claim(client, table, 0)})
        receive_view(ws)
    wait_for(lambda: client.get(f"/api/tables/{table['id']}").json()["status"] == "finished")
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][0]["zombie"]


def test_undo_over_the_websocket_takes_the_sealed_bid_back(client):
    table = new_table(client, "toy-dice", [{"kind": "reserved"}, {"kind": "reserved"}], seed=2)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": claim(client, table, 0)})
        view = receive_view(ws)
        while not view["legal"]:  # the deal
            view = receive_view(ws)
        ws.send_json({"type": "move", "action": view["legal"][0]["id"], "step": view["step"]})
        moved = receive_view(ws)
        assert moved["step"] == view["step"] + 1 and moved["can_undo"] and moved["log_from"] == view["step"]
        ws.send_json({"type": "undo", "step": moved["step"]})
        back = receive_view(ws)
        assert back["step"] == view["step"] and back["legal"] == view["legal"]
        assert back["log_from"] == 0 and len(back["log"]) == view["step"]  # the whole log again


def test_at_start_up_the_bots_and_the_zombie_clocks_of_stored_tables_resume(database):
    url = database
    service = TableService(open_database(url))  # a table stored by an earlier run of the server
    table_id, _ = service.create_table(
        "elemental-card-dice",
        {"start_health": 6, "turn_limit": 4},
        [SeatSpec("reserved"), SeatSpec("bot", "random")],
        timeout=0,
    )
    with TestClient(create_app(url, allowed_hosts=HOSTS)) as client:
        wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["status"] == "finished")
        assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["zombie"]


def test_an_invited_player_who_never_comes_is_played_by_a_bot(quick_zombies):
    client = quick_zombies
    table = new_table(
        client,
        "elemenders",
        [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}],
        options={"max_turns": 4},
        timeout=0,
    )
    wait_for(lambda: client.get(f"/api/tables/{table['id']}").json()["status"] == "finished")


def test_housekeeping_trims_the_allocator_after_evicting(database, monkeypatch):
    import platform

    from elementa.server import app as app_module

    # the real trim is harmless, and a no-op where the C library is not glibc
    assert app_module.trim_memory() == (platform.libc_ver()[0] == "glibc")
    trims = []
    monkeypatch.setattr(app_module, "trim_memory", lambda: trims.append(set(service.live)))
    with TestClient(create_app(database, allowed_hosts=HOSTS)) as c:
        hub, service = c.app.state.hub, c.app.state.service
        idle = new_table(c, "elemenders", [{"kind": "open"}, {"kind": "open"}])["id"]
        wait_for(
            lambda: not service.table(idle).state.is_chance_node() and not service.live[idle].lock.locked()
        )
        service.live[idle].used -= hub.config.idle_table_seconds
        assert hub.housekeep() == 1
        assert trims == [set()]  # once, after the table left memory
        assert c.get(f"/api/tables/{idle}").json()["status"] == "open"


def test_finished_and_idle_tables_leave_memory_and_come_back_when_used(database):
    with TestClient(create_app(database, allowed_hosts=HOSTS)) as c:
        hub, service = c.app.state.hub, c.app.state.service
        seats = [{"kind": "open"}, {"kind": "open"}]
        waiting = new_table(c, "elemenders", seats)["id"]
        played = new_table(c, "elemental-warriors-ii", seats, options={"max_rounds": 1})["id"]
        for _ in seats:
            assert c.post(f"/api/tables/{played}/join", json={}).status_code == 200
        play_to_the_end(service, played, driven=True)
        wait_for(lambda: not service.table(waiting).state.is_chance_node())
        seen = {viewer: service.view(played, viewer) for viewer in (0, 1, None)}
        record = c.get(f"/api/tables/{played}/record").json()
        assert hub.evict_idle() == 1  # the finished one; the other was used just now
        assert played not in service.live and waiting in service.live
        assert not [key for key in hub.timers if key[0] == played]  # its seats' clocks are stopped
        service.live[waiting].used -= hub.config.idle_table_seconds  # ten minutes later
        assert hub.evict_idle() == 1 and waiting not in service.live
        # both are rebuilt from the database on use, as they were
        assert c.get(f"/api/tables/{played}/record").json() == record
        assert {viewer: service.view(played, viewer) for viewer in (0, 1, None)} == seen
        assert c.get(f"/api/tables/{waiting}").json()["status"] == "open"
        seat = c.post(f"/api/tables/{waiting}/join", json={}).json()["seat"]
        assert waiting in service.live and (waiting, seat) in hub.timers  # the new seat's away clock runs
        service.live[waiting].used -= hub.config.idle_table_seconds
        assert hub.evict_idle() == 1 and waiting in service.live  # (played went) an away seat keeps it
        with c.websocket_connect(f"/ws/{played}") as ws:  # a watched table stays
            ws.send_json({"type": "hello", "token": None})
            assert receive_view(ws)["status"] == "finished"
            assert hub.evict_idle() == 0
        assert hub.evict_idle() == 1 and played not in service.live
