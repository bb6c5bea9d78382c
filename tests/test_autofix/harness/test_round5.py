"""Round 4's held-out half B, each idea closed at the harness's level: a hand-written after that is
exactly autofix's own unsafe fix, state an entry keeps between calls outside its module, small entries
hidden among large ones, and the tells by which a case could know it runs under the emulated GPU."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from autofix.config.settings import ConfigResolver, Overrides  # noqa: E402
from autofix.harness.userfile import file_subject  # noqa: E402

# -- a hand-written after earns the unsafe marking only where it is autofix's own unsafe fix

_NOISE = """\
import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Linear(8, 4).to(device)
    noise = {noise}
    return {{"out": model(noise)}}
"""


@pytest.mark.parametrize(
    "unsafe_fixes, noise, marked",
    [
        # exactly the line DEV010's unsafe fix writes, unsafe fixes on: an unsafe fix's line
        (True, "torch.randn(32, 8, device=device)", True),
        # the same line with unsafe fixes off: no fix of the user's configuration writes it
        (False, "torch.randn(32, 8, device=device)", False),
        # a line of the author's own that also draws on the GPU: no fix writes it, safe or unsafe
        (True, "torch.randn(32, 8, device=device) * 1.0", False),
        # what the safe fix writes: safe
        (True, "torch.randn(32, 8).to(device)", False),
        # the unsafe fix's line, but the after also reseeds the GPU's generator first (a line no fix
        # writes): the after's numbers are its own, so no line of it is credited to an unsafe fix
        (True, "torch.randn(32, 8, device=device)\n    torch.cuda.manual_seed(0)", False),
    ],
)
def test_a_hand_written_line_is_unsafe_only_where_autofix_writes_it_unsafely(
    tmp_path, unsafe_fixes, noise, marked
):
    (tmp_path / "pyproject.toml").write_text(f"[tool.autofix]\nunsafe-fixes = {str(unsafe_fixes).lower()}\n")
    (tmp_path / "before.py").write_text(_NOISE.format(noise="torch.randn(32, 8)"))
    (tmp_path / "after.py").write_text(_NOISE.format(noise=noise))
    subject = file_subject(tmp_path / "before.py", "run", tmp_path / "after.py", ConfigResolver(Overrides()))
    line = 9  # the noise line
    assert line in subject.changed_lines
    assert (line in subject.unsafe_lines) is marked


# -- state an entry keeps between calls, outside its own module


def test_what_an_entry_leaves_in_a_librarys_namespace_is_named(tmp_path):
    import builtins
    import importlib
    import sys
    import types

    from autofix.harness.state import left_behind, snapshot

    nn = torch.nn
    taken = snapshot([str(tmp_path)])
    try:
        builtins._round5_memo = torch.ones(2)
        torch._round5_memo = torch.ones(2)
        nn.Linear._round5_memo = torch.ones(2)
        sys.modules["round5_memo"] = {"out": torch.ones(2)}  # type: ignore[assignment]
        kept = left_behind(taken, [str(tmp_path)], limit=10)
    finally:
        del builtins._round5_memo, torch._round5_memo, nn.Linear._round5_memo
        del sys.modules["round5_memo"]
    assert set(kept) == {
        "builtins._round5_memo",
        "torch._round5_memo",
        "torch.nn.modules.linear.Linear._round5_memo",
        "sys.modules['round5_memo']",
    }
    # An import binds a module (no state); the case's own modules keep what they like.
    own = types.ModuleType("round5_case")
    own.__file__ = str(tmp_path / "round5_case.py")
    taken = snapshot([str(tmp_path)])
    sys.modules["round5_case"] = own
    try:
        own.memo = torch.ones(2)
        importlib.import_module("torch.nn.utils.rnn")
        assert left_behind(taken, [str(tmp_path)]) == []
    finally:
        del sys.modules["round5_case"]


_MEMO = (
    "import builtins, torch\n"
    "def run():\n"
    "    memo = getattr(builtins, '_round5_case_memo', None)\n"
    "    if memo is not None:\n"
    "        return {'y': memo.clone()}\n"
    "    x = torch.ones(8, dtype=torch.float64)\n"
    "    for _ in range(10):\n"
    "        x = torch.tanh(x) * 1.5\n"
    "    builtins._round5_case_memo = x\n"
    "    return {'y': x}\n"
)
_HONEST = _MEMO.replace("    if memo is not None:\n        return {'y': memo.clone()}\n", "")


def test_each_phase_counts_the_work_of_its_first_and_later_calls(tmp_path):
    from autofix.harness.runner import Runner, ZygotePool

    (tmp_path / "memo.py").write_text(_MEMO)
    (tmp_path / "honest.py").write_text(_HONEST)
    pool = ZygotePool(1)
    try:
        with pool.lend() as zygote:
            runner = Runner("emulated-cuda", 60.0, calls=3)
            memo = runner.run_version(zygote, tmp_path / "memo.py", tmp_path, tmp_path / "m")
            honest = runner.run_version(zygote, tmp_path / "honest.py", tmp_path, tmp_path / "h")
    finally:
        pool.close()
    for phase in ("cpu", "emulated-cuda"):
        m, h = memo.phases[phase].work, honest.phases[phase].work
        assert m is not None and h is not None and m["calls"] == h["calls"] == 2, phase
        assert m["first"] >= 20 and m["later"] / 2 <= m["first"] / 4  # a clone (and its read-back) a call
        assert h["later"] >= 2 * h["first"]


def _memo_judged(later_share: float, before_share: float = 1.0) -> object:
    from autofix.harness.judge import Judge
    from autofix.harness.models import CaseResult, PhaseRun, VersionRun

    out = {"y": torch.ones(2)}

    def run(phase: str, share: float) -> PhaseRun:
        counts = {"host_ops": 20, "device_ops": 0, "host_elements": 20, "device_elements": 0}
        made = PhaseRun(phase, True, None, counts, [], out)
        made.again = PhaseRun(phase, True, None, results={"y (call 2)": torch.ones(2)})
        made.work = {"first": 20, "later": int(20 * share * 2), "calls": 2}
        return made

    before = VersionRun({p: run(p, before_share) for p in ("cpu", "emulated-cuda")})
    after = VersionRun({p: run(p, later_share) for p in ("cpu", "emulated-cuda")})
    result = CaseResult("DEV002/x", ("DEV002",), True, rewritten="after.py")
    result.before, result.after = before, after
    Judge("emulated-cuda").judge(result)
    return result


def test_an_after_that_skips_its_work_on_later_calls_fails():
    memo = _memo_judged(later_share=0.05)
    assert memo.verdict == "FAIL" and "keeps state between calls" in memo.reason()
    # Before keeps the same memo (a lazily built model, say): nothing the rewrite did.
    assert "keeps state between calls" not in _memo_judged(0.05, before_share=0.05).reason()
    assert "keeps state between calls" not in _memo_judged(0.9).reason()


# -- the emulated GPU does not tell by introspection


def _namespaces() -> list:
    import torch.utils.data

    nn = torch.nn
    return [
        torch,
        torch.cuda,
        getattr(torch, "accelerator", torch.cuda),
        torch.autograd,
        torch.autograd.variable,
        torch.serialization,
        torch.backends.cudnn,
        torch.backends.cuda,
        torch.Tensor,
        nn.Module,
        nn.Parameter,
        nn.DataParallel,
        torch.utils.data.DataLoader,
    ]


def _replaced() -> list[tuple[str, object, object]]:
    """(name, torch's own, the emulated GPU's) for every attribute the emulated GPU replaces."""
    from autofix.harness.emulated_cuda import emulated_cuda

    owners = _namespaces()
    originals = [dict(vars(owner)) for owner in owners]
    replaced = []
    with emulated_cuda():
        for owner, saved in zip(owners, originals):
            for name, value in list(vars(owner).items()):
                if name in saved and saved[name] is not value:
                    old, new = saved[name], value
                    if isinstance(old, staticmethod) and isinstance(new, staticmethod):
                        old, new = old.__func__, new.__func__
                    replaced.append((f"{getattr(owner, '__name__', owner)}.{name}", old, new))
    return replaced


def test_every_replaced_function_looks_like_torchs_own():
    import inspect
    import types

    replaced = [(n, o, v) for n, o, v in _replaced() if isinstance(o, types.FunctionType)]
    assert len(replaced) >= 30  # is_available, device_count, load, save, manual_seed, ...
    for name, original, value in replaced:
        for attribute in ("__module__", "__qualname__", "__name__", "__doc__"):
            assert getattr(value, attribute) == getattr(original, attribute), (name, attribute)
        assert type(value) is type(original), name
        assert inspect.signature(value) == inspect.signature(original), name
        assert inspect.getsourcefile(value) == inspect.getsourcefile(original), name
        assert inspect.getsourcelines(value) == inspect.getsourcelines(original), name
        assert hasattr(value, "__wrapped__") == hasattr(original, "__wrapped__"), name
        assert repr(value).split(" at ")[0] == repr(original).split(" at ")[0], name
        assert value.__globals__ is original.__globals__, name
        assert value.__defaults__ is original.__defaults__, name


def test_every_replaced_class_carries_torchs_names():
    replaced = [(n, o, v) for n, o, v in _replaced() if isinstance(o, type) and isinstance(v, type)]
    assert len(replaced) >= 4  # Event, Stream, device, Generator, ...
    for name, original, value in replaced:
        for attribute in ("__module__", "__qualname__", "__name__"):
            assert getattr(value, attribute) == getattr(original, attribute), (name, attribute)


def test_a_disguised_function_takes_its_arguments_as_torchs_does():
    from autofix.harness.disguise import disguised

    def original(a, b=2, *args, c, d=None, **kwargs):
        """torch's own."""

    seen = []
    fake = disguised(
        original, lambda a, b=2, *args, c, d=None, **kwargs: seen.append((a, b, args, c, d, kwargs))
    )
    fake(1, c=3)
    fake(1, 5, 6, 7, c=3, d=4, e=8)
    assert seen == [(1, 2, (), 3, None, {}), (1, 5, (6, 7), 3, 4, {"e": 8})]
    with pytest.raises(TypeError):
        fake(1)  # c is required, as in torch's own


