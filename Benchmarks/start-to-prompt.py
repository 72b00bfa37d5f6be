#!/usr/bin/env python3
"""Start to first prompt: runs `imdf` (no archive) on a pseudo-terminal, as a person at a terminal
starts it, and times from the start of the process until its prompt is on the screen. Prints the
median of N runs against the 50 ms target (PRODUCT.md section 9).

    swift build -c release --product imdf && Benchmarks/start-to-prompt.py [.build/release/imdf] [--runs N]
"""
import os
import pty
import select
import signal
import statistics
import sys
import tempfile
import time

TARGET_MS = 50.0


def first_prompt(imdf, state):
    """Milliseconds from fork to the first `> ` of the prompt, or raises after 5 s."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["XDG_STATE_HOME"] = state
        os.environ["IMDF_HISTORY"] = os.path.join(state, "history")
        os.execv(imdf, [imdf])
    seen = b""
    try:
        while b"> " not in seen:
            ready, _, _ = select.select([fd], [], [], 5)
            if not ready:
                raise RuntimeError("no prompt within 5 s; the screen showed: %r" % seen)
            seen += os.read(fd, 4096)
        return (time.perf_counter() - start) * 1000
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def main():
    arguments = sys.argv[1:]
    runs = 30
    if "--runs" in arguments:
        index = arguments.index("--runs")
        runs = int(arguments[index + 1])
        del arguments[index:index + 2]
    imdf = arguments[0] if arguments else ".build/release/imdf"
    if not os.access(imdf, os.X_OK):
        sys.exit("no executable at %s (build it: swift build -c release --product imdf)" % imdf)
    with tempfile.TemporaryDirectory() as state:
        first_prompt(imdf, state)  # warm the file cache
        times = [first_prompt(imdf, state) for _ in range(runs)]
    median = statistics.median(times)
    verdict = "met" if median <= TARGET_MS else "MISSED"
    print("start to first prompt  median %.1f ms  (min %.1f, max %.1f, %d runs)  target <= %.0f ms: %s"
          % (median, min(times), max(times), runs, TARGET_MS, verdict))


if __name__ == "__main__":
    main()
