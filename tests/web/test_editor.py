"""The roll&write beach editor's server side (generator.web.editor behind the app's guard): broken rules
with their squares, legal boards, the guard on the new posts, the download's round trip through the
CLI, and a pad printed by the normal job."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from generator.games.plazing_rw.board_file import (
    board_digest,
    check_custom_board,
    located_violations,
    read_board_file,
)
from generator.games.plazing_rw.model import Board, boards
from generator.web import editor, results
from generator.web.app import make_app
from tests.web.test_server import OnLoopback, wait

ROOT = Path(__file__).resolve().parents[2]
#: board 3 with its pebble at D6 walled in by waste on all four sides: a resource on waste
ON_WASTE = list(boards()["3"].rows)
ON_WASTE[4], ON_WASTE[5], ON_WASTE[6] = ".a.x.a....", "..xpx...s.", ".s.xs..a.."


@pytest.fixture()
def out(tmp_path: Path) -> Path:
    return tmp_path / "output"


@pytest.fixture()
def client(out: Path) -> Iterator[TestClient]:
    app = OnLoopback(make_app(out, out_arg="output"))
    with TestClient(app, base_url="http://127.0.0.1:8000", follow_redirects=False) as c:
        yield c
    app.jobs.close()


def form_of(board: Board, **extra: str) -> dict[str, str | list[str]]:
    return {"rows": "\n".join(board.rows), "closed_edges": list(board.closed_edges), "north": board.north,
            "bar_points": str(board.bar_points), "name_pl": board.name.get("pl", ""),
            "name_en": board.name.get("en", ""), **extra}


def check(client: TestClient, board: Board, **extra: str) -> dict:
    r = client.post("/editor/check", data=form_of(board, **extra))
    assert r.status_code == 200, r.text
    return r.json()


def by_rule(doc: dict, rule: str) -> list[dict]:
    return [v for v in doc["violations"] if v["rule"] == rule]


# --- the rules on their squares ----------------------------------------------------------------------

def test_located_violations_are_the_checker_s_own_with_their_squares() -> None:
    b3 = boards()["3"]
    board = replace(b3, rows=tuple(ON_WASTE))
    located = located_violations(board)
    assert [(v.rule, v.message, v.where) for v in located] == \
        [(v.rule, v.message, v.where) for v in check_custom_board(board)]  # the same report, unchanged
    d6 = [v for v in located if v.where == "D6"]
    assert [v.rule for v in d6] == ["prw.resource-closable"] and d6[0].cells == ((5, 3),)
    # no closing edge: the edge rules name the north edge; the bar's rule marks every bar square
    open_north = {v.rule: v for v in located_violations(replace(b3, closed_edges=()))}
    assert open_north["prw.north"].edge == "north" and open_north["prw.north"].cells == ()
    assert open_north["prw.bar-north"].cells == ((0, 2), (0, 7), (1, 3), (1, 4), (1, 5), (1, 6))
    # a pocket closed before play: every square of it
    rows = list(boards()["1"].rows)
    rows[3], rows[4], rows[5] = "..s.BB.p..", "...B..B...", ".s..BB.s.."
    pocket = located_violations(replace(boards()["1"], rows=tuple(rows)))
    closed = [v for v in pocket if v.rule == "prw.closed-before-play"]
    assert len(closed) == 1 and closed[0].where == "E5" and closed[0].cells == ((4, 4), (4, 5))
    # a ragged row: every square of that row
    ragged = replace(b3, rows=b3.rows[:3] + (b3.rows[3][:8],) + b3.rows[4:])
    (v,) = located_violations(ragged)
    assert (v.rule, v.where, v.cells) == ("prw.ragged", "row 4", tuple((3, x) for x in range(8)))
    # a west edge that closes: the edge it is about
    west = [v for v in located_violations(replace(b3, closed_edges=("north", "west"))) if v.rule == "prw.edge-border"]
    assert [v.edge for v in west] == ["west"]


def test_the_check_endpoint_marks_a_resource_on_waste(client: TestClient) -> None:
    doc = check(client, replace(boards()["3"], rows=tuple(ON_WASTE)))
    assert not doc["ok"]
    closable = by_rule(doc, "prw.resource-closable")
    assert {v["where"] for v in closable} >= {"D6"}
    assert [v["cells"] for v in closable if v["where"] == "D6"] == [[[5, 3]]]


def test_the_check_endpoint_marks_a_board_without_a_closing_edge(client: TestClient) -> None:
    doc = check(client, replace(boards()["3"], closed_edges=()))
    assert {v["rule"] for v in doc["violations"]} == {"prw.north", "prw.bar-north", "prw.resource-closable"}
    assert by_rule(doc, "prw.north")[0]["edge"] == "north"
    bar = by_rule(doc, "prw.bar-north")[0]
    assert bar["where"] == "C1" and [0, 2] in bar["cells"] and len(bar["cells"]) == 6
    assert by_rule(doc, "prw.resource-closable")[0]["cells"] == [[0, 1]]  # the amber on the open north edge
    two = check(client, replace(boards()["2"], closed_edges=()))  # the sea printed, nothing closing
    assert [v["rule"] for v in two["violations"]][0] == "prw.north"
    assert {v["where"] for v in by_rule(two, "prw.resource-closable")} == {"B1", "J1"}  # the edge's resources


@pytest.mark.parametrize("n", ["1", "2", "3", "4"])
def test_a_legal_board_has_no_violation(client: TestClient, n: str) -> None:
    doc = check(client, boards()[n])
    assert doc["ok"] and doc["violations"] == []
    name = boards()[n].name
    assert doc["digest"] == board_digest(Board("custom", boards()[n].rows, boards()[n].closed_edges, boards()[n].north,
                                               boards()[n].bar_points, dict(name)))


def test_a_blank_beach_breaks_the_resource_rule_and_malformed_forms_are_one_line(client: TestClient) -> None:
    blank = editor.start_state("blank", 7, 8)
    doc = client.post("/editor/check", data={"rows": "\n".join(blank.rows)}).json()
    assert [v["rule"] for v in doc["violations"]] == ["prw.resources"] * 3 and doc["violations"][0]["cells"] == []
    for bad in ({"rows": ""}, {"rows": ".......", "north": "castle"}, {"rows": ".......", "closed_edges": "up"},
                {"rows": "." * 30}, {"rows": ".......", "bar_points": "x"}, {"rows": ".......", "name_pl": "a\tb"}):
        r = client.post("/editor/check", data=bad)
        assert r.status_code == 400 and "\n" not in r.json()["error"], bad
    odd = client.post("/editor/check", data={"rows": "\n".join(['..z."\\.'] + ["......."] * 6)}).json()
    assert [v["cells"] for v in by_rule(odd, "prw.char")] == [[[0, 2]], [[0, 4]], [[0, 5]]]


# --- the guard on the new posts ---------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/editor/check", "/editor/rate", "/editor/download", "/editor/print"])
def test_the_guard_refuses_foreign_and_text_posts_to_the_editor(client: TestClient, path: str) -> None:
    data = form_of(boards()["1"])
    assert client.post(path, data=data, headers={"sec-fetch-site": "cross-site"}).status_code == 403
    assert client.post(path, data=data, headers={"origin": "http://evil.example"}).status_code == 403
    r = client.post(path, content=b"rows=..........", headers={"content-type": "text/plain"})
    assert r.status_code == 415
    assert client.post(path, content=b"{}", headers={"content-type": "application/json"}).status_code == 415
    assert client.app.jobs.active() == 0  # type: ignore[attr-defined]


# --- the page -----------------------------------------------------------------------------------------

def test_the_editor_page_draws_the_board_with_its_marks_escaped(client: TestClient) -> None:
    home = client.get("/?lang=en").text
    assert 'href="/editor?lang=en"' in home and "beach editor" in home
    page = client.get("/editor?lang=en&start=3")
    assert page.status_code == 200 and page.text.count('class="cell ') == 100
    assert "The board keeps every rule." in page.text and 'data-name="C1"' in page.text
    state = replace(editor.start_state("3"), rows=tuple(ON_WASTE), name_en="<script>x</script>")
    q = state.query()
    page = client.get("/editor", params={**q, "lang": "en"}).text
    assert "<script>x</script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert 'data-name="D6" data-ch="p"' in page
    d6 = page[page.index('data-name="D6"'):]
    assert "prw.resource-closable" in d6[: d6.index("</button>")] and "cell k-pebble bad" in page
    assert '<a href="#cell-5-3">D6</a>: this resource can never' in page and 'id="cell-5-3"' in page
    # a new size keeps what was painted, cut on the east and south
    small = client.get("/editor", params={**q, "width": "8", "height": "7"}).text
    assert small.count('class="cell ') == 56 and ".a$####$" in small
    bad = client.get("/editor", params={"rows": "..", "north": "castle"})
    assert bad.status_code == 400 and "north" in bad.text


def test_the_difficulty_is_the_cli_s_rating_on_the_printed_boards_scale(client: TestClient) -> None:
    r = client.post("/editor/rate?lang=en", data=form_of(boards()["3"]))
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["place"] == "board 3" and doc["like"] == ["3"] and set(doc["means"]) == {"1", "2", "3", "4"}
    assert doc["interval"][0] <= doc["estimate"] <= doc["interval"][1]
    r = client.post("/editor/rate?lang=pl", data=form_of(replace(boards()["3"], closed_edges=())))
    assert r.status_code == 400 and "rule" in r.json()["error"]
    assert editor._rating.acquire(blocking=False)  # one rating at a time: the next one hears "busy"
    try:
        assert client.post("/editor/rate?lang=en", data=form_of(boards()["1"])).status_code == 503
    finally:
        editor._rating.release()


# --- the file and the pad -----------------------------------------------------------------------------

def test_a_broken_board_is_not_printed(client: TestClient, out: Path) -> None:
    r = client.post("/editor/print?lang=en", data=form_of(replace(boards()["3"], rows=tuple(ON_WASTE))))
    assert r.status_code == 400 and "breaks rules" in r.text
    assert client.app.jobs.active() == 0 and not (out / "boards").exists()  # type: ignore[attr-defined]
    r = client.post("/editor/print?lang=en", data={**form_of(boards()["1"]), "count": "0"})
    assert r.status_code == 400 and "count" in r.text and 'data-name="A1"' in r.text  # the page again, the board kept
    assert client.app.jobs.active() == 0 and not (out / "boards").exists()  # type: ignore[attr-defined]


def test_the_download_round_trips_through_the_cli_and_prints_the_same_pad(client: TestClient, out: Path,
                                                                          tmp_path: Path) -> None:
    rows = list(boards()["2"].rows)
    rows[4] = rows[4][:4] + "a" + rows[4][5:]  # an amber at E5: a beach of one's own
    mine = replace(boards()["2"], rows=tuple(rows), name={"pl": "Moja plaża", "en": "My beach"})
    data = form_of(mine, count="2")
    digest = check(client, mine)["digest"]
    r = client.post("/editor/download", data=data)
    assert r.status_code == 200 and r.headers["content-disposition"] == f'attachment; filename="beach-{digest}.toml"'
    path = tmp_path / "mine.toml"
    path.write_bytes(r.content)
    back = read_board_file(path)
    assert back.rows == tuple(rows) and back.name == mine.name and board_digest(back) == digest

    r = client.post("/editor/print?lang=en", data=data)
    assert r.status_code == 303
    st = wait(client, r.headers["location"].split("/job/")[1].split("?")[0])
    assert st["state"] == "done", st
    (folder,) = st["results"]
    code = folder.split("/")[1]
    assert folder.startswith("plazing-rw/") and code.endswith(f"~B{digest}")
    kept = out / "boards" / f"beach-{digest}.toml"
    assert kept.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")  # the file the job's command reads
    page = client.get(f"/result/{folder}?lang=en").text
    seed = _seed_of(client, folder)  # read from the code, past its ~B mark
    assert results.seed_of_code(code) == seed
    shown = page[page.index('id="regenerate">'):]
    assert f"--board {kept}" in shown and f"--seed {seed}" in shown.split("</code>")[0]
    assert f'href="/files/boards/beach-{digest}.toml"' in page
    assert client.get(f"/files/boards/beach-{digest}.toml").content == path.read_bytes()
    listed = client.get("/?lang=en").text
    assert code in listed
    # "again with a new seed", as the result page posts it: the same board file, another code
    values = json.loads((out / folder / ".web.json").read_text(encoding="utf-8"))["values"]
    again = client.post("/run/plazing-rw?lang=en", data={k: v for k, v in values.items() if k not in ("seed", "code")})
    assert again.status_code == 303
    st2 = wait(client, again.headers["location"].split("/job/")[1].split("?")[0])
    assert st2["state"] == "done" and st2["results"][0].endswith(f"~B{digest}") and st2["results"] != [folder]

    cli_out = tmp_path / "cli"
    cmd = [sys.executable, "-m", "generator", "plazing-rw", "sheet", "--board", str(path), "--count", "2",
           "--lang", "en", "--seed", str(seed), "--out", str(cli_out), "--json"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["code"] == code
    assert (cli_out / folder / "sheets.pdf").read_bytes() == (out / folder / "sheets.pdf").read_bytes()


def _seed_of(client: TestClient, folder: str) -> int:
    page = client.get(f"/result/{folder}?lang=en").text
    start = page.index('id="seed">') + len('id="seed">')
    return int(page[start: page.index("<", start)])