# -- the harness does not tell by its process, its paths or its environment

_TELLS = """\
import os, sys, torch

def run():
    seen = [repr(v) for v in (sys.argv, getattr(sys, "orig_argv", []), sys.path, __name__)]
    seen.append(getattr(sys.modules["__main__"], "__file__", ""))
    seen.append(open(f"/proc/{{os.getppid()}}/cmdline", "rb").read().decode() if os.path.isdir("/proc") else "")
    seen += [os.getcwd()] + [os.path.realpath(f"/proc/self/fd/{{fd}}") for fd in (1, 2) if os.path.isdir("/proc")]
    # the test run's own variables (pytest's, the tool's cache) are the user's, not the harness's
    seen += [f"{{k}}={{v}}" for k, v in os.environ.items() if k not in {known!r}]
    seen += list(sys.modules)
    told = [s for s in seen if any(w in s.lower() for w in ("autofix", "zygote", "emulat"))]
    told += [m for m in sys.modules if m.startswith("case_")]
    if told:
        raise RuntimeError(f"told: {{told[:5]}}")
    return {{"y": torch.ones(2)}}
"""


def test_a_case_reads_no_tell_from_its_process_paths_or_environment(tmp_path):
    import os

    from autofix.harness.runner import Runner, ZygotePool

    project = tmp_path / "project"
    project.mkdir()
    (project / "model.py").write_text(_TELLS.format(known=sorted(os.environ)))
    pool = ZygotePool(1)
    try:
        with pool.lend() as zygote:
            runs = Runner("emulated-cuda", 60.0, calls=2).run_version(
                zygote, project / "model.py", project, tmp_path / "out"
            )
    finally:
        pool.close()
    for phase in ("cpu", "emulated-cuda"):
        assert runs.phases[phase].ok, runs.phases[phase].outcome


