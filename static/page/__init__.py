"""The page's glue, by concern: ``board`` (the 52 cards and their marks), ``toolbar``,
``pointer`` (drag, tap), ``keyboard`` and ``dialogs``; ``static/main.py`` wires them to
one delegated listener per event type. Everything they show is decided by
:class:`klondike.app.session.Session`; they touch only Pyodide's ``js`` and
``pyodide.ffi``, so the runtime around them stays replaceable."""
