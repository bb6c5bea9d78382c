"""Run one script's ``run()`` in this process and write what happened as JSON (a child of legacy_runs.py).

    python benchmarks/legacy_child.py SCRIPT.py OUT.json

The script is loaded by path as a module, as if it were run with no arguments (``sys.argv`` is the
script alone, so a module-level ``parser.parse_args()`` sees its defaults), from its own folder, on one
thread, with ``random``, NumPy and torch seeded. Its ``run()`` is called once; the result (nested dicts,
lists, numbers, tensors, arrays) is flattened into named arrays and written out on the CPU. A crash is
data, not an error: the JSON says ``ok: false`` with the exception and the script's own line where it
was raised. The emulated GPU, when wanted, is installed by the parent through ``autofix run
--emulate-cuda``'s environment (:func:`autofix.harness.launch.emulated_environment`), so this file does
not know which device it runs on.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import traceback
import warnings
from pathlib import Path


def _where(exc: BaseException, script: Path) -> dict[str, object] | None:
    """The innermost frame of the script itself: where its own code met the error."""
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if Path(frame.filename).resolve() == script:
            found = {"line": frame.lineno, "code": (frame.line or "").strip()}
    if found is None and isinstance(exc, SyntaxError) and exc.lineno:
        found = {"line": exc.lineno, "code": (exc.text or "").strip()}
    return found


def _arrays(value: object) -> dict[str, dict[str, object]]:
    from autofix.harness.child import flatten

    out = {}
    for name, tensor in flatten(value).items():
        tensor = tensor.detach().cpu()
        kind = "float" if (tensor.is_floating_point() or tensor.is_complex()) else "int"
        values = tensor.double() if kind == "float" else tensor.long()
        out[name] = {
            "shape": list(tensor.shape),
            "dtype": str(tensor.dtype).replace("torch.", ""),
            "kind": kind,
            "values": values.reshape(-1).tolist(),
        }
    return out


def main(script_arg: str, out_arg: str) -> None:
    script = Path(script_arg).resolve()
    report: dict[str, object] = {"ok": False}
    started = time.perf_counter()
    caught: list[warnings.WarningMessage] = []
    try:
        import importlib.util

        import numpy
        import torch

        torch.set_num_threads(1)
        random.seed(0)
        numpy.random.seed(0)
        torch.manual_seed(0)
        sys.argv = [str(script)]
        os.chdir(script.parent)
        sys.path.insert(0, str(script.parent))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            spec = importlib.util.spec_from_file_location("legacy_script", script)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules["legacy_script"] = module
            report["phase"] = "import"
            spec.loader.exec_module(module)
            report["phase"] = "run"
            entry = getattr(module, "run", None)
            if not callable(entry):
                raise LookupError(f"{script.name} defines no run() function")
            value = entry()
        report["phase"] = "results"
        report["results"] = _arrays(value)
        report["on_gpu"] = torch.cuda.is_available()
        report["ok"] = True
    except BaseException as exc:  # noqa: BLE001 - the script's crash is the measurement
        message = str(exc).strip().splitlines()
        report["error"] = {
            "type": type(exc).__name__,
            "message": message[0][:300] if message else "",
            "where": _where(exc, script),
        }
    report["seconds"] = round(time.perf_counter() - started, 3)
    seen: dict[str, int] = {}
    for item in caught:
        text = f"{item.category.__name__}: {str(item.message).splitlines()[0][:160]}"
        seen[text] = seen.get(text, 0) + 1
    report["warnings"] = seen
    Path(out_arg).write_text(json.dumps(report))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: legacy_child.py SCRIPT.py OUT.json")
    main(sys.argv[1], sys.argv[2])
