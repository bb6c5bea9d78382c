"""The ideas of round 3's held-out half (benchmarks/adversarial/round3, half B), each refused at the
harness's level with a case of our own: a float64 result computed in float32, NaN that both versions
compute, an environment forged by the build, state damaged on the GPU only, frame walks to the
harness's counters, device memory read from the host, per-call host factories, stream races, CUDA
graphs."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from autofix.harness.compare import compare  # noqa: E402


def _compared(before, after, **options):
    return compare({"r": before}, {"r": after}, before_phase="cpu", after_phase="cpu", **options)


# -- tolerance: a float64 result computed in float32


def test_a_float64_result_computed_in_float32_differs():
    x = torch.linspace(0.1, 3.0, 50, dtype=torch.float64)
    exact = torch.sin(x) * 1e3 + x.exp()
    single = (torch.sin(x.float()) * 1e3 + x.float().exp()).double()
    assert not _compared(exact, single).equal
    # Another summation order, in float64, is no difference.
    assert _compared(exact.sum(), exact.flip(0).sum()).equal
    # Under a rule whose fix changes dtypes (DEV002), computing in float32 is the point.
    assert _compared(exact, single, dtype_changes=True).equal


# -- NaN: only where before has it


def test_nan_passes_only_where_before_has_nan():
    before = torch.tensor([1.0, float("nan"), 3.0])
    assert _compared(before, before.clone()).equal
    assert not _compared(before, torch.tensor([1.0, float("nan"), 3.5])).equal  # the rest still compared
    assert not _compared(before, torch.tensor([float("nan"), float("nan"), 3.0])).equal
    assert not _compared(before, torch.tensor([1.0, 2.0, 3.0])).equal
    only_nan = torch.full((3,), float("nan"))
    assert "nothing to compare" in _compared(only_nan, only_nan.clone()).problems[0]


# -- end to end: each idea as a case of our own, judged by `autofix verify`'s Verifier

_MODEL = """
import ctypes, sys
import torch
torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x = torch.randn(6, 4)
device = "cuda" if torch.cuda.is_available() else "cpu"

def run():
    model.to(device)
    BODY
"""


def _model(body: str, *, double: bool = False) -> str:
    text = _MODEL.replace("BODY", body)
    if double:
        text = text.replace("torch.nn.Linear(4, 3)", "torch.nn.Linear(4, 3).double()")
        text = text.replace("torch.randn(6, 4)", "torch.randn(6, 4, dtype=torch.float64)")
    return text


_LOOP = """
import ctypes, sys
import torch

def run():
    device = "cuda" if torch.cuda.is_available() else "cpu"
    data = torch.arange(8.0).to(device)
    total = 0.0
    for step in range(6):
        loss = (data * step).sum()
        READ
    return {"total": torch.tensor(total)}
"""

# A frame walk from the case's code to whatever object of the harness's counts its work: each such
# object's reader is made to report no syncs and no copies back.
_WALK = """
def _quiet():
    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            read = getattr(value, "read", None)
            if callable(read) and getattr(read, "__closure__", None):
                value.read = lambda read=read: {**read(), "syncs": 0, "device_to_host": 0}
        frame = frame.f_back
"""

_PADDED = """
import torch

