"""The attacks found against ``elementa serve``, each refused with a typed code, and the limits' config.

Each attack test goes through the public REST and websocket API with the default limits, so it
fails on a server without them (the tests of configured limits build their config inside the test).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from elementa.server.app import create_app
from tests.server.serving import claim_all

HUMANS = [{"kind": "reserved"}, {"kind": "reserved"}]


@pytest.fixture
def client(database):
    """The app with the default limits, on SQLite and PostgreSQL (see ``conftest.py``)."""
    with TestClient(create_app(database, allowed_hosts=["testserver"])) as c:
        yield c


def limited(database, **limits):
    """A client of the app with these limits changed (``ServerConfig`` fields)."""
    from elementa.server.limits import ServerConfig

    return TestClient(create_app(database, ServerConfig(**limits), allowed_hosts=["testserver"]))


def create(client, seats=HUMANS, **body):
    return client.post("/api/tables", json={"game": "elemenders", "seats": seats, **body})


def code(response):
    return response.json()["detail"]["code"]


@contextlib.contextmanager
def seated(client, table_id, token):
    """A websocket of the table that has sent its hello with this token (``None``: a spectator)."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws


def first_view(ws):
    message = ws.receive_json()
    assert message["type"] == "view", message
    return message


# ------------------------------------------------------------------------------------ files
def test_client_options_never_name_files_on_the_server(client, tmp_path, monkeypatch):
    secret = tmp_path / "secret.toml"
    secret.write_text("[very-secret-section]\nkey = 1\n")
    opened = []
    real_open = open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    monkeypatch.setattr("io.open", spy)  # what pathlib opens files with
    asked = [
        ("warriors", {"card_file": str(secret)}),
        ("warriors", {"deck_files": f"{tmp_path / 'missing.toml'}"}),
        ("warriors", {"deck_files": "/dev/zero"}),
        ("elemental-card-dice", {"card_file": str(secret)}),
        ("elemental-card-dice", {"card_file": "/etc/hostname", "replace_cards": True}),
        ("elemental-card-dice", {"card_file": 5}),
    ]
    for game, options in asked:
        r = create(client, game=game, options=options)
        assert r.status_code == 400 and code(r) == "option/file", (options, r.text)
        message = r.json()["detail"]["message"]
        assert "secret" not in message and "very-secret-section" not in message
        assert "No such file" not in message and "missing" not in message
    assert not [f for f in opened if "secret" in f or "missing" in f or f in ("/dev/zero", "/etc/hostname")]


def test_a_fifo_named_as_a_card_file_does_not_freeze_the_server(client, tmp_path):
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    done = threading.Event()

    def unblock():  # on a server that opens the FIFO, this lets its read end (so the test ends)
        if not done.wait(10):
            with open(fifo, "w") as f:
                f.write("x")

    threading.Thread(target=unblock, daemon=True).start()
    r = create(client, game="elemental-card-dice", options={"card_file": str(fifo)})
    done.set()
    assert r.status_code == 400 and code(r) == "option/file"


def test_card_and_deck_sets_are_chosen_by_name_from_the_operators_config(database, tmp_path):
    from elementa.games.warriors.cards import load_catalog

    rifles = load_catalog().decks["draconian-rifles"]
    cards = load_catalog().cards
    lines = ['[[deck]]\nname = "league-rifles"\n[deck.cards]']
    lines += [f'"{cards[cid].name}" = {n}' for cid, n in rifles.cards]
    path = tmp_path / "league.toml"
    path.write_text("\n".join(lines) + "\n")
    with limited(database, deck_files={"league": path}) as c:
        games = {g["name"]: g for g in c.get("/api/games").json()}
        allowed = {o["name"]: o["allowed"] for o in games["warriors"]["options"]}
        assert allowed["deck_files"] == "league" and allowed["card_file"] == "none on this server"
        r = create(c, game="warriors", options={"deck_files": "league", "decks": "league-rifles"})
        assert r.status_code == 200, r.text
        summary = c.get(f"/api/tables/{r.json()['id']}").json()
        assert summary["options"]["deck_files"] == "league"  # the set's name is stored, not the path
        with seated(c, r.json()["id"], claim_all(c, r.json())[0]) as ws:
            assert first_view(ws)["game"] == "warriors"
        r = create(c, game="warriors", options={"deck_files": "league,other"})
        assert code(r) == "option/file" and "league" in r.json()["detail"]["message"]


# ------------------------------------------------------------------------------------- bots
def test_bot_budgets_over_the_caps_are_refused(client):
    for spec in [
        "hard:iterations=100000000:seconds=none",
        "hard:seconds=none",
        "easy:seconds=1000",
        "hard:iterations=100000000:opening=1",  # a random opening does not hide the search behind it
    ]:
        r = create(client, seats=[{"kind": "reserved"}, {"kind": "bot", "agent": spec}])
        assert r.status_code == 400 and code(r) == "bot/budget", (spec, r.text)
    assert create(client, seats=[{"kind": "reserved"}, {"kind": "bot", "agent": "hard"}]).status_code == 200


