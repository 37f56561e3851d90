"""Browser security and stale moves: attacks on today's server, each refused.

- A seat's token in the address bar or page storage is handed over with a copied link: seats are
  HttpOnly cookies, and a watcher's link opens no seat.
- Another site's page could open a websocket with the visitor's cookie; a rebound DNS name could
  reach a local server; pages could be framed or leak their address: the origin, the host and the
  security headers are checked.
- A move chosen on an old view would be applied to a state its sender never saw: every move carries
  its step.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from elementa.server.app import create_app
from tests.server.test_app import HOSTS, claim, new_table, receive_view


@pytest.fixture
def app(database):
    return create_app(database, allowed_hosts=HOSTS)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def test_a_claimed_seat_is_an_httponly_cookie_and_a_copied_link_opens_no_seat(client, app):
    table = new_table(client, "elemenders", [{"kind": "reserved"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{table['id']}/claim", json={"code": table["invites"][0]["code"]})
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"seat-{table['id']}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert "#" not in r.json()["url"] and r.json()["token"] not in r.json()["url"]
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello"})  # no token: the seat cookie says who this is
        assert receive_view(ws)["seat"] == 0
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": None})  # #watch: this browser watches
        assert receive_view(ws)["seat"] is None
    joined = client.post(f"/api/tables/{table['id']}/join", json={})
    assert "HttpOnly" in joined.headers["set-cookie"] and "#" not in joined.json()["url"]
    with TestClient(app) as watcher:  # another browser given the page's address
        page = watcher.get(f"/table/{table['id']}")
        assert page.status_code == 200
        with watcher.websocket_connect(f"/ws/{table['id']}") as ws:
            ws.send_json({"type": "hello"})
            assert receive_view(ws)["seat"] is None


def test_the_client_keeps_no_token_in_the_address_bar_or_storage():
    static = resources.files("elementa.server") / "static"
    for name in ("table.js", "picking.js", "lobby.js"):
        text = (static / name).read_text(encoding="utf-8")
        assert "localStorage" not in text and "sessionStorage" not in text and "#token" not in text


def test_a_websocket_from_another_origin_is_refused(client, database):
    table = new_table(client, "elemenders", [{"kind": "reserved"}, {"kind": "open"}])
    token = claim(client, table, 0)
    with client.websocket_connect(f"/ws/{table['id']}", headers={"origin": "https://evil.example"}) as ws:
        message = ws.receive_json()
        assert message["code"] == "auth/origin"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    for origin in ("http://testserver", None):  # the server's own pages; a client that is no browser
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(f"/ws/{table['id']}", headers=headers) as ws:
            ws.send_json({"type": "hello", "token": token})
            assert receive_view(ws)["seat"] == 0
    other = create_app(database, allowed_hosts=HOSTS, allowed_origins=["https://play.example"])
    with (
        TestClient(other) as c,
        c.websocket_connect(f"/ws/{table['id']}", headers={"origin": "https://play.example"}) as ws,
    ):
        ws.send_json({"type": "hello", "token": None})
        assert receive_view(ws)["seat"] is None


def test_only_the_allowed_hosts_are_served(database):
    with TestClient(create_app(database), base_url="http://localhost") as client:  # the default: local names
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert client.get("/api/games", headers={"host": "rebound.example"}).status_code == 400
    with TestClient(
        create_app(database, allowed_hosts=["play.example"]), base_url="http://play.example"
    ) as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "localhost"}).status_code == 400


def test_every_page_has_the_security_headers_and_no_inline_script(client):
    for path in ("/", "/table/abc", "/static/table.js", "/api/games", "/api/tables/nope", "/learn/warriors"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-content-type-options"] == "nosniff"
    static = resources.files("elementa.server") / "static"
    for name in ("index.html", "table.html", "learn.html"):
        html = (static / name).read_text(encoding="utf-8")
        assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", html))  # no inline script
        assert "<style" not in html and " style=" not in html and not re.search(r" on[a-z]+=", html)


def test_a_move_made_on_an_old_view_is_refused_and_changes_nothing(client):
    table = new_table(client, "elemenders", [{"kind": "reserved"}, {"kind": "reserved"}], seed=5)
    tokens = {i["seat"]: claim(client, table, i["seat"]) for i in table["invites"]}
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        view = receive_view(ws)
    mover = view["to_move"][0]
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        view = receive_view(ws)
        action = view["legal"][0]["id"]
        for step in (view["step"] - 1, view["step"] + 1):
            ws.send_json({"type": "move", "action": action, "step": step})
            assert ws.receive_json()["code"] == "action/stale"
            ws.send_json({"type": "undo", "step": step})
            assert ws.receive_json()["code"] == "action/stale"
        ws.send_json({"type": "move", "action": action})  # no step: refused, not applied blind
        assert ws.receive_json()["code"] == "message/invalid"
        ws.send_json({"type": "move", "action": action, "step": view["step"]})
        moved = receive_view(ws)
        assert moved["step"] == view["step"] + 1
        ws.send_json({"type": "move", "action": action, "step": view["step"]})  # a double click
        assert ws.receive_json()["code"] == "action/stale"
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        assert receive_view(ws)["step"] == moved["step"]
