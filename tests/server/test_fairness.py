"""Provably fair dealing and invites: attacks on today's server, each refused.

- A creator who chooses the seed can deal the cards offline and read the other seat's hand: only a
  practice table (shown as such to every seat, never rated) may choose one; every other table's seed
  is drawn by the server and committed to at creation, revealed at the end, and its record verifies
  offline with ``elementa verify`` (a tampered record does not).
- A creator who keeps the invited seats' tokens can act for them: invites are codes, claimed once.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from fastapi.testclient import TestClient

from elementa.core import CHANCE
from elementa.server.app import create_app
from elementa.server.db import open_database
from elementa.server.fairness import VerifyError, verify
from elementa.server.tables import SeatSpec, TableService
from tests.cli.helpers import run
from tests.server.serving import play_to_the_end
from tests.server.test_app import HOSTS, claim, new_table, receive_view


@pytest.fixture
def service(database):
    return TableService(open_database(database))


@pytest.fixture
def client(database):
    with TestClient(create_app(database, allowed_hosts=HOSTS)) as c:
        yield c


def test_the_creator_cannot_choose_the_seed_of_a_table_that_is_not_practice(client):
    seats = [{"kind": "reserved"}, {"kind": "reserved"}]
    r = client.post("/api/tables", json={"game": "warriors", "seats": seats, "seed": 7})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "table/seed-not-practice"
    assert client.get("/api/tables").json() == []  # nothing was made


def test_every_seat_sees_the_commitment_and_the_seed_only_at_the_end(client):
    table = new_table(
        client,
        "elemental-card-dice",
        [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}],
        options={"start_health": 6, "turn_limit": 4},
    )
    assert table["practice"] is False and len(table["commitment"]) == 64
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert (summary["practice"], summary["commitment"]) == (False, table["commitment"])
    assert client.get(f"/api/tables/{table['id']}/record").json()["detail"]["code"] == "table/not-finished"
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": claim(client, table, 0)})
        view = receive_view(ws)
        assert view["fairness"] == {
            "practice": False,
            "commitment": table["commitment"],
            "seed": None,
            "salt": None,
        }
        while view["status"] != "finished":
            if view["legal"]:
                ws.send_json({"type": "move", "action": view["legal"][0]["id"], "step": view["step"]})
            view = receive_view(ws)
    shown = view["fairness"]
    assert hashlib.sha256(f"{shown['seed']}:{shown['salt']}".encode()).hexdigest() == table["commitment"]
    replay = client.get(f"/api/tables/{table['id']}/replay").json()
    assert replay["fairness"] == shown
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert (record["seed"], record["salt"], record["commitment"]) == (
        shown["seed"],
        shown["salt"],
        table["commitment"],
    )
    assert verify(record).startswith("ok: ")


def test_server_seeds_are_drawn_not_counted(service):
    seeds = set()
    for _ in range(5):
        table_id, _ = service.create_table("elemenders", {}, [SeatSpec("reserved"), SeatSpec("open")])
        seeds.add(service.table(table_id).state.seed)
    assert len(seeds) == 5 and max(seeds) > 2**40  # 53 random bits, not a small counter or a clock


def test_a_practice_table_may_choose_its_seed_and_every_seat_is_told(client):
    table = new_table(client, "warriors", [{"kind": "reserved"}, {"kind": "open"}], seed=7, practice=True)
    assert table["practice"] is True
    assert [t["practice"] for t in client.get("/api/tables").json()] == [True]
    other = client.post(f"/api/tables/{table['id']}/join", json={}).json()
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": other["token"]})
        assert receive_view(ws)["fairness"]["practice"] is True  # the joiner sees it is not a fair deal


def finished_record(service: TableService) -> dict:
    table_id, _ = service.create_table(
        "elemental-card-dice",
        {"start_health": 6, "turn_limit": 4},
        [SeatSpec("reserved"), SeatSpec("reserved")],
    )
    play_to_the_end(service, table_id, seed=1)
    return json.loads(json.dumps(service.record(table_id)))


def test_elementa_verify_accepts_a_record_and_refuses_a_tampered_one(service, tmp_path):
    record = finished_record(service)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = run("verify", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ok: ") and len(result.stdout.strip().splitlines()) == 1

    chance_steps = [i for i, (player, _) in enumerate(record["history"]) if player == CHANCE]
    step = chance_steps[-1]
    tampered = json.loads(json.dumps(record))
    tampered["history"][step][1] += 1  # a roll or a draw the seed does not give
    for bad, fragment in [
        (tampered, f"step {step}: chance outcome"),
        ({**record, "seed": record["seed"] + 1}, "commitment"),
        ({**record, "salt": "0" * 32}, "commitment"),
        ({**record, "history": record["history"][:-1]}, "before the game is over"),
        ({**record, "history": [*record["history"][:3], [0, 10**6], *record["history"][3:]]}, "step 3"),
    ]:
        with pytest.raises(VerifyError, match=fragment):
            verify(bad)
        path.write_text(json.dumps(bad))
        result = run("verify", str(path))
        assert result.exit_code == 1, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.output
    path.write_text("{not json")
    assert run("verify", str(path)).exit_code == 2
    assert run("verify", str(tmp_path / "missing.json")).exit_code == 2


def test_invites_are_codes_claimed_once_not_tokens_the_creator_keeps(client):
    table = new_table(client, "elemenders", [{"kind": "reserved"}, {"kind": "reserved"}])
    assert all(set(i) == {"seat", "code", "url"} for i in table["invites"])  # no token for the creator
    code = table["invites"][1]["code"]
    assert table["invites"][1]["url"] == f"/table/{table['id']}#invite={code}"
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": code})  # the code itself opens nothing
        assert ws.receive_json()["code"] == "auth/bad-token"
    r = client.post(f"/api/tables/{table['id']}/claim", json={"code": "guess"})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "invite/bad-code"
    r = client.post(f"/api/tables/{table['id']}/claim", json={"code": code, "name": "Bea"})
    token = r.json()["token"]
    assert r.status_code == 200 and r.json()["seat"] == 1 and token != code
    r = client.post(f"/api/tables/{table['id']}/claim", json={"code": code})  # the creator, too late
    assert r.status_code == 400 and r.json()["detail"]["code"] == "invite/claimed"
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][1]["name"] == "Bea"
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert receive_view(ws)["seat"] == 1
