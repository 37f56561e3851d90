"""Accounts over the REST API, on SQLite and PostgreSQL: sign-up, sessions, linked seats, ratings, profiles,
leaderboards, the your-turn list and correspondence deadlines."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text, update

from elementa.server.accounts import COOKIE, MAX_PASSWORD, AccountService
from elementa.server.app import create_app
from elementa.server.db import TableRow, now, open_database
from elementa.server.limits import ClientLimits, LimitError, ServerConfig
from elementa.server.tables import SeatSpec, ServerError, TableService
from tests.server.serving import claim_all, play_to_the_end, wait_for

PASSWORD = "correct horse battery"
QUICK = ("elemental-warriors-ii", {"max_rounds": 1})
"""A two-player game that ends in a few dozen moves and often has a winner."""


@pytest.fixture
def app(database):
    return create_app(database, allowed_hosts=["testserver"])


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def other_client(app):
    """A second browser: its own cookie jar, the same app (already started by ``client``)."""
    return TestClient(app)


def sign_up(client, name, password=PASSWORD):
    r = client.post("/api/accounts/signup", json={"username": name, "password": password})
    assert r.status_code == 200, r.text
    return r


def code(r):
    return r.json()["detail"]["code"]


def rated_table(a, b, game=QUICK):
    """``a`` creates a rated table with its own seat; ``b`` joins the other; return the id and tokens."""
    r = a.post(
        "/api/tables",
        json={
            "game": game[0],
            "options": game[1],
            "seats": [{"kind": "reserved", "account": True}, {"kind": "open"}],
            "rated": True,
            "timeout": 86_400,
        },
    )
    assert r.status_code == 200, r.text
    table = r.json()
    joined = b.post(f"/api/tables/{table['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    return table["id"], [claim_all(a, table)[0], joined.json()["token"]]


def ratings(client, name):
    return {r["game"]: r for r in client.get(f"/api/users/{name}").json()["ratings"]}


# ------------------------------------------------------------------------------------------ accounts
def test_sign_up_starts_a_session_in_an_http_only_cookie_and_stores_only_hashes(client):
    r = sign_up(client, "Alice")
    cookie = r.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert "Secure" not in cookie  # plain http here; https requests get Secure
    assert client.get("/api/accounts/me").json() == {"username": "Alice"}
    token = client.cookies[COOKIE]
    with client.app.state.service.engine.connect() as c:
        stored = c.execute(text("select password_hash from users")).scalar()
        sessions = c.execute(text("select token_hash from sessions")).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert token not in sessions and len(sessions) == 1


def test_the_session_cookie_is_secure_over_https(app, client):
    with TestClient(app, base_url="https://testserver") as secure:
        cookie = sign_up(secure, "alice").headers["set-cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie


def test_sign_up_refuses_bad_names_bad_passwords_and_taken_names(client):
    sign_up(client, "alice")
    cases = [
        ({"username": "al", "password": PASSWORD}, "account/bad-username"),
        ({"username": "al ice", "password": PASSWORD}, "account/bad-username"),
        ({"username": "a" * 33, "password": PASSWORD}, "account/bad-username"),
        ({"username": "<script>", "password": PASSWORD}, "account/bad-username"),
        ({"username": "bob", "password": "short"}, "account/bad-password"),
        ({"username": "bob", "password": "x" * (MAX_PASSWORD + 1)}, "account/bad-password"),
        ({"username": "ALICE", "password": PASSWORD}, "account/taken"),
    ]
    for body, expected in cases:
        r = client.post("/api/accounts/signup", json=body)
        assert r.status_code == 400 and code(r) == expected, (body["username"][:10], r.text)
    with client.app.state.service.engine.connect() as c:
        assert c.execute(text("select count(*) from users")).scalar() == 1


def test_sign_in_answers_the_same_for_an_unknown_name_and_a_wrong_password(client):
    sign_up(client, "alice")
    client.post("/api/accounts/signout")
    answers = []
    for body in [
        {"username": "alice", "password": "wrong password"},
        {"username": "nobody", "password": "wrong password"},
        {"username": "alice", "password": "x" * 100_000},  # refused before hashing
        {"username": "a" * 1000, "password": PASSWORD},
    ]:
        r = client.post("/api/accounts/signin", json=body)
        assert r.status_code == 401 and "set-cookie" not in r.headers
        answers.append(r.json())
    assert all(a == answers[0] for a in answers) and answers[0]["detail"]["code"] == "account/bad-credentials"
    r = client.post("/api/accounts/signin", json={"username": "ALICE", "password": PASSWORD})
    assert r.status_code == 200 and client.get("/api/accounts/me").json() == {"username": "alice"}


def test_sign_in_and_sign_up_are_rate_limited_per_client_address(database):
    config = ServerConfig(sign_ins_per_minute=3, sign_ins_per_account_per_minute=100)
    with TestClient(create_app(database, config, allowed_hosts=["testserver"])) as client:
        sign_up(client, "alice")
        for _ in range(2):
            r = client.post("/api/accounts/signin", json={"username": "alice", "password": "wrong password"})
            assert r.status_code == 401
        for body, route in [
            ({"username": "alice", "password": PASSWORD}, "signin"),  # even the right password waits
            ({"username": "bob", "password": PASSWORD}, "signup"),
        ]:
            r = client.post(f"/api/accounts/{route}", json=body)
            assert r.status_code == 429 and code(r) == "rate/sign-in" and "set-cookie" not in r.headers
        with client.app.state.service.engine.connect() as c:
            assert c.execute(text("select count(*) from users")).scalar() == 1  # bob was never made


def test_sign_in_is_rate_limited_per_account_name_across_addresses():
    clock = [0.0]
    limits = ClientLimits(
        ServerConfig(sign_ins_per_minute=100, sign_ins_per_account_per_minute=2), clock=lambda: clock[0]
    )
    limits.check_sign_in("10.0.0.1", "Alice")
    limits.check_sign_in("10.0.0.2", "alice")
    with pytest.raises(LimitError) as refused:
        limits.check_sign_in("10.0.0.3", "ALICE")  # a third address, the same account
    assert refused.value.code == "rate/sign-in" and refused.value.status == 429
    limits.check_sign_in("10.0.0.3", "bob")  # other names and that address are unaffected
    clock[0] += 30  # one attempt a 30 s comes back
    limits.check_sign_in("10.0.0.4", "alice")
    with pytest.raises(LimitError):
        limits.check_sign_in("10.0.0.4", "alice")


def test_sign_out_and_expiry_end_a_session(client):
    sign_up(client, "alice")
    token = client.cookies[COOKIE]
    assert client.post("/api/accounts/signout").status_code == 200
    r = client.get("/api/accounts/me")
    assert r.status_code == 401 and code(r) == "account/signed-out"
    client.cookies.set(COOKIE, token)  # a stolen copy of the old cookie no longer works
    assert client.get("/api/accounts/me").status_code == 401
    client.post("/api/accounts/signin", json={"username": "alice", "password": PASSWORD})
    assert client.get("/api/accounts/me").status_code == 200
    with client.app.state.service.engine.begin() as c:
        c.execute(text("update sessions set expires = :t"), {"t": now() - timedelta(seconds=1)})
    r = client.get("/api/accounts/me")
    assert r.status_code == 401 and code(r) == "account/signed-out"
    for junk in ["", "x" * 5000, "' or 1=1 --"]:
        client.cookies.set(COOKIE, junk)
        assert client.get("/api/accounts/me").status_code == 401


# --------------------------------------------------------------------------------------------- seats
def test_guest_play_is_unchanged_and_account_seats_need_a_session(client):
    r = client.post("/api/tables", json={"game": "elemenders", "seats": [{"kind": "open"}, {"kind": "open"}]})
    assert r.status_code == 200
    joined = client.post(f"/api/tables/{r.json()['id']}/join", json={"name": "guest"})
    assert joined.status_code == 200
    assert client.get(f"/api/tables/{r.json()['id']}").json()["seats"][0]["account"] is False
    r = client.post(
        "/api/tables",
        json={"game": "elemenders", "seats": [{"kind": "reserved", "account": True}, {"kind": "open"}]},
    )
    assert r.status_code == 401 and code(r) == "account/signed-out"


def test_rated_tables_refuse_bots_and_chosen_seeds(client):
    sign_up(client, "alice")
    base = {"game": "elemenders", "rated": True}
    r = client.post(
        "/api/tables", json={**base, "seats": [{"kind": "open"}, {"kind": "bot", "agent": "random"}]}
    )
    assert r.status_code == 400 and code(r) == "table/rated-bots"
    r = client.post("/api/tables", json={**base, "seats": [{"kind": "open"}, {"kind": "open"}], "seed": 7})
    assert r.status_code == 400 and code(r) == "table/rated-seed"
    r = client.post("/api/tables", json={**base, "seats": [{"kind": "open"}] * 2, "practice": True})
    assert r.status_code == 400 and code(r) == "table/rated-practice"  # a practice table is never rated
    assert client.get("/api/tables").json() == []


def test_a_seat_is_claimed_with_its_token_once(app, client):
    r = client.post(
        "/api/tables", json={"game": "elemenders", "seats": [{"kind": "reserved"}, {"kind": "reserved"}]}
    )
    table = r.json()
    token = claim_all(client, table)[1]
    claim = {"table": table["id"], "token": token}
    r = client.post("/api/accounts/claim", json=claim)
    assert r.status_code == 401 and code(r) == "account/signed-out"
    sign_up(client, "alice")
    r = client.post("/api/accounts/claim", json={**claim, "token": "not-a-token"})
    assert r.status_code == 400 and code(r) == "auth/bad-token"
    r = client.post("/api/accounts/claim", json={**claim, "table": "nope"})
    assert r.status_code == 404 and code(r) == "table/unknown"
    assert client.post("/api/accounts/claim", json=claim).json() == {"table": table["id"], "seat": 1}
    assert client.post("/api/accounts/claim", json=claim).status_code == 200  # again: still hers
    with other_client(app) as bob:
        sign_up(bob, "bob")
        r = bob.post("/api/accounts/claim", json=claim)
        assert r.status_code == 400 and code(r) == "account/seat-linked"
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["account"] for s in seats] == [False, True]


# ------------------------------------------------------------------------------------------- ratings
def test_a_rated_game_updates_both_ratings_once_and_the_leaderboard_orders_them(app, client):
    sign_up(client, "alice")
    with other_client(app) as bob:
        sign_up(bob, "bob")
        for seed in range(12):  # until a game has a winner (a draw moves no one ahead)
            table_id, _ = rated_table(client, bob)
            returns = play_to_the_end(client.app.state.service, table_id, seed, driven=True)
            if returns[0] != returns[1]:
                break
        else:
            pytest.fail("no game had a winner")
        winner, loser = ("alice", "bob") if returns[0] > returns[1] else ("bob", "alice")
        board = client.get("/api/leaderboard/elemental-warriors-ii").json()
        assert [row["username"] for row in board] == [winner, loser]
        assert [row["rank"] for row in board] == [1, 2] and board[0]["rating"] > board[1]["rating"]
        games = seed + 1
        assert all(row["games"] == games for row in board)
        # the finish hook again (another process, a retry) changes nothing
        service = client.app.state.service
        client.app.state.accounts.record_results(service.table(table_id))
        assert client.get("/api/leaderboard/elemental-warriors-ii").json() == board
        profile = bob.get("/api/users/BOB").json()
        assert profile["username"] == "bob" and len(profile["history"]) == games
        last = profile["history"][0]
        assert last["table"] == table_id and last["rated"] and last["players"] == 2
        assert last["place"] == (1 if winner == "bob" else 2) and last["replay"] == f"/table/{table_id}#watch"
        assert last["rating"] == ratings(bob, "bob")["elemental-warriors-ii"]["rating"]
        assert bob.get(f"/api/tables/{table_id}/replay").status_code == 200


def test_a_server_stopped_before_the_finish_hook_rates_the_game_when_it_next_loads_the_table(
    app, client, database
):
    sign_up(client, "alice")
    with other_client(app) as bob:
        sign_up(bob, "bob")
        table_id, _ = rated_table(client, bob)
        client.app.state.service.finish_hooks.clear()  # as if killed right after the last move
        play_to_the_end(client.app.state.service, table_id, driven=True)
        assert ratings(client, "alice") == {}
    restarted = TableService(open_database(database))
    AccountService(restarted)
    restarted.table(table_id)
    assert ratings(client, "alice")["elemental-warriors-ii"]["games"] == 1
    assert ratings(client, "bob")["elemental-warriors-ii"]["games"] == 1
    TableService(open_database(database)).table(table_id)  # loading it again changes nothing
    AccountService(restarted)  # a second hook on the same service: still once
    restarted.live.clear()
    restarted.table(table_id)
    assert ratings(client, "alice")["elemental-warriors-ii"]["games"] == 1


def test_unrated_tables_record_history_but_change_no_rating(app, client):
    sign_up(client, "alice")
    # a guest opponent
    table_id, _ = rated_table(client, other_client(app))
    play_to_the_end(client.app.state.service, table_id, driven=True)
    # one account at both seats
    table_id2, _ = rated_table(client, client)
    play_to_the_end(client.app.state.service, table_id2, 1, driven=True)
    # an unrated table between two accounts
    with other_client(app) as bob:
        sign_up(bob, "bob")
        r = client.post(
            "/api/tables",
            json={
                "game": QUICK[0],
                "options": QUICK[1],
                "seats": [{"kind": "reserved", "account": True}, {"kind": "open"}],
            },
        )
        bob.post(f"/api/tables/{r.json()['id']}/join", json={})
        play_to_the_end(client.app.state.service, r.json()["id"], 2, driven=True)
        assert len(bob.get("/api/users/bob").json()["history"]) == 1
    profile = client.get("/api/users/alice").json()
    assert profile["ratings"] == []
    assert len(profile["history"]) == 4  # one seat, two seats, one seat
    assert not any(h["rated"] for h in profile["history"])
    assert client.get("/api/leaderboard/elemental-warriors-ii").json() == []


def test_a_zombie_takeover_makes_a_table_unrated(app, client):
    sign_up(client, "alice")
    with other_client(app) as bob:
        sign_up(bob, "bob")
        table_id, _ = rated_table(client, bob)
        service = client.app.state.service
        wait_for(lambda: not service.table(table_id).state.is_chance_node())
        live = service.table(table_id)
        seat = live.state.players_to_move()[0]
        live.away_since[seat] = time.monotonic() - live.timeout - 1  # away past the timeout
        found = service.bot_to_move(table_id)
        assert found is not None and found[0] == seat
        service.apply(table_id, seat, found[1].step(live.state.clone()).id)
        assert client.get(f"/api/tables/{table_id}").json()["rated"] is False
        live.away_since.pop(seat)
        play_to_the_end(client.app.state.service, table_id, driven=True)
        assert ratings(client, "alice") == {} and ratings(bob, "bob") == {}


def test_leaderboard_and_profile_refuse_unknown_names(client):
    r = client.get("/api/leaderboard/chess")
    assert r.status_code == 400 and code(r) == "config/unknown-game"
    assert client.get("/api/leaderboard/elemenders").json() == []
    for name in ["nobody", "a" * 100, "al ice"]:
        r = client.get(f"/api/users/{name}")
        assert r.status_code == 404 and code(r) == "account/unknown"
    assert client.get("/leaderboard").status_code == 200 and client.get("/user/alice").status_code == 200


# ------------------------------------------------------------------------------------ correspondence
def test_your_turn_lists_the_tables_waiting_for_you(app, client):
    r = client.get("/api/accounts/turns")
    assert r.status_code == 401 and code(r) == "account/signed-out"
    sign_up(client, "alice")
    with other_client(app) as bob:
        sign_up(bob, "bob")
        r = client.post(
            "/api/tables",
            json={
                "game": "elemenders",
                "seats": [{"kind": "reserved", "account": True}, {"kind": "open"}],
                "deadline_hours": 48,
            },
        )
        table_id = r.json()["id"]
        assert client.get(f"/api/tables/{table_id}").json()["deadline"] == 48 * 3600
        bob.post(f"/api/tables/{table_id}/join", json={})
        service = client.app.state.service
        state = service.table(table_id).state
        first = state.players_to_move()[0]
        mover, waiter = (client, bob) if first == 0 else (bob, client)
        turns = mover.get("/api/accounts/turns").json()
        assert [(t["table"], t["seat"], t["deadline"]) for t in turns] == [(table_id, first, 48 * 3600)]
        assert waiter.get("/api/accounts/turns").json() == []
        while state.players_to_move() == [first]:
            service.apply(table_id, first, state.legal_actions(first)[0].id)
        assert mover.get("/api/accounts/turns").json() == []
        assert [t["table"] for t in waiter.get("/api/accounts/turns").json()] == [table_id]


def test_a_missed_correspondence_deadline_gets_one_bot_move_and_unrates_the_table(app, client):
    sign_up(client, "alice")
    for hours in [0, 24 * 31]:
        r = client.post(
            "/api/tables", json={"game": "elemenders", "seats": [{"kind": "open"}], "deadline_hours": hours}
        )
        assert r.status_code == 422
    service = client.app.state.service
    with pytest.raises(ServerError) as e:
        service.create_table("elemenders", {}, [SeatSpec("open"), SeatSpec("open")], deadline=60)
    assert e.value.code == "table/deadline"
    with other_client(app) as bob:
        sign_up(bob, "bob")
        r = client.post(
            "/api/tables",
            json={
                "game": "elemenders",
                "seats": [{"kind": "reserved", "account": True}, {"kind": "open"}],
                "deadline_hours": 1,
                "rated": True,
            },
        )
        table_id = r.json()["id"]
        bob.post(f"/api/tables/{table_id}/join", json={})
        accounts, hub = client.app.state.accounts, client.app.state.hub
        assert accounts.overdue() == []
        live = service.table(table_id)
        step = len(live.state.history())
        seat = live.state.players_to_move()[0]
        # the turn began two hours ago, as a restarted server reads it from the database
        with service.engine.begin() as c:
            c.execute(update(TableRow).values(turn_since=now() - timedelta(hours=2)))
        service.live.pop(table_id)
        assert accounts.overdue() == [table_id]
        client.portal.call(hub.drive, table_id)
        live = service.table(table_id)
        assert live.state.history()[step][0] == seat  # the bot played the late seat's move
        assert accounts.overdue() == []  # and the next seat to move has a full deadline
        assert client.get(f"/api/tables/{table_id}").json()["rated"] is False
        assert live.state.players_to_move() and not live.is_zombie(live.state.players_to_move()[0])
