"""The machine's own speed and load, printed beside a benchmark's figures (not a benchmark).

This is a shared 2-core machine whose speed changes from hour to hour: the same fixed loop
of plain Python took 41 ms and, seconds later, 91 ms (2026-12-05), and 44-45 ms at the
median one day, 54-77 ms the next. A figure from one run compares with a figure from
another only as far as these lines agree; a comparison that must hold is made side by side,
in the same run (each benchmark's ``--baseline`` or ``--against``).
"""

from __future__ import annotations

import os
import statistics
import threading
import time

SAMPLE_EVERY = 5.0  # seconds between two timings of the fixed loop, when sampled on a thread


def fixed_loop_ms() -> float:
    """The CPU time of a fixed loop of plain Python (bytes made and hashed, dict stores,
    int arithmetic, a sort: what the solver does most), in ms, on the calling thread."""
    start = time.thread_time()
    seen = {}
    total = 0
    for i in range(100_000):
        seen[bytes((i & 255, i >> 8 & 255, 7))] = i
        total += (i * 2654435761 & 0xFFFFFF).bit_count()
    total += len(sorted(seen.values(), reverse=True))
    return (time.thread_time() - start) * 1000


def load_average() -> str:
    """The load average, which says whether other work ran beside the benchmark."""
    one, five, fifteen = os.getloadavg()
    cores = os.cpu_count()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min), {cores} cores"


class MachineSpeed:
    """:func:`fixed_loop_ms` at the start and at the end (:meth:`line`), and with
    ``sample_every`` every so many seconds on a thread of its own in between. The browser
    benchmarks time it only at both ends: some 45 ms of CPU in the middle of a page's
    start-up would be part of what they measure."""

    def __init__(self, sample_every: float | None = SAMPLE_EVERY) -> None:
        self.samples = [fixed_loop_ms()]
        self.done = threading.Event()
        self.thread: threading.Thread | None = None
        if sample_every is not None:
            self.thread = threading.Thread(target=self.sample, args=(sample_every,), daemon=True)
            self.thread.start()

    def sample(self, every: float) -> None:
        while not self.done.wait(every):
            self.samples.append(fixed_loop_ms())

    def line(self) -> str:
        """The timings so far and one more now, and the load average."""
        self.done.set()
        if self.thread is not None:
            self.thread.join()
        self.samples.append(fixed_loop_ms())
        low, high = min(self.samples), max(self.samples)
        return (
            f"machine: a fixed loop took {low:.0f}-{high:.0f} ms of CPU (median "
            f"{statistics.median(self.samples):.0f}) in {len(self.samples)} timings during "
            f"the run; {load_average()} at the end"
        )
