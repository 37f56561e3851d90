"""The tutorials' REST API (``elementa.server.lessons``): lessons played through, and each refusal typed.

Every client value is hostile: the game must be a registered game with a tutorial (never a file), a
lesson id is looked up and nothing else, bodies are capped in size and depth and validated, lessons are
capped per client and in all, expire, and are rebuilt from their played moves when not held live. A
lesson is never a table: nothing is stored, nothing is rated.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from elementa.server.app import create_app
from elementa.server.limits import ServerConfig
from elementa.tutorials import tutorial_games


def app_client(tmp_path, **limits):
    """A client of the app on a fresh SQLite file, with these limits changed."""
    config = ServerConfig(**limits)
    return TestClient(
        create_app(f"sqlite:///{tmp_path / 'lessons.sqlite3'}", config, allowed_hosts=["testserver"])
    )


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path) as c:
        yield c


def refused(response, status, code):
    """Assert a typed refusal: the status and ``{"detail": {"code", "message"}}``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert detail["code"] == code and detail["message"]
    return detail


def start(client, game="elementalis"):
    r = client.post("/api/lessons", json={"game": game})
    assert r.status_code == 200, r.text
    return r.json()


def intended(client, lesson_id):
    return client.get(f"/api/lessons/{lesson_id}/hint").json()["moves"]


def other_legal(view, moves):
    ids = {m["id"] for m in moves}
    return next(a for a in view["legal"] if a["id"] not in ids)


def test_the_list_names_every_tutorial(client):
    listed = client.get("/api/tutorials").json()
    assert [t["game"] for t in listed] == sorted(tutorial_games())
    assert len(listed) == 5
    assert all(t["title"] and t["game_title"] and t["steps"] >= 1 for t in listed)


@pytest.mark.parametrize("game", sorted(tutorial_games()))
def test_a_tutorial_is_played_to_its_end_with_the_hinted_moves_by_their_parts(client, game):
    view = start(client, game)
    lesson_id = view["id"]
    assert (view["step"], view["done"], view["game"]) == (0, False, game)
    for step in range(view["steps"]):
        move = intended(client, lesson_id)[0]
        body = {"move": {"kind": move["kind"], "parts": move["parts"]}, "step": step}
        answer = client.post(f"/api/lessons/{lesson_id}/attempt", json=body).json()
        assert answer["outcome"]["verdict"] == "accepted", answer["outcome"]
        assert answer["view"]["step"] == step + 1
    assert answer["view"]["done"] and answer["view"]["legal"] == []
    assert client.get(f"/api/lessons/{lesson_id}").json() == answer["view"]
    refused_again = client.post(f"/api/lessons/{lesson_id}/attempt", json={"move": 0, "step": view["steps"]})
    assert refused_again.json()["outcome"]["code"] == "tutorial/done"
    # a lesson is never a table: nothing stored, nothing to rate
    assert client.get("/api/tables").json() == []


def test_a_legal_move_that_is_not_the_steps_is_explained_and_changes_nothing(client):
    view = start(client)
    wrong = other_legal(view, intended(client, view["id"]))
    answer = client.post(f"/api/lessons/{view['id']}/attempt", json={"move": wrong["id"], "step": 0}).json()
    assert answer["outcome"]["verdict"] == "legal"
    assert "not the move for this step" in answer["outcome"]["message"]
    assert answer["outcome"]["move"]["id"] == wrong["id"]
    assert answer["view"] == view


def test_an_illegal_or_unreadable_move_is_explained_with_its_code(client):
    view = start(client)
    legal = {a["id"] for a in view["legal"]}
    # a Minor Arcana while the Major is drafted: a real action, not legal now
    minor = client.get("/api/tutorials/elementalis/actions").json()["kinds"]
    kind = next(k for k in minor if k not in {a["kind"] for a in view["legal"]} and minor[k])
    parts = {p["name"]: 0 for p in minor[kind]}
    answer = client.post(
        f"/api/lessons/{view['id']}/attempt", json={"move": {"kind": kind, "parts": parts}, "step": 0}
    )
    outcome = answer.json()["outcome"]
    assert outcome["verdict"] == "illegal" and outcome["code"] and outcome["move"]["id"] not in legal
    nonsense = {"move": {"kind": "fly", "parts": {}}, "step": 0}
    outcome = client.post(f"/api/lessons/{view['id']}/attempt", json=nonsense).json()["outcome"]
    assert (outcome["verdict"], outcome["code"]) == ("illegal", "action/unparsable")
    assert client.get(f"/api/lessons/{view['id']}").json() == view


@pytest.mark.parametrize(
    "game", ["chess", "../elementalis", "elementalis/tutorial.toml", "/etc/passwd", "x" * 64]
)
def test_a_game_without_a_tutorial_is_refused_without_touching_a_file(client, game):
    detail = refused(client.post("/api/lessons", json={"game": game}), 404, "lesson/no-tutorial")
    assert "elementalis" in detail["message"] and "/" not in detail["message"].split(";")[0]
    if "/" not in game:  # a path with a slash reaches no route at all
        refused(client.get(f"/api/tutorials/{game}/actions"), 404, "lesson/no-tutorial")


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"game": 3},
        {"game": ["elementalis"]},
        {"game": "elementalis", "seed": 4},
        {"game": "e" * 65},
        [1],
        "x",
    ],
)
def test_a_malformed_new_lesson_is_refused(client, body):
    refused(client.post("/api/lessons", json=body), 400, "lesson/invalid")