def test_a_table_of_bots_alone_is_refused(client):
    r = create(client, seats=[{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}])
    assert r.status_code == 400 and code(r) == "table/no-human"
    assert client.get("/api/tables").json() == []


def play_to_the_end(client, table):
    """Play a table's reserved seat (its last legal move each time) until the game ends; return the view."""
    with seated(client, table["id"], claim_all(client, table)[0]) as ws:
        while (view := first_view(ws))["status"] != "finished":
            if view["legal"]:
                ws.send_json({"type": "move", "action": view["legal"][-1]["id"], "step": view["step"]})
    return view


def test_a_runaway_bot_on_one_table_does_not_starve_a_bot_on_another(database, caplog):
    # caps an operator raised far enough to let a search run for a day: the deadline still holds
    day = {"bot_max_iterations": 10**9, "bot_max_seconds": 86_400, "bot_deadline": 86_401}
    with limited(database, bot_processes=1, **day) as c:
        c.app.state.hub.bots.deadline = 1.0  # a short deadline, for the test
        options = {"start_health": 6, "turn_limit": 2}
        runaway = "hard:iterations=100000000:seconds=86400:settle=none"  # no early stop: it runs away
        tables = [
            create(
                c,
                game="elemental-card-dice",
                seats=[{"kind": "reserved"}, {"kind": "bot", "agent": bot}],
                options=options,
                seed=3,
                practice=True,
            )
            for bot in (runaway, "random")
        ]
        assert [t.status_code for t in tables] == [200, 200]
        for table in tables:
            assert play_to_the_end(c, table.json())["returns"] is not None
    assert "past the 1 s deadline" in caplog.text  # the runaway search was cut off and replaced


def test_a_bot_past_its_deadline_falls_back_to_a_seeded_random_move():
    import asyncio

    from elementa.core import load_game
    from elementa.server.bots import BotPool, BotRequest, fallback_move

    game = load_game("elemenders")
    state = game.new_initial_state(4)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(__import__("random").Random(0)), -1)
    seat = state.players_to_move()[0]

    def request(spec):
        return BotRequest("t1", "elemenders", game.options_dict(), 4, tuple(state.history()), seat, spec, 4)

    async def run():
        pool = BotPool(1, deadline=1.0)
        try:
            late = await pool.move(request("hard:iterations=100000000:seconds=none:settle=none"))
            again = await pool.move(request("random"))  # the killed worker was started afresh
            return late, again
        finally:
            pool.close()

    late, again = asyncio.run(run())
    legal = [a.id for a in state.legal_actions(seat)]
    assert late is None and again in legal
    assert fallback_move(state, seat) == fallback_move(state.clone(), seat) in legal


def test_a_worker_plays_as_the_seats_agent_and_keeps_its_state_between_moves():
    from collections import OrderedDict

    from elementa.agents import make_agent
    from elementa.core import load_game
    from elementa.server.bots import BotRequest, compute_move

    game = load_game("elemenders", max_turns=3)
    state = game.new_initial_state(8)
    spec = "easy:iterations=30:seconds=600"  # an iteration budget alone binds: the same search each time
    agents = {s: make_agent(spec, game, s, seed=8 + s) for s in range(2)}
    cache: OrderedDict = OrderedDict()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(__import__("random").Random(1)), -1)
            continue
        seat = state.players_to_move()[0]
        asked = BotRequest(
            "t", "elemenders", game.options_dict(), 8, tuple(state.history()), seat, spec, 8 + seat
        )
        chosen = compute_move(cache, asked)
        assert chosen == agents[seat].step(state.clone()).id  # as the same agent kept in process
        state.apply_action(chosen, seat)


# --------------------------------------------------------------------------- quotas and rates
def test_tables_per_hour_and_open_tables_per_client_are_capped(database):
    with limited(database, tables_per_hour=3) as c:
        assert all(create(c).status_code == 200 for _ in range(3))
        r = create(c)
        assert r.status_code == 429 and code(r) == "rate/tables"
    with limited(database, max_open_tables_per_client=2) as c:
        assert all(create(c).status_code == 200 for _ in range(2))
        r = create(c)
        assert r.status_code == 429 and code(r) == "quota/open-tables"


def test_one_client_cannot_create_ten_thousand_tables(client):
    answers = [create(client).status_code for _ in range(100)]
    assert 429 in answers
    assert len(client.get("/api/tables?limit=200").json()) < 100