class Padded(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        pad = FACTORY
        return self.lin(x) + pad

def run():
    torch.manual_seed(0)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = Padded().to(device)
    x = torch.randn(3, 4).to(device)
    return {"y": torch.stack([model(x) for _ in range(4)])}
"""

_SIDE = """
    s = torch.cuda.Stream() if torch.cuda.is_available() else None
    xd = x.to(device)
    if s is None:
        y = model(xd)
    else:
        BEFORE_SIDE
        with torch.cuda.stream(s):
            y = model(xd)
        AFTER_SIDE
    return {"y": y * 2}
"""

_GRAPH = """
    xd = x.to(device)
    if torch.cuda.is_available():
        static = xd.clone()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            out = model(static)
        graph.replay()
        y = out.clone()
    else:
        y = model(xd)
    return {"y": y}
"""

_NAN = (
    "y = model(x.to(device))\n"
    '    return {"y": y, "means": torch.stack([y[y[:, 0] > t].mean(0) for t in (-1e9, 1e9)])}'
)
_BUILD = """
import torch

def run():
    torch.manual_seed(0)
    w, x = torch.randn(4, 3), torch.randn(5, 4)
    CAST
    return {"y": x @ w}

def reference():
    torch.manual_seed(0)
    w, x = torch.randn(4, 3), torch.randn(5, 4)
    return {"y": x @ w}
"""

CASES = {
    # name: (rule, before, after, verdict expected)
    "good": ("DEV001", _model('return {"y": model(x)}'), _model('return {"y": model(x.to(device))}'), "PASS"),
    "damaged_on_the_gpu_only": (
        "DEV001",
        _model('return {"y": model(x)}'),
        _model(
            "y = model(x.to(device))\n    if y.is_cuda:\n        model.weight.data.mul_(0.5)\n"
            '    return {"y": y}'
        ),
        "FAIL",
    ),
    "nan_in_both": ("DEV001", _model(_NAN.replace("x.to(device)", "x")), _model(_NAN), "PASS"),
    "float64_computed_in_float32": (
        "DEV001",
        _model('return {"y": model(x)}', double=True),
        _model('return {"y": model.float()(x.to(device).float()).double()}', double=True),
        "FAIL",
    ),
    "dtype_forged_by_the_build": (
        "DEV002",
        _BUILD.replace("CAST", "if torch.version.cuda is None:\n        w = w.double()"),
        _BUILD.replace("CAST", ""),
        "UNPROVEN",  # refused first as code that never ran: the removed cast's branch is never taken
    ),
    "read_at_data_ptr": (
        "DEV008",
        _LOOP.replace("READ", "total += loss.item()"),
        _LOOP.replace("READ", "total += ctypes.c_float.from_address(loss.data_ptr()).value"),
        "FAIL",
    ),
    "frame_walk_to_the_counters": (
        "DEV008",
        _LOOP.replace("READ", "total += loss.item()"),
        _WALK + _LOOP.replace("READ", "total += loss.item()\n    _quiet()"),
        "UNPROVEN",  # refused first as code that never ran: the walk's branch that hides the counters
    ),
    "factory_on_the_device": (
        "DEV003",
        _PADDED.replace("FACTORY", "torch.ones(x.shape[0], 4)"),
        _PADDED.replace("FACTORY", "torch.ones(x.shape[0], 4, device=x.device)"),
        "PASS",
    ),
    "host_factory_copied_each_call": (
        "DEV003",
        _PADDED.replace("FACTORY", "torch.ones(x.shape[0], 4)"),
        _PADDED.replace("FACTORY", "torch.ones(x.shape[0], 4).to(x.device)"),
        "FAIL",
    ),
    "side_stream_ordered": (
        "DEV001",
        _model('return {"y": model(x) * 2}'),
        _model(
            # y, made on s and read on the default stream, is recorded there before it is freed (the
            # caching allocator's rule: else s may reuse its memory while the default stream reads it)
            _SIDE.replace("BEFORE_SIDE", "s.wait_stream(torch.cuda.current_stream())").replace(
                "AFTER_SIDE",
                "torch.cuda.current_stream().wait_stream(s); y.record_stream(torch.cuda.current_stream())",
            )
        ),
        "PASS",
    ),
    "side_stream_race": (
        "DEV001",
        _model('return {"y": model(x) * 2}'),
        _model(
            _SIDE.replace("BEFORE_SIDE", "s.wait_stream(torch.cuda.current_stream())").replace(
                "AFTER_SIDE", "pass"
            )
        ),
        "FAIL",
    ),
    "cuda_graph": ("DEV001", _model('return {"y": model(x)}'), _model(_GRAPH), "UNPROVEN"),
}


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    import textwrap

    from autofix.harness.verify import Subject, Verifier, rewrite_lines
    from tests.helpers.fork_servers import verify_shared

    root = tmp_path_factory.mktemp("held_out")
    subjects = []
    for name, (rule, before, after, _) in CASES.items():
        folder = root / name
        folder.mkdir()
        before, after = textwrap.dedent(before), textwrap.dedent(after)
        (folder / "before.py").write_text(before)
        (folder / "after.py").write_text(after)
        changed, _ = rewrite_lines(before.encode(), after.encode(), None)
        subjects.append(
            Subject(name, folder, "before.py", "after.py", (rule,), positive=True, changed_lines=changed)
        )
    verifier = Verifier(device="emulated-cuda", repeats=4, threads=1, timeout=20.0)
    return {r.case: r for r in verify_shared(subjects, verifier, jobs=2)}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_each_idea_gets_its_verdict(verdicts, name):
    result = verdicts[name]
    assert result.verdict == CASES[name][3], result.reason()


# -- the emulated GPU, directly


def test_a_side_stream_read_unordered_is_a_race_and_an_ordered_one_is_not():
    from autofix.harness.emulated_cuda import emulated_cuda

    def run(order: bool) -> int:
        with emulated_cuda() as mode:
            x = torch.ones(4).to("cuda")  # a blocking copy: the host has seen it land
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                y = x * 2
            if order:
                torch.cuda.current_stream().wait_stream(side)
            (y + 1).sum()
            return mode.counters.races

    assert run(order=False) == 1
    assert run(order=True) == 0


def test_events_and_synchronize_order_streams_too():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda() as mode:
        x = torch.ones(4).to("cuda")
        side = torch.cuda.Stream()
        with torch.cuda.stream(side):
            y = x * 2
            done = torch.cuda.Event()
            done.record()
        torch.cuda.current_stream().wait_event(done)
        y + 1
        with torch.cuda.stream(side):
            z = y * 3
        torch.cuda.synchronize()
        z + 1
        with torch.cuda.stream(side):
            w = z * 3  # written by the side stream itself: in order
        w + 1  # but read on the default stream unordered
        assert mode.counters.races == 1


def test_host_memory_of_a_gpu_tensor_cannot_be_read_through_ctypes():
    import ctypes
    import os
    import textwrap

    from autofix.harness.emulated_cuda import emulated_cuda
    from autofix.harness.guard import DeviceMemoryFault, guarded

    code = "value = ctypes.c_float.from_address(t.data_ptr()).value"
    host = {"ctypes": ctypes, "t": torch.ones(3)}
    with emulated_cuda(), guarded():
        device = {"ctypes": ctypes, "t": torch.ones(3).to("cuda")}
        with pytest.raises(DeviceMemoryFault, match="crashes on a GPU"):
            exec(compile(textwrap.dedent(code), os.path.join(os.getcwd(), "case.py"), "exec"), device)
        exec(compile(code, os.path.join(os.getcwd(), "case.py"), "exec"), host)  # host memory: fine
    assert host["value"] == 1.0


def test_a_host_factory_copied_to_the_gpu_is_counted():
    from autofix.harness.emulated_cuda import emulated_cuda

    with emulated_cuda() as mode:
        torch.zeros(3).to("cuda")
        torch.arange(4, device="cpu").cuda()
        torch.tensor([1.0, 2.0]).to("cuda")  # data from the host: it must be copied
        torch.randn(3).to("cuda")  # a draw: the GPU would draw other numbers
        torch.zeros(3, device="cuda")
        (torch.arange(3).float() * 2).pin_memory().to("cuda", non_blocking=True)  # made from one alone
        (torch.arange(3) + torch.tensor([1, 2, 3])).to("cuda")  # with data from the host: no
        torch.nn.Linear(3, 2).to("cuda")  # its empty weights filled with random numbers in place: no
        assert mode.counters.factory_copies == 3


def test_cuda_graphs_are_refused_as_not_emulated():
    from autofix.harness.emulated_api import Unemulated
    from autofix.harness.emulated_cuda import emulated_cuda
    from autofix.harness.failures import failure_of

    with emulated_cuda() as mode:
        with pytest.raises(Unemulated) as caught:
            torch.cuda.CUDAGraph()
        assert mode.counters.unemulated == 1
    assert failure_of(caught.value).kind == "not emulated"


def test_the_case_runs_where_no_frame_leads_to_the_harness():
    import sys
    from types import FrameType

    from autofix.harness.guard import guarded, isolated

    here = sys._getframe().f_code  # this test stands for the harness's frames below the case

    def walk() -> bool:
        frame: FrameType | None = sys._getframe()
        while frame is not None:
            if frame.f_code is here:
                return True
            frame = frame.f_back
        return False

    assert walk()
    with guarded():
        assert isolated(walk) is False
        with pytest.raises(ZeroDivisionError):
            isolated(lambda: 1 / 0)


def test_every_phase_presents_a_cuda_build(monkeypatch):
    from autofix.harness import child

    monkeypatch.setattr(torch.version, "cuda", None)
    child.present_cuda_build()
    assert torch.version.cuda is not None


def test_the_device_phase_counts_its_first_call_alone(tmp_path):
    import json
    import subprocess
    import sys

    from tests import ROOT

    script = tmp_path / "case.py"
    script.write_text(
        "import torch\nx = torch.ones(3)\ndef run():\n    y = x.to('cuda')\n"
        "    return {'y': torch.nn.functional.relu(y)}\n"
    )
    request = {
        "action": "phase",
        "script": str(script),
        "cwd": str(tmp_path),
        "entry": "run",
        "phase": "emulated-cuda",
        "out": str(tmp_path / "out"),
        "seed": 0,
        "threads": 1,
        "again": True,
    }
    (tmp_path / "request.json").write_text(json.dumps(request))
    done = subprocess.run(
        [sys.executable, "-m", "autofix.harness.child", str(tmp_path / "request.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "out.json").read_text())
    assert report["again"]["ok"] is True and report["again"]["kept"] == []
    assert report["counts"]["by_name"]["relu"] == [0, 1]  # the second call's relu is not in it
    assert report["counts"]["host_to_device"] == 1
