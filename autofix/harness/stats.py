"""How sure a speed-up is: the interval of before/after time ratios from alternating runs.

Runs are paired (before, after, before, after, ...) in one process, so a slow moment of the machine
falls on both members of a pair. Each pair gives a ratio; the estimate is their geometric mean, and
its 99% interval comes from a bootstrap over the pairs (seeded: the same times give the same answer).
"""

from __future__ import annotations

import math
import random
import statistics

CONFIDENCE = 0.99
RESAMPLES = 2000


def ratio_interval(before: list[float], after: list[float], *, seed: int = 0) -> tuple[float, float, float]:
    """(geometric mean of before/after, low, high) over paired timings."""
    logs = [math.log(b / a) for b, a in zip(before, after) if a > 0 and b > 0]
    if len(logs) < 2:
        raise ValueError("a ratio interval needs at least two pairs")
    rng = random.Random(seed)
    n = len(logs)
    means = sorted(sum(rng.choices(logs, k=n)) / n for _ in range(RESAMPLES))
    tail = (1 - CONFIDENCE) / 2
    low = means[int(tail * RESAMPLES)]
    high = means[min(RESAMPLES - 1, int((1 - tail) * RESAMPLES))]
    return math.exp(statistics.fmean(logs)), math.exp(low), math.exp(high)