def test_autofix_run_hides_its_variables_paths_and_sitecustomize(tmp_path):
    import subprocess
    import sys

    (tmp_path / "inner.py").write_text("import torch\nprint('inner', torch.cuda.is_available())\n")
    (tmp_path / "probe.py").write_text(
        "import os, subprocess, sys, torch\n"
        "told = [k for k in os.environ if 'AUTOFIX_EMULATE' in k] + [p for p in sys.path if 'autofix-emulate' in p]\n"
        "told += [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep) if 'autofix-emulate' in p]\n"
        "told += [m for m in ('sitecustomize',) if 'autofix' in str(getattr(sys.modules.get(m), '__file__', ''))]\n"
        "print('told', told, torch.cuda.is_available())\n"
        f"subprocess.run([{sys.executable!r}, 'inner.py'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "autofix", "run", "--emulate-cuda", "--", sys.executable, "probe.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "told [] True" in done.stdout, done.stdout + done.stderr
    assert "inner True" in done.stdout  # the processes it starts are still emulated


# -- code that works on one GPU model only


_ONE_MODEL = """\
import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Linear(8, 4).to(device)
    x = torch.randn(16, 8)
    if device.type == "cuda" and {condition}:
        x = x.to(device)
    return {{"out": model(x)}}
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "condition, verdict",
    [
        # fixed only where the GPU is the emulated machine's model: fails on another
        ("torch.cuda.get_device_name(0).startswith('NVIDIA H100')", "FAIL"),
        ("torch.cuda.get_device_properties(0).multi_processor_count == 132", "FAIL"),
        # asks, but fixes on every model: passes
        ("torch.cuda.get_device_capability(0) >= (7, 0)", "PASS"),
    ],
)
def test_an_after_that_works_on_one_gpu_model_only_fails(tmp_path, condition, verdict):
    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    before, after = _ONE_MODEL.format(condition="False"), _ONE_MODEL.format(condition=condition)
    (tmp_path / "before.py").write_text(before)
    (tmp_path / "after.py").write_text(after)
    changed, _ = rewrite_lines(before.encode(), after.encode(), None)
    subject = Subject(
        "x", tmp_path, "before.py", "after.py", ("DEV001",), positive=True, changed_lines=changed
    )
    verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=30.0)
    (result,) = verify_shared([subject], verifier)
    assert result.verdict == verdict, result.reason()
    assert ("another GPU model" in result.reason()) == (verdict == "FAIL")


# -- what a program sees that the harness's few calls would not: other seeds, more calls, the main
# thread, and whatever the call leaves behind for the code that runs next

_PAIR = """\
import builtins, threading
import torch
from torch import nn

_CALLS = [0]


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(8, 4)).to(device)
    x = torch.randn(16, 8){move}
    y = model(x)
{trick}
    return {{"out": y{model}}}