def test_open_sockets_per_client_are_capped(client):
    table = create(client).json()
    with contextlib.ExitStack() as stack:
        refused = None
        for _ in range(40):
            ws = stack.enter_context(seated(client, table["id"], None))
            message = ws.receive_json()
            if message["type"] == "error":
                refused = message
                break
        assert refused is not None and refused["code"] == "rate/sockets"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4429
    with seated(client, table["id"], None) as ws:  # the closed ones no longer count
        assert first_view(ws)["seat"] is None


def test_a_flood_of_messages_is_refused_by_the_token_bucket(client):
    table = create(client).json()
    codes = []
    with seated(client, table["id"], claim_all(client, table)[0]) as ws:
        first_view(ws)
        with contextlib.suppress(WebSocketDisconnect):  # a flood past the burst is cut off
            for _ in range(300):
                ws.send_json({"type": "fly"})
            for _ in range(300):
                codes.append(ws.receive_json()["code"])
    assert "rate/messages" in codes and "message/invalid" in codes


def test_a_clients_sockets_share_one_message_bucket(database):
    def answer(ws):
        while (message := ws.receive_json())["type"] == "view":  # the views the other socket caused
            pass
        return message["code"]

    with limited(database, message_burst=5, messages_per_second=0.001) as c:
        table = create(c).json()
        with seated(c, table["id"], None) as one, seated(c, table["id"], None) as two:
            codes = []
            for ws in (one, one, one, two, two, two):
                ws.send_json({"type": "undo", "step": 0})
                codes.append(answer(ws))
            assert codes == ["auth/spectator"] * 5 + ["rate/messages"]


def test_the_lobby_list_is_one_page(database):
    with limited(database, lobby_page_size=3, max_lobby_page=4) as c:
        ids = [create(c).json()["id"] for _ in range(6)]
        page = c.get("/api/tables").json()
        assert len(page) == 3
        assert len(c.get("/api/tables?limit=1000").json()) == 4
        second = c.get("/api/tables?limit=2&offset=2").json()
        assert [t["id"] for t in second] == [t["id"] for t in c.get("/api/tables?limit=4").json()[2:4]]
        both = c.get("/api/tables?status=open&status=playing&limit=4").json()
        assert len(both) == 4 and set(t["id"] for t in both) <= set(ids)
        assert c.get("/api/tables?limit=0").status_code == 422


# ------------------------------------------------------------------------------------ frames
@pytest.mark.parametrize(
    "frame",
    [
        "[" * 100_000 + "]" * 100_000,
        b'{"type": "hello"}',
        '{"type": "hello", "token": "' + "x" * 100_000 + '"}',
    ],
    ids=["deep", "binary", "huge"],
)
def test_a_bad_first_frame_gets_message_invalid(client, frame):
    table = create(client).json()
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        assert ws.receive_json()["code"] == "message/invalid"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4400


def test_bad_frames_after_hello_get_message_invalid_and_change_nothing(client):
    table = create(client, seed=5, practice=True).json()
    tokens = claim_all(client, table)
    with seated(client, table["id"], tokens[0]) as ws:
        mover = first_view(ws)["to_move"][0]
    with seated(client, table["id"], tokens[mover]) as ws:
        bad_frames_change_nothing(ws)


def bad_frames_change_nothing(ws):
    view = first_view(ws)
    legal = view["legal"][0]["id"]
    for frame in [
        "[" * 100_000,
        json.dumps({"type": "move", "action": True, "step": view["step"]}),
        json.dumps({"type": "move", "action": str(legal), "step": view["step"]}),
        json.dumps({"type": "move", "action": float(legal), "step": view["step"]}),
        '{"type": "move", "action": NaN, "step": ' + str(view["step"]) + "}",
    ]:
        ws.send_text(frame)
        assert ws.receive_json()["code"] == "message/invalid", frame
    ws.send_bytes(json.dumps({"type": "move", "action": legal, "step": view["step"]}).encode())
    assert ws.receive_json()["code"] == "message/invalid"
    ws.send_json({"type": "undo", "step": 0})
    assert ws.receive_json()["code"] == "undo/nothing"  # nothing was played
    ws.send_json({"type": "move", "action": legal, "step": view["step"]})
    assert first_view(ws)["step"] == view["step"] + 1


def test_a_zombie_timeout_under_the_minimum_is_refused(client):
    for timeout in (0, 29):
        r = create(client, timeout=timeout)
        assert r.status_code == 400 and code(r) == "table/timeout"
    assert create(client, timeout=30).status_code == 200


