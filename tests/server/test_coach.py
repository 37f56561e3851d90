"""Hints and analysis in the server: a seat's own information only, refused where they must be, bounded."""

from __future__ import annotations

import dataclasses

import pytest
from fastapi.testclient import TestClient

from elementa.server.app import create_app
from elementa.server.coach import Coach, CoachError, run_search
from elementa.server.db import open_database
from elementa.server.limits import ClientLimits, LimitError, ServerConfig
from elementa.server.tables import SeatSpec, TableService
from tests.agents.test_analysis import twin_games
from tests.server.serving import claim_all, play_to_the_end, wait_for

HOSTS = ["testserver"]
CONFIG = ServerConfig(hint_iterations=60, analysis_iterations=4)
"""Small budgets: the tests check what is answered, not how well the search plays."""
QUICK = {"game": "elemenders", "options": {"max_turns": 4}}


@pytest.fixture
def app(database):
    return create_app(database, CONFIG, allowed_hosts=HOSTS)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def new_table(client, **extra):
    body = {**QUICK, "seats": [{"kind": "reserved"}, {"kind": "reserved"}], **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table = r.json()
    tokens = claim_all(client, table)
    client.cookies.clear()  # each request names its seat by header (none: a spectator)
    return table["id"], tokens


def seat_to_move(app, table_id):
    service = app.state.service
    wait_for(lambda: not service.table(table_id).state.is_chance_node())  # the driver draws the opening
    return service.table(table_id).state.players_to_move()[0]


def hint(client, table_id, token=None):
    return client.post(f"/api/tables/{table_id}/hint", headers={"X-Seat-Token": token} if token else {})


def code(r):
    return r.json()["detail"]["code"]


def test_a_hint_names_legal_moves_of_the_seat_to_move_best_first(app, client):
    table_id, tokens = new_table(client, seed=3, practice=True)
    seat = seat_to_move(app, table_id)
    state = app.state.service.table(table_id).state
    legal = {a.id: a for a in state.legal_actions(seat)}
    r = hint(client, table_id, tokens[seat])
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["step"] == len(state.history()) and answer["iterations"] == CONFIG.hint_iterations
    moves = answer["moves"]
    assert 1 <= len(moves) <= 3 and moves[0]["best"] and not any(m["best"] for m in moves[1:])
    for m in moves:
        assert m["action"] == legal[m["action"]["id"]].to_json()  # the seat's legal move, as in its view
        assert 0.0 <= m["win_chance"] <= 1.0 and m["reason"]
    assert hint(client, table_id, tokens[seat]).json() == answer  # asked again: the same, from the cache
    other = hint(client, table_id, tokens[1 - seat])
    assert other.status_code == 400 and code(other) == "hint/not-to-move"


def test_hints_are_refused_at_a_rated_table_and_to_spectators(app, client):
    rated_id, tokens = new_table(client, rated=True)
    seat = seat_to_move(app, rated_id)
    r = hint(client, rated_id, tokens[seat])
    assert r.status_code == 403 and code(r) == "hint/rated"
    table_id, _ = new_table(client, seed=3, practice=True)
    seat_to_move(app, table_id)
    r = hint(client, table_id)  # no seat: a spectator
    assert r.status_code == 403 and code(r) == "auth/spectator"
    r = hint(client, table_id, "guess")
    assert code(r) == "auth/bad-token"
    assert not app.state.coach.answers  # nothing was searched for them


def decisions(state, seat):
    """The steps of ``state``'s history where ``seat`` chose among two or more moves."""
    replay = state.game.new_initial_state(state.seed)
    steps = []
    for i, (player, action_id) in enumerate(state.history()):
        if player == seat and len(replay.legal_actions(seat)) > 1:
            steps.append(i)
        replay.apply_action(action_id, player)
    return steps


def test_the_analysis_of_a_finished_game_has_one_win_chance_per_decision_of_the_seat(app, client):
    table_id, tokens = new_table(client, seed=5, practice=True)
    url = f"/api/tables/{table_id}/analysis"
    r = client.get(url, headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 400 and code(r) == "table/not-finished"
    play_to_the_end(app.state.service, table_id, driven=True)
    final = app.state.service.table(table_id).state
    for seat in (0, 1):
        r = client.get(url, headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text
        answer = r.json()
        assert answer["seat"] == seat and answer["finished"] and answer["returns"] == final.returns()
        assert [d["step"] for d in answer["decisions"]] == decisions(final, seat)
        assert all(0.0 <= d["win_chance"] <= 1.0 for d in answer["decisions"])
        assert answer["iterations"] == CONFIG.analysis_iterations
        played = {d["step"]: d["played"]["id"] for d in answer["decisions"]}
        assert all(final.history()[step] == (seat, action) for step, action in played.items())
    cached = len(app.state.coach.answers)
    assert (
        client.get(url, headers={"X-Seat-Token": tokens[0]}).json()
        == client.get(url, headers={"X-Seat-Token": tokens[0]}).json()
    )
    assert len(app.state.coach.answers) == cached  # asked again: no new search
    r = client.get(url)  # a spectator: a seat's analysis reads that seat's hidden cards
    assert r.status_code == 403 and code(r) == "auth/spectator"


@pytest.mark.parametrize(("name", "seat"), [("warriors", 0), ("elemental-warriors-ii", 1)])
def test_a_seat_s_analysis_is_the_same_whatever_the_other_seat_s_hidden_cards(database, name, seat):
    """Two tables of one seed whose histories ``seat`` cannot tell apart (other draws, the other
    seat's secret choices), stored through the service as moves are: the server's analysis for the
    seat, searched with one seed, is the same for both."""
    first, second = twin_games(name, seat, seed=5)
    others = [q for q in range(first.game.num_players) if q != seat]
    assert any(first.observation(q) != second.observation(q) for q in others)
    service = TableService(open_database(database))
    coach = Coach(CONFIG, ClientLimits(CONFIG))
    requests = []
    for twin in (first, second):
        table_id, _ = service.create_table(
            name, {}, [SeatSpec("reserved")] * first.game.num_players, seed=5, practice=True
        )
        for player, action_id in twin.history():
            service.apply(table_id, player, action_id)  # a chance outcome too: any legal one is stored
        live = service.table(table_id)
        assert live.state.history() == twin.history()
        # the twins are unfinished (their games part where a seat would see a difference): the
        # search request is built as the analysis route builds it, then seeded alike for both tables
        requests.append(dataclasses.replace(coach._request(live, "analysis", seat, 0), search_seed=17))
    mine, theirs = (run_search(r) for r in requests)
    assert requests[0].history != requests[1].history
    assert mine["decisions"] and [d["step"] for d in mine["decisions"]] == decisions(first, seat)
    assert mine == theirs


def test_a_client_searches_once_at_a_time_and_at_most_its_rate():
    clock = [0.0]
    limits = ClientLimits(ServerConfig(searches_per_minute=2), clock=lambda: clock[0])
    limits.start_search("a")
    with pytest.raises(LimitError) as one_at_a_time:
        limits.start_search("a")
    assert one_at_a_time.value.code == "rate/searches" and one_at_a_time.value.status == 429
    limits.start_search("b")  # another client is not held up
    limits.end_search("a")
    limits.start_search("a")
    limits.end_search("a")
    with pytest.raises(LimitError) as over:
        limits.start_search("a")  # two a minute
    assert over.value.code == "rate/searches"
    clock[0] += 30.0  # a token back
    limits.start_search("a")


def test_searches_are_bounded_for_all_clients_waited_for_at_most_the_deadline_and_cached(app, client):
    """The coach's bounds with a search that ends only when the test says (no worker involved)."""
    import asyncio

    table_id, _ = new_table(client, seed=3, practice=True)
    seat = seat_to_move(app, table_id)
    live = app.state.service.table(table_id)
    config = ServerConfig(max_queued_searches=1, search_deadline=0.05)
    coach = Coach(config, ClientLimits(config))

    async def scenario():
        pending = asyncio.get_running_loop().create_future()
        coach._submit = lambda request: pending  # a search that runs until set below
        with pytest.raises(CoachError) as late:
            await coach.hint(live, seat, "a")
        assert late.value.code == "search/timeout" and late.value.status == 503
        other = dataclasses.replace(coach.hint_request(live, seat), seat=1 - seat)
        with pytest.raises(CoachError) as full:
            await coach.answer(table_id, other, "b")  # another search: the one running fills the queue
        assert full.value.code == "rate/busy" and full.value.status == 429
        waiting = asyncio.ensure_future(coach.hint(live, seat, "c"))  # the same search: waits for it
        await asyncio.sleep(0)
        pending.set_result({"moves": ["answer"]})
        assert await waiting == {"moves": ["answer"]}
        assert coach.queued == 0 and not coach.limits.searching
        coach._submit = None  # from now on a search would fail: the answer comes from the cache
        assert await coach.hint(live, seat, "a") == {"moves": ["answer"]}

    asyncio.run(scenario())
