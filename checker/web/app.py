"""The explorer's web application (Starlette, served by uvicorn on this machine only).

    GET /                    the page (page.html): it asks the two routes below and draws
    GET /api/state?QUERY     the state after a path: ids=3,1,2 (swapped=010, ports=1.2-0.2-0.1) path=0.2.1
    GET /api/counterexample  the check's shortest counterexample, as a setting and a path

A request the explorer cannot answer (a wrong id list, a choice not enabled) gets status 400
and {"error": one line}; the page shows the line.
"""
from __future__ import annotations

import contextlib
import socket
import threading
import time
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from models import AlgorithmError

from .session import Explorer


def application(explorer: Explorer) -> Starlette:
    page = resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")

    async def index(_request: Request) -> HTMLResponse:
        return HTMLResponse(page)

    def state(request: Request) -> JSONResponse:  # a plain function: Starlette runs it in a thread
        query = request.query_params
        return _answer(lambda: explorer.view(
            explorer.parse_setting(query.get("ids"), query.get("swapped"), query.get("ports")),
            _path(query.get("path", ""))))

    def counterexample(_request: Request) -> JSONResponse:
        return _answer(explorer.counterexample)

    return Starlette(routes=[Route("/", index), Route("/api/state", state),
                             Route("/api/counterexample", counterexample)])


def _answer(compute) -> JSONResponse:
    try:
        return JSONResponse(compute())
    except AlgorithmError as error:
        return JSONResponse({"error": str(error)}, status_code=400)


def _path(text: str) -> list[int]:
    if not text:
        return []
    try:
        return [int(choice) for choice in text.split(".")]
    except ValueError:
        raise AlgorithmError(f"path {text!r}: choices are whole numbers separated by '.'") from None


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port) (port 0: any free one); a port in use is one line."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # connections wait from now on, before uvicorn has started to accept them
    except OSError as error:
        sock.close()
        raise AlgorithmError(f"--port {port}: cannot listen there ({error.strerror}); give another with --port") from None
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://{host}:{port}/"


def serve(explorer: Explorer, sock: socket.socket) -> None:
    """Serve until Ctrl-C (uvicorn stops on it and returns)."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(application(explorer), log_level="warning", lifespan="off"))
    server.run(sockets=[sock])


@contextlib.contextmanager
def serving(explorer: Explorer, host: str = "127.0.0.1"):
    """The explorer served from a thread for the duration of a ``with`` (tests, notebooks): yields its URL."""
    import uvicorn

    sock = listening_socket(host, 0)
    server = uvicorn.Server(uvicorn.Config(application(explorer), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.01)
    try:
        yield url_of(sock)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