# ------------------------------------------------------------------------------------ config
def test_the_config_comes_from_a_toml_file_and_the_environment(tmp_path):
    from elementa.core import ConfigError
    from elementa.server.limits import client_address, load_config

    path = tmp_path / "limits.toml"
    path.write_text(
        'tables_per_hour = 7\ntrusted_proxies = ["10.0.0.0/8"]\n[card_files]\nmine = "/srv/c.toml"\n'
    )
    config = load_config(path, {"ELEMENTA_TABLES_PER_HOUR": "9", "ELEMENTA_TEST_POSTGRES_URL": "x"})
    assert config.tables_per_hour == 9 and str(config.card_files["mine"]) == "/srv/c.toml"
    assert load_config(None, {}).min_timeout == 30
    for text, env, field in [
        ("tables_per_hour = 0\n", {}, "tables_per_hour"),
        ("bots = 3\n", {}, "bots"),
        ("", {"ELEMENTA_BOT_MAX_SECONDS": "soon"}, "ELEMENTA_BOT_MAX_SECONDS"),
        ("bot_deadline = 1\n", {}, "bot_deadline"),
        ("[card_files]\n'../x' = 'y'\n", {}, "card_files"),
    ]:
        path.write_text(text)
        with pytest.raises(ConfigError) as e:
            load_config(path, env)
        assert e.value.code == "config/server" and field in str(e.value) and "fix:" in str(e.value)
        assert "\n" not in str(e.value)
    proxies = load_config(None, {"ELEMENTA_TRUSTED_PROXIES": "10.0.0.0/8"}).trusted_proxies
    assert client_address("10.1.2.3", "1.1.1.1, 2.2.2.2", proxies) == "2.2.2.2"
    assert client_address("10.1.2.3", "2.2.2.2, 10.9.9.9", proxies) == "2.2.2.2"
    assert client_address("8.8.8.8", "2.2.2.2", proxies) == "8.8.8.8"  # not a trusted proxy: ignored
    assert client_address("10.1.2.3", "not-an-address", proxies) == "10.1.2.3"


def test_a_bad_config_file_is_one_line_from_the_cli(tmp_path):
    import subprocess
    import sys

    from tests.server.serving import SERVE

    path = tmp_path / "limits.toml"
    path.write_text("messages_per_second = -1\n")
    done = subprocess.run(
        [sys.executable, "-c", SERVE, "serve", "--port", "0", "--config", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "messages_per_second" in done.stderr, done.stderr


def test_vanishing_and_malformed_clients_leave_no_traceback_in_the_log(tmp_path):
    import socket

    from websockets.sync.client import connect

    from tests.server.serving import start, stop

    proc, base = start(["--port", "0", "--database", f"sqlite:///{tmp_path / 's.sqlite3'}"])
    try:
        import httpx

        table = httpx.post(
            base + "/api/tables", json={"game": "elemenders", "seats": HUMANS}, timeout=30
        ).json()
        url = base.replace("http", "ws") + f"/ws/{table['id']}"
        for frame in [b"\x00binary", "[" * 100_000, "not json"]:
            with connect(url, max_size=None) as ws:
                ws.send(frame)
                assert json.loads(ws.recv(timeout=30))["code"] == "message/invalid"
        # clients that vanish without a close frame: before hello, and while views are coming
        for send_hello in (False, True):
            with contextlib.suppress(Exception), connect(url) as ws:
                if send_hello:
                    ws.send(json.dumps({"type": "hello", "token": claim_all(httpx, table, base)[0]}))
                    ws.recv(timeout=30)
                ws.socket.shutdown(socket.SHUT_RDWR)
                ws.socket.close()
        time.sleep(1)
        with connect(url) as ws:  # the server still serves
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=30))["type"] == "view"
        proc.errors.seek(0)
        log = proc.errors.read()
    finally:
        stop(proc)
    assert "Traceback" not in log, log


def test_websockets_are_not_compressed_unless_the_config_asks(tmp_path):
    """A compressing socket holds ~45 KiB of zlib state (docs/server.md, Load): off by default."""
    import httpx
    from websockets.sync.client import connect

    from tests.server.serving import start, stop

    for env, compressed in (({}, False), ({"ELEMENTA_WS_COMPRESSION": "true"}, True)):
        database = f"sqlite:///{tmp_path / f'{compressed}.sqlite3'}"
        proc, base = start(["--port", "0", "--database", database], env)
        try:
            table = httpx.post(base + "/api/tables", json={"game": "elemenders", "seats": HUMANS}, timeout=30)
            url = base.replace("http", "ws") + f"/ws/{table.json()['id']}"
            with connect(url) as ws:  # the client offers permessage-deflate
                accepted = ws.response.headers.get("Sec-WebSocket-Extensions", "")
                ws.send(json.dumps({"type": "hello", "token": None}))
                assert json.loads(ws.recv(timeout=30))["type"] == "view"
        finally:
            stop(proc)
        assert ("permessage-deflate" in accepted) == compressed, accepted