@pytest.mark.parametrize(
    "body",
    [
        {"move": "take Fire as Major", "step": 0},  # labels are never read
        {"move": True, "step": 0},
        {"move": 6},
        {"move": 6, "step": "0"},
        {"move": {"kind": "major"}, "step": 0.0},
        {"move": {"kind": "major", "parts": {"arcana": "Fire"}}, "step": 0},
        {"move": {"kind": "major", "parts": {f"p{i}": 0 for i in range(33)}}, "step": 0},
        {"move": {"kind": "k" * 65, "parts": {}}, "step": 0},
        {"move": 6, "step": 0, "extra": 1},
    ],
)
def test_a_malformed_move_is_refused_and_changes_nothing(client, body):
    view = start(client)
    refused(client.post(f"/api/lessons/{view['id']}/attempt", json=body), 400, "lesson/invalid")
    assert client.get(f"/api/lessons/{view['id']}").json() == view


@pytest.mark.parametrize("content", ["x" * 20_000, "[" * 40 + "]" * 40, "{not json", "NaN", b"\xff\xfe"])
def test_a_body_too_big_too_deep_or_not_json_is_refused(client, content):
    view = start(client)
    headers = {"Content-Type": "application/json"}
    r = client.post(f"/api/lessons/{view['id']}/attempt", content=content, headers=headers)
    refused(r, 400, "message/invalid")
    refused(client.post("/api/lessons", content=content, headers=headers), 400, "message/invalid")


@pytest.mark.parametrize("lesson_id", ["nope", "a" * 24, "x" * 5000, "%00", "%20"])
def test_an_unknown_lesson_is_refused(client, lesson_id):
    refused(client.get(f"/api/lessons/{lesson_id}"), 404, "lesson/unknown")
    refused(client.get(f"/api/lessons/{lesson_id}/hint"), 404, "lesson/unknown")
    r = client.post(f"/api/lessons/{lesson_id}/attempt", json={"move": 0, "step": 0})
    refused(r, 404, "lesson/unknown")


def test_a_move_chosen_on_another_step_is_stale_and_changes_nothing(client):
    view = start(client)
    move = intended(client, view["id"])[0]
    r = client.post(f"/api/lessons/{view['id']}/attempt", json={"move": move["id"], "step": 1})
    refused(r, 409, "action/stale")
    assert client.get(f"/api/lessons/{view['id']}").json() == view


def test_a_clients_lessons_are_capped_the_least_recently_used_goes(tmp_path):
    with app_client(tmp_path, max_lessons_per_client=2) as client:
        first, second = start(client), start(client)
        client.get(f"/api/lessons/{first['id']}")  # used: the second is now the least recently used
        third = start(client)
        refused(client.get(f"/api/lessons/{second['id']}"), 404, "lesson/unknown")
        for kept in (first, third):
            assert client.get(f"/api/lessons/{kept['id']}").status_code == 200


def test_new_lessons_per_hour_are_capped(tmp_path):
    with app_client(tmp_path, lessons_per_hour=2) as client:
        start(client), start(client)
        refused(client.post("/api/lessons", json={"game": "warriors"}), 429, "rate/lessons")
        store = client.app.state.lessons
        later = store.clock() + 3601.0
        store.clock = lambda: later
        start(client)


def test_the_servers_lessons_are_capped_in_all(tmp_path):
    with app_client(tmp_path, max_lessons=1) as client:
        start(client)
        refused(client.post("/api/lessons", json={"game": "warriors"}), 503, "quota/lessons")


def test_a_lesson_unused_for_a_while_expires(tmp_path):
    with app_client(tmp_path, lesson_idle_seconds=60) as client:
        store = client.app.state.lessons
        now = [1000.0]
        store.clock = lambda: now[0]
        view = start(client)
        now[0] += 59
        assert client.get(f"/api/lessons/{view['id']}").status_code == 200
        now[0] += 59  # 59 s after its last use: still there
        assert client.get(f"/api/lessons/{view['id']}").status_code == 200
        now[0] += 60
        refused(client.get(f"/api/lessons/{view['id']}"), 404, "lesson/unknown")
        assert not store.kept


def test_lesson_requests_take_from_the_clients_bucket(tmp_path):
    with app_client(tmp_path, messages_per_second=0.001, message_burst=3) as client:
        view = start(client)
        client.get(f"/api/lessons/{view['id']}")
        client.get(f"/api/lessons/{view['id']}/hint")
        refused(client.get(f"/api/lessons/{view['id']}"), 429, "rate/messages")


def test_a_lesson_not_held_live_is_rebuilt_from_its_moves(tmp_path):
    with app_client(tmp_path, lesson_cache=1) as client:
        store = client.app.state.lessons
        a, b = start(client, "elemenders"), start(client, "warriors")
        intended_b = intended(client, b["id"])[0]["id"]
        for view in (a, b, a):
            move = intended(client, view["id"])[0]
            step = client.get(f"/api/lessons/{view['id']}").json()["step"]
            r = client.post(f"/api/lessons/{view['id']}/attempt", json={"move": move["id"], "step": step})
            assert r.json()["outcome"]["verdict"] == "accepted"
        assert list(store.live) == [a["id"]]
        assert store.kept[b["id"]].played == [intended_b]  # kept as its played ids alone
        rebuilt = client.get(f"/api/lessons/{b['id']}").json()
        assert rebuilt["step"] == 1
        # the rebuilt lesson is the one that was played: the same view as a lesson played live to there
        (tmp_path / "other").mkdir()
        with app_client(tmp_path / "other") as fresh:
            twin = start(fresh, "warriors")
            move = intended(fresh, twin["id"])[0]
            live = fresh.post(
                f"/api/lessons/{twin['id']}/attempt", json={"move": move["id"], "step": 0}
            ).json()
        assert {k: v for k, v in rebuilt.items() if k != "id"} == {
            k: v for k, v in live["view"].items() if k != "id"
        }
