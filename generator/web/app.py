"""`boardgen serve`: the web app, on Starlette, served by uvicorn.

Why these: Starlette is a small, widely used ASGI toolkit (routing, form parsing, file responses,
a test client) with no ORM or admin to carry; uvicorn is the server it is made for, with the
connection limits and keep-alive timeouts a page open to a game club's LAN needs. The work itself is
the CLI's (generator.web.jobs); this module only maps requests to pages. The roll&write beach
editor (/editor, generator.web.editor) posts its board to the game's own checker and prints it through
the same jobs.

Safety lives in layers: generator.web.guard checks every request (Host, same-origin posts, form
encodings, body cap and timeout) before a route runs; files are reached only through
results.safe_file; templates autoescape every value; responses forbid framing, sniffing and foreign
scripts; protocol.py drops a client that is slow to send its request.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from generator.core.checks import UserInputError
from generator.core.data import load_toml
from generator.web import editor, fields, results
from generator.web.guard import BODY_TIMEOUT, Guard
from generator.web.html import environment, words
from generator.web.jobs import Busy, Jobs

JOB_ID = re.compile(r"^[0-9a-f]{16}$")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; "
                               "connect-src 'self'; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}


@cache
def _app_words(lang: str) -> dict[str, str]:
    table = load_toml(Path(__file__).with_name("app_texts.toml"))
    return {**words(lang), **table.get(lang, table["en"])}


@cache
def _script(name: str = "web.js.j2") -> str:
    return environment().get_template(name).render()


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "pl")
    return lang if lang in fields.LANGS else "pl"


def _page(name: str, lang: str, status: int = 200, headers: Mapping[str, str] | None = None, **ctx: Any) -> Response:
    html = environment().get_template(name).render(lang=lang, t=_app_words(lang), other="en" if lang == "pl" else "pl",
                                                   **ctx)
    return Response(html, status, {**SECURITY_HEADERS, **(headers or {})}, media_type="text/html; charset=utf-8")


def _number(raw: str | None, default: int) -> int:
    """A whole number from a query ("" or anything else: the default)."""
    return int(raw) if raw and raw.isdigit() and len(raw) < 4 else default


def _form_values(query: Mapping[str, str], form: fields.GameForm) -> dict[str, str]:
    """A form's values from the home page's query (`GAME.FIELD=value`, what the language switch
    carries), else its defaults."""
    prefix = form.game + "."
    if not any(k.startswith(prefix) for k in query):
        return {f.name: f.default_text for f in form.fields}
    return {f.name: str(query.get(prefix + f.name, "")) for f in form.fields}


def make_app(out_dir: Path | str = "output", allowed_hosts: Iterable[str] = (), workers: int = 1,
             waiting: int = 4, out_arg: str | None = None, body_timeout: float = BODY_TIMEOUT) -> Guard:
    """The web app for a serve folder, behind its request guard. `out_arg` is the --out text the shown
    commands carry (default: the folder as given)."""
    out = Path(out_dir)
    if out.is_symlink() and not out.is_dir():
        raise UserInputError(f"--out {out_dir}: a link to no folder")
    if out.exists() and not out.is_dir():
        raise UserInputError(f"--out {out_dir}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserInputError(f"--out {out_dir}: cannot create the folder ({exc.strerror or exc})") from exc
    fields.game_forms()  # read the forms now: their first reading imports every game's CLI (seconds)
    jobs = Jobs(out, workers=workers, waiting=waiting)
    shown_out = out_arg if out_arg is not None else str(out_dir)

    def home(request: Request, error: str = "", status: int = 200, values: Mapping[str, str] | None = None,
             game: str = "") -> Response:
        lang = _lang(request)
        query = dict(request.query_params)
        forms, opened = [], {}
        for form in fields.game_forms():
            vals = dict(values) if values is not None and form.game == game else _form_values(query, form)
            forms.append((form, vals, fields.command_line(form.game, fields.arguments(form, vals))))
            # a form opens by itself when it holds something: an error, or values the switch carried
            opened[form.game] = form.game == game or any(k.startswith(form.game + ".") for k in query) \
                or query.get("open") == form.game
        return _page("home.html.j2", lang, status, forms=forms, opened=opened, results=results.list_results(out),
                     error=error, error_game=game, shown_out=shown_out)

    async def run(request: Request) -> Response:
        lang = _lang(request)
        game = request.path_params["game"]
        form = fields.form_of(game)
        if form is None:
            return PlainTextResponse("no such game\n", 404, headers=SECURITY_HEADERS)
        async with request.form(max_files=0, max_fields=200, max_part_size=16 * 1024) as data:
            raw = {k: v for k, v in data.items() if not isinstance(v, UploadFile)}
        try:
            values = fields.clean_values(form, raw)
            args = fields.arguments(form, values)
            job = jobs.submit(game, args, values, lang)
        except fields.FormError as exc:  # the page again, built off the event loop (it scans the folder)
            return await run_in_threadpool(home, request, str(exc), 400, raw, game)
        except Busy:
            return _page("busy.html.j2", lang, 503, {"Retry-After": "30"}, game=game)
        return RedirectResponse(f"/job/{job.id}?{urlencode({'lang': lang})}", 303, headers=SECURITY_HEADERS)

    def job_page(request: Request) -> Response:
        lang = _lang(request)
        name = request.path_params["job"]
        as_json = name.endswith(".json")
        job = jobs.get(name.removesuffix(".json")) if JOB_ID.match(name.removesuffix(".json")) else None
        if job is None:
            return _page("missing.html.j2", lang, 404)
        if as_json:
            return JSONResponse(job.to_json(), headers=SECURITY_HEADERS)
        if job.state == "done" and len(job.results) == 1:
            return RedirectResponse(f"/result/{job.results[0]}?{urlencode({'lang': lang})}", 303,
                                    headers=SECURITY_HEADERS)
        refresh = {"Refresh": "1"} if job.state in ("queued", "running") else {}
        return _page("job.html.j2", lang, 200, refresh, job=job,
                     command=fields.command_line(job.game, job.args))

    def result_page(request: Request) -> Response:
        lang = _lang(request)
        result = results.find(out, request.path_params["folder"])
        if result is None:
            return _page("missing.html.j2", lang, 404)
        thumbs = results.thumbnails(out, result)
        again = {k: v for k, v in result.meta.get("values", {}).items() if k not in ("seed", "code")} \
            if isinstance(result.meta.get("values"), dict) else None
        form = fields.form_of(result.game)
        options = []
        for key, value in result.set.options:  # the form's words for the options it has
            f = form.by_name(key) if form else None
            options.append((f.label(lang) if f else key, value))
        return _page("result.html.j2", lang, r=result, options=options, thumbs=thumbs[: results.MAX_THUMBS],
                     more=max(0, len(thumbs) - results.MAX_THUMBS), command=result.command(shown_out), again=again,
                     board_file=editor.kept_board(out, result.meta.get("args")))

    async def delete(request: Request) -> Response:
        lang = _lang(request)
        folder = request.query_params.get("folder", "")
        result = results.find(out, folder)
        if result is None:
            return _page("missing.html.j2", lang, 404)
        if request.method == "GET":  # the question first; only the post deletes
            return _page("confirm.html.j2", lang, r=result)
        async with request.form(max_files=0, max_fields=4) as data:
            confirmed = data.get("confirm") == "yes"
        if not confirmed:
            return PlainTextResponse("not confirmed: nothing deleted\n", 400, headers=SECURITY_HEADERS)
        results.delete(out, folder, lang)
        return RedirectResponse(f"/?{urlencode({'lang': lang})}", 303, headers=SECURITY_HEADERS)

    def file(request: Request) -> Response:
        path = results.safe_file(out, request.path_params["rel"])
        if path is None:
            return PlainTextResponse("not found\n", 404, headers=SECURITY_HEADERS)
        return FileResponse(path, headers={**SECURITY_HEADERS, "Content-Disposition": "inline"})

    def thumb(request: Request) -> Response:
        page = request.path_params["page"]
        path = results.thumbnail(out, request.path_params["rel"], page)
        if path is None:
            return PlainTextResponse("not found\n", 404, headers=SECURITY_HEADERS)
        return FileResponse(path, media_type="image/png", headers=SECURITY_HEADERS)

    def script(request: Request) -> Response:
        # a template only so the wheel ships it with the others (it has no variables to fill)
        return Response(_script(), headers=SECURITY_HEADERS, media_type="text/javascript; charset=utf-8")

    def index(request: Request) -> Response:
        return home(request)

    # --- the roll&write beach editor (generator.web.editor) ---------------------------------------

    def editor_page(request: Request, state: editor.State | None = None, error: str = "",
                    status: int = 200) -> Response:
        lang = _lang(request)
        q = request.query_params
        if state is None:
            try:
                if q.get("rows"):
                    state = editor.state_from(q, q.getlist("closed_edges"))
                    if q.get("width") or q.get("height"):
                        state = editor.resized(state, _number(q.get("width"), state.width),
                                               _number(q.get("height"), state.height))
                else:
                    start = q.get("start", "1")
                    state = editor.start_state(start if start in editor.STARTS else "1",
                                               _number(q.get("width"), 10), _number(q.get("height"), 10))
            except editor.EditorError as exc:
                state, error, status = editor.start_state("1"), str(exc), 400
        found: list[dict[str, Any]] = []
        try:
            found = editor.violations(editor.board_of(state), state.hard)
        except editor.EditorError as exc:
            error = error or str(exc)
        marks: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for v in found:
            for r, c in v["cells"]:
                marks.setdefault((r, c), []).append(v)
        words = _app_words(lang)
        return _page("editor.html.j2", lang, status, state=state, grid=editor.grid_rows(state, words),
                     columns=editor.columns(state.width), found=found, marks=marks, error=error,
                     palette=editor.PALETTE, starts=editor.STARTS, size=editor.board_file.size_range(),
                     switch="/editor?" + urlencode({"lang": "en" if lang == "pl" else "pl", **state.query()},
                                                   doseq=True),
                     max_count=editor.MAX_COUNT, start=q.get("start") or ("" if q.get("rows") else "1"))

    async def _editor_state(request: Request) -> editor.State:
        async with request.form(max_files=0, max_fields=40, max_part_size=16 * 1024) as data:
            values = {k: v for k, v in data.items() if isinstance(v, str)}
            edges = [v for v in data.getlist("closed_edges") if isinstance(v, str)]
        return editor.state_from(values, edges)

    def _json(body: dict[str, Any], status: int = 200) -> Response:
        return JSONResponse(body, status, headers=SECURITY_HEADERS)

    async def editor_check(request: Request) -> Response:
        try:
            state = await _editor_state(request)
            return _json(await run_in_threadpool(editor.check, state))
        except editor.EditorError as exc:
            return _json({"error": str(exc)}, 400)

    async def editor_rate(request: Request) -> Response:
        lang = _lang(request)
        try:
            state = await _editor_state(request)
            board = editor.board_of(state)
            return _json(await run_in_threadpool(editor.rate, out, board, state.hard, lang))
        except editor.Busy:
            return _json({"error": _app_words(lang)["ed_rate_busy"]}, 503)
        except editor.EditorError as exc:
            return _json({"error": str(exc)}, 400)

    async def editor_download(request: Request) -> Response:
        try:
            board = editor.board_of(await _editor_state(request))
        except editor.EditorError as exc:
            return PlainTextResponse(f"{exc}\n", 400, headers=SECURITY_HEADERS)
        disposition = f'attachment; filename="{editor.file_name(board)}"'
        return Response(editor.file_text(board), headers={**SECURITY_HEADERS, "Content-Disposition": disposition},
                        media_type="application/toml; charset=utf-8")

    async def editor_print(request: Request) -> Response:
        """The normal job: `plazing-rw sheet --board FILE --count N` with the board kept in <out>/boards/."""
        lang = _lang(request)
        state = None
        try:
            state = await _editor_state(request)
            board = editor.board_of(state)
        except editor.EditorError as exc:  # the page again, with the board as posted when it could be read
            return await run_in_threadpool(editor_page, request, state, str(exc), 400)
        if editor.violations(board, state.hard):
            return await run_in_threadpool(editor_page, request, state, _app_words(lang)["ed_print_broken"], 400)
        form = fields.form_of("plazing-rw")
        if form is None:  # pragma: no cover - the game is always there
            return PlainTextResponse("no such game\n", 404, headers=SECURITY_HEADERS)
        try:
            path = editor.save(out, board)
            values = fields.clean_values(form, {"board": str(path), "count": str(state.count),
                                                "hard": "on" if state.hard else "", "lang": lang})
            job = jobs.submit("plazing-rw", fields.arguments(form, values), values, lang)
        except (editor.EditorError, fields.FormError) as exc:
            return await run_in_threadpool(editor_page, request, state, str(exc), 400)
        except Busy:
            return _page("busy.html.j2", lang, 503, {"Retry-After": "30"}, game="plazing-rw")
        return RedirectResponse(f"/job/{job.id}?{urlencode({'lang': lang})}", 303, headers=SECURITY_HEADERS)

    def editor_script(request: Request) -> Response:
        return Response(_script("editor.js.j2"), headers=SECURITY_HEADERS, media_type="text/javascript; charset=utf-8")

    app = Starlette(routes=[
        Route("/", index),
        Route("/run/{game}", run, methods=["POST"]),
        Route("/job/{job}", job_page),
        Route("/result/{folder:path}", result_page),
        Route("/delete", delete, methods=["GET", "POST"]),
        Route("/files/{rel:path}", file),
        Route("/thumb/{page:int}/{rel:path}", thumb),
        Route("/static/web.js", script),
        Route("/editor", editor_page),
        Route("/editor/check", editor_check, methods=["POST"]),
        Route("/editor/rate", editor_rate, methods=["POST"]),
        Route("/editor/download", editor_download, methods=["POST"]),
        Route("/editor/print", editor_print, methods=["POST"]),
        Route("/static/editor.js", editor_script),
    ])
    app.state.jobs = jobs
    app.state.out = out
    guarded = Guard(app, allowed_hosts, body_timeout=body_timeout)
    guarded.jobs = jobs  # type: ignore[attr-defined]
    return guarded
