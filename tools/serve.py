"""Serves the built site from the repository root, as GitHub Pages would: static files only.

    python3 tools/serve.py --port 8000        (make serve runs the build first)

The handler is importable: e2e/conftest.py and bench/startup.py run `start_server()` in a
thread of their own process.
"""

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the content types the runtime needs; quiet when `quiet` is set."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",  # WebAssembly.instantiateStreaming insists on it
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
        ".json": "application/json",
        ".zip": "application/zip",
    }
    quiet = False

    def end_headers(self) -> None:
        # Always revalidate (cheap 304s): a rebuilt file is never hidden by a stale cache.
        # Offline and fast repeat visits are the service worker's job, not the HTTP cache's.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietHandler(SiteHandler):
    quiet = True


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a connection mid-download (a tab or test context closed
        # while the service worker precaches) is normal, not worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(host: str = "127.0.0.1", port: int = 0, root: Path = ROOT,
                quiet: bool = False) -> ThreadingHTTPServer:
    """A server for the site under `root`; port 0 picks a free port (see server_address)."""
    handler = QuietHandler if quiet else SiteHandler
    return SiteServer((host, port), functools.partial(handler, directory=str(root)))


def start_server(host: str = "127.0.0.1", port: int = 0, root: Path = ROOT,
                 quiet: bool = True) -> tuple[ThreadingHTTPServer, str]:
    """Serve in a background thread; returns the server (call .shutdown()) and its base URL,
    ending with '/'."""
    server = make_server(host, port, root, quiet)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Klondike site.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--root", type=Path, default=ROOT, help="directory to serve")
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, args.root)
    print(f"Serving {args.root} at http://{args.host}:{server.server_address[1]}/ "
          "(Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
