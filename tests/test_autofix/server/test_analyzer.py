"""The analyzer's lanes: a file goes back to the lane that analysed it last, when that lane is free."""

from __future__ import annotations

import asyncio

from autofix.server.analysis import Analyzer


def test_a_file_goes_back_to_its_lane_and_waiters_are_served_in_turn() -> None:
    async def scenario() -> None:
        analyzer = Analyzer(2, None)  # no worker starts: only lanes are handed out here
        first, second = analyzer.lanes
        try:
            assert await analyzer._acquire("a.py") is first  # the first lane first
            analyzer._last["b.py"] = second
            assert await analyzer._acquire("b.py") is second
            analyzer._release(first)
            analyzer._release(second)
            analyzer._last["a.py"] = first
            assert await analyzer._acquire("b.py") is second  # its own lane, though another is first
            assert await analyzer._acquire("a.py") is first
            # Both busy: the next requests wait, in turn; one given up on takes no lane.
            waiting = [asyncio.ensure_future(analyzer._acquire(name)) for name in ("c.py", "d.py", "e.py")]
            await asyncio.sleep(0)
            waiting[0].cancel()
            await asyncio.sleep(0)
            analyzer._release(first)
            assert await waiting[1] is first
            analyzer._release(second)
            assert await waiting[2] is second
            analyzer._release(first)
            analyzer._release(second)
            assert sorted(map(id, analyzer._idle)) == sorted(map(id, (first, second)))
        finally:
            analyzer.close()

    asyncio.run(scenario())
