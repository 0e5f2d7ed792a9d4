"""A statistics file (issue 42): Save to a file downloads the statistics, settings and
history; Read a file merges one in. What the file holds and whether it reads is the
session's (``Session.export_file``, ``Session.import_file``); this moves the bytes."""

from js import URL, Blob, Object, document, navigator, setTimeout
from pyodide.ffi import create_once_callable, to_js

from klondike.app.backup import MAX_BYTES
from klondike.i18n import _, choose_language

NOTE = document.getElementById("stats-file-note")
PICKER = document.getElementById("stats-file")


class BackupControls:
    def __init__(self, app) -> None:
        self.app = app

    def actions(self) -> dict:
        """The Statistics dialog's two buttons, for the page's one click listener."""
        return {"stats-export": self.save, "stats-import": PICKER.click}

    def save(self) -> None:
        """Download the file. What waits to be stored is written first, and the id the
        file gives the statistics after, so that the file holds what is stored."""
        app = self.app
        app.saving.write()
        name, text = app.session.export_file()
        app.saving.write()
        options = to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
        url = URL.createObjectURL(Blob.new(to_js([text]), options))
        link = document.createElement("a")
        link.href = url
        link.download = name
        link.click()
        setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 10_000)
        NOTE.textContent = _("Saved as {name}").format(name=name)

    async def read(self) -> None:
        """The file the player picked: read (no more than a file of ours can be), merged
        in, and said in the dialog; its settings then apply as the Settings dialog's."""
        files = PICKER.files
        if not files.length:
            return
        text = await files.item(0).slice(0, MAX_BYTES + 1).text()
        PICKER.value = ""  # the same file can be picked again
        app = self.app
        reply = app.session.import_file(text)
        NOTE.textContent = reply.said or ""
        if reply.changed:
            dialogs = app.dialogs
            dialogs.apply_settings()
            await dialogs.use_language(
                choose_language(list(navigator.languages), app.session.settings.language))
        app.show(reply)
