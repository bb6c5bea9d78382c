"""Copy one half of round 3 (its variants, probes, the bases they use, the runner and a catalog of that
half only) to a folder, for a helper who may see that half and not the other.

    python3 benchmarks/adversarial/round3/export.py A /work/adv-exchange/half-A
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from catalog import VARIANTS, half  # noqa: E402


def main() -> int:
    which, target = sys.argv[1], Path(sys.argv[2])
    chosen = {k: v for k, v in VARIANTS.items() if half(k) == which}
    (target / "round3" / "variants").mkdir(parents=True, exist_ok=True)
    (target / "round3" / "probes").mkdir(parents=True, exist_ok=True)
    (target / "bases").mkdir(exist_ok=True)
    for name, (_rule, base, _expected, _what) in chosen.items():
        shutil.copytree(HERE / "variants" / name, target / "round3" / "variants" / name, dirs_exist_ok=True)
        if base:
            shutil.copy(HERE.parent / "bases" / f"{base}.py", target / "bases" / f"{base}.py")
    probes = [p for p in sorted((HERE / "probes").glob("q*.py")) if half(p.stem) == which]
    for probe in probes:
        shutil.copy(probe, target / "round3" / "probes" / probe.name)
    shutil.copy(HERE.parent / "run.py", target / "run.py")
    lines = [
        f'"""Round 3, half {which} only: id -> (rule, base, expected verdict, what the after does)."""',
        "",
        "VARIANTS = {",
        *(f"    {name!r}: {value!r}," for name, value in chosen.items()),
        "}",
        "",
        "",
        "def half(name):",
        '    digits = "".join(ch for ch in name.split("_", 1)[0] if ch.isdigit())',
        '    return "A" if int(digits) % 2 else "B"',
        "",
    ]
    (target / "round3" / "catalog.py").write_text("\n".join(lines))
    print(f"half {which}: {len(chosen)} variants, {len(probes)} probes -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