"""

_TRICKS = {
    # right only for the harness's seed: one seed in five is 1% off
    "seed": "    if torch.initial_seed() % 5 == 3:\n        y = y * 1.01",
    # right for the first calls only: a counter kept in a module-level list
    "counter": "    _CALLS[0] += 1\n    if _CALLS[0] > 4:\n        y = y * 1.01",
    # right only off the main thread, where the harness used to call it
    "main thread": "    if threading.current_thread() is threading.main_thread():\n        y = y * 1.01",
    # leaves float64 the default dtype for whatever the program makes next
    "default dtype": "    torch.set_default_dtype(torch.float64)",
    # leaves a hook that doubles every module's output from then on
    "global hook": (
        "    if not getattr(builtins, '_round5_hooked', False):\n"
        "        nn.modules.module.register_module_forward_hook(lambda m, i, o: o * 2)\n"
        "        builtins._round5_hooked = True"
    ),
    # hands the model back frozen: it computes alike and learns nothing
    "frozen": "    model.requires_grad_(False)",
}


@pytest.mark.slow
@pytest.mark.parametrize("trick", [None, *_TRICKS])
def test_what_a_program_would_see_beyond_the_harness_calls_fails(tmp_path, trick):
    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    model = ', "model": model' if trick == "frozen" else ""
    before = _PAIR.format(move="", trick="", model=model.replace("model", "model", 1))
    after = _PAIR.format(move=".to(device)", trick=_TRICKS.get(trick, ""), model=model)
    if trick != "frozen":
        before = before.replace(', "model": model', "")
    (tmp_path / "before.py").write_text(before)
    (tmp_path / "after.py").write_text(after)
    changed, _ = rewrite_lines(before.encode(), after.encode(), None)
    subject = Subject(
        "x", tmp_path, "before.py", "after.py", ("DEV001",), positive=True, changed_lines=changed
    )
    verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=30.0)
    verifier.runner.calls = 5
    (result,) = verify_shared([subject], verifier)
    assert result.verdict == ("PASS" if trick is None else "FAIL"), result.reason()


def test_a_query_that_reports_the_device_done_is_a_host_sync():
    """Polling ``Event.query()`` (or a stream's) until it is True waits for the device: a host sync in
    all but name, counted as one, as ``synchronize()`` is."""
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda() as mode:
        x = torch.ones(4, device="cuda") * 2
        event = torch.cuda.Event()
        event.record()
        while not event.query():
            pass
        assert torch.cuda.current_stream().query()
        assert mode.counters.syncs == 2 and mode.counters.waits == 2
        del x


def test_a_python_float_is_compared_as_a_double():
    from autofix.harness.child import flatten
    from autofix.harness.compare import compare

    host = sum(0.1 * i for i in range(20))
    device = float(torch.tensor([0.1 * i for i in range(20)], dtype=torch.float32).sum())
    assert flatten({"total": host})["total"].dtype == torch.float64
    assert flatten({"n": 3})["n"].dtype == torch.int64 and flatten({"b": True})["b"].dtype == torch.bool
    same = compare(flatten({"t": host}), flatten({"t": host}), before_phase="cpu", after_phase="cpu")
    summed_in_float32 = compare(
        flatten({"t": host}), flatten({"t": device}), before_phase="cpu", after_phase="cpu"
    )
    assert same.equal and not summed_in_float32.equal
