"""klondike/app/worker_link.py: the page's side of the talk with the solver's worker:
what is asked (each thing once), what is awaited, and the watchdog."""

from klondike.app import protocol
from klondike.app.protocol import DailyWanted, DealWanted, Pause, Position, Resume, Stop, StopDeal
from klondike.app.worker_link import (
    BOOT_SECONDS,
    MEMORY_CAP,
    RESTART_HEAP,
    SILENCE_SECONDS,
    WorkerLink,
    memory_cap,
)


def sent(link: WorkerLink) -> list[protocol.Message]:
    return [protocol.read(text, request=True) for text in link.take()]


def test_a_position_is_asked_once_and_a_stop_when_none_is_wanted():
    link = WorkerLink(now=lambda: 0.0)
    link.want_position("KL1-D1N-AAAAAAD|S", budget=500)
    link.want_position("KL1-D1N-AAAAAAD|S", budget=500)  # the same: not asked again
    assert sent(link) == [Position(key="KL1-D1N-AAAAAAD|S", code="KL1-D1N-AAAAAAD",
                                   moves="S", budget=500, memory=MEMORY_CAP)]
    link.want_position(None, budget=500)
    assert sent(link) == [Stop()]
    assert not link.waiting


def test_deals_are_numbered_and_dropped_and_hiding_pauses_once():
    link = WorkerLink(now=lambda: 0.0)
    link.want_daily("2026-12-04", 3)
    link.want_deal(1, "V", seed=9, seconds=20)
    link.stop_looking()
    link.set_hidden(True)
    link.set_hidden(True)
    link.set_hidden(False)
    assert sent(link) == [DailyWanted(day="2026-12-04", draw=3),
                          DealWanted(id=1, draw=1, scoring="V", seed=9, seconds=20.0),
                          StopDeal(), Pause(), Resume()]
    assert link.daily is None and link.deal is None


def test_the_watchdog_waits_for_the_boot_then_for_signs_of_life():
    t = [0.0]
    link = WorkerLink(now=lambda: t[0])
    link.want_position("KL1-D1N-AAAAAAD|", budget=500)
    link.take()
    t[0] = BOOT_SECONDS - 1
    assert not link.is_dead(hidden=False)  # still booting its own Pyodide
    link.heard('{"kind":"ready","ms":1,"heap":0,"boot":"plain","snapshotMs":null}')
    t[0] += SILENCE_SECONDS + 1
    assert link.is_dead(hidden=False)
    assert not link.is_dead(hidden=True)  # a hidden page's search waits: not dead


def test_a_big_idle_worker_is_restarted_and_a_failed_one_forgets_what_was_awaited():
    link = WorkerLink(now=lambda: 0.0)
    assert not link.restarts(RESTART_HEAP)  # not past the limit
    assert link.restarts(RESTART_HEAP + 1)
    link.want_daily("2026-12-04", 1)
    assert not link.restarts(RESTART_HEAP + 1)  # not while an answer is awaited
    assert link.failed() == (True, False)
    assert not link.waiting and link.take() == []


def test_the_memory_cap_is_256_mib_and_less_on_a_device_that_says_it_is_small():
    # navigator.deviceMemory: GiB, rounded to a power of two, Chromium only (else None).
    assert MEMORY_CAP == 256 * 2**20 == memory_cap(None) == memory_cap(4) == memory_cap(8)
    assert memory_cap(2) == memory_cap(1.5) == 128 * 2**20
    assert memory_cap(1) == memory_cap(0.5) == memory_cap(0.25) == 96 * 2**20
    assert memory_cap(0) == memory_cap(-1) == MEMORY_CAP  # not a size: ignored
    # Whatever the device, the cap leaves the worker room to boot (30 MiB) and search.
    assert all(64 * 2**20 < memory_cap(gib) <= MEMORY_CAP for gib in (None, 0.25, 1, 2, 64))
