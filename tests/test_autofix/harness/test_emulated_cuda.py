"""The emulated CUDA device: real device errors, counted transfers and syncs, CPU numbers."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from autofix.harness.emulated_cuda import emulated_cuda  # noqa: E402

MISMATCH = "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"


def test_model_on_cuda_input_on_cpu_raises_the_real_error():
    with emulated_cuda():
        model = torch.nn.Linear(4, 2).to("cuda")
        with pytest.raises(RuntimeError, match="Expected all tensors to be on the same device"):
            model(torch.randn(3, 4))
        try:
            model(torch.randn(3, 4))
        except RuntimeError as exc:
            assert str(exc) == MISMATCH


def test_moving_a_model_counts_one_transfer_per_parameter():
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
    with emulated_cuda() as device:
        model.to(torch.device("cuda"))
        assert device.counters.host_to_device == 4
        assert all(p.device == torch.device("cuda", 0) for p in model.parameters())
        assert all(p.is_cuda for p in model.parameters())
        model.cuda()  # already there: nothing to copy
        assert device.counters.host_to_device == 4


def test_factory_on_device_mixes_with_device_tensors():
    with emulated_cuda() as device:
        y = torch.ones(3).cuda()
        z = torch.zeros(3, device="cuda") + y
        assert z.device.type == "cuda"
        assert device.counters.host_to_device == 1
        assert torch.cuda.is_available()


def test_item_in_a_loop_counts_syncs():
    with emulated_cuda() as device:
        x = torch.arange(10.0, device="cuda")
        total = 0.0
        for i in range(10):
            total += x[i].item()
        assert device.counters.syncs == 10
        assert total == 45.0


def test_host_syncs_and_numpy():
    with emulated_cuda() as device:
        x = torch.ones(2, device="cuda")
        bool(x.sum())
        float(x.sum())
        x.tolist()
        on_host = x.cpu()
        assert device.counters.syncs == 4  # each reads the value back: a copy to the host and a sync
        assert device.counters.device_to_host == 4
        assert on_host.numpy().tolist() == [1.0, 1.0]
        with pytest.raises(TypeError, match="can't convert cuda:0 device type tensor to numpy"):
            x.numpy()


def test_training_step_runs_and_matches_the_cpu():
    def step():
        torch.manual_seed(0)
        model = torch.nn.Linear(4, 1)
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        return model, opt, x, y

    model, opt, x, y = step()
    for _ in range(3):
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    expected = model.weight.detach().clone()

    with emulated_cuda() as device:
        model, opt, x, y = step()
        model.to("cuda")
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        x, y = x.to("cuda"), y.to("cuda")
        for _ in range(3):
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        assert model.weight.device.type == "cuda"
        assert torch.equal(model.weight.detach().cpu(), expected)
        assert device.counters.host_to_device == 4  # 2 parameters, x, y


def test_optimizer_state_left_on_the_host_fails_the_step():
    with emulated_cuda():
        model = torch.nn.Linear(4, 1)
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        model(torch.randn(2, 4)).sum().backward()
        opt.step()  # state (exp_avg, ...) is created on the CPU
        model.to("cuda")
        model(torch.randn(2, 4, device="cuda")).sum().backward()
        with pytest.raises(RuntimeError, match="same device"):
            opt.step()


def test_cuda_functions_are_restored():
    original = torch.cuda.is_available
    with emulated_cuda():
        assert torch.cuda.is_available()
        assert torch.cuda.device_count() == 1
    assert torch.cuda.is_available is original


def test_legacy_variable_keeps_the_device_of_its_data():
    with emulated_cuda():
        from torch.autograd import Variable

        on_device = Variable(torch.randn(3).cuda())
        assert on_device.device == torch.device("cuda", 0)
        assert isinstance(on_device, Variable)
        assert Variable(torch.randn(3), requires_grad=True).device.type == "cpu"
    assert torch.autograd.Variable is torch.autograd.variable.Variable
    assert torch.autograd.Variable.__module__ == "torch.autograd.variable"


def test_load_with_a_cuda_map_location_gives_device_tensors():
    import io

    buffer = io.BytesIO()
    torch.save({"w": torch.ones(2)}, buffer)
    with emulated_cuda():
        buffer.seek(0)
        loaded = torch.load(buffer, map_location="cuda:0")
        assert loaded["w"].device == torch.device("cuda", 0)
        buffer.seek(0)
        assert torch.load(buffer, map_location="cpu")["w"].device.type == "cpu"
    buffer.seek(0)
    with pytest.raises(RuntimeError):
        torch.load(buffer, map_location="cuda")  # outside the emulation: a CPU build refuses


def test_legacy_cuda_tensor_type_conversion_moves_to_the_device():
    with emulated_cuda() as device:
        x = torch.randn(3, dtype=torch.float64).type(torch.cuda.FloatTensor)
        assert x.device == torch.device("cuda", 0) and x.dtype == torch.float32
        assert device.counters.host_to_device == 1
        assert x.type(torch.FloatTensor).device.type == "cpu"


def test_operations_on_float64_tensors_are_counted():
    """DEV002's proof: the double-precision work a fix removes, counted, not timed."""
    with emulated_cuda() as device:
        layer = torch.nn.Linear(3, 2)
        doubles = torch.rand(4, 3, dtype=torch.float64)
        torch.tanh(layer(doubles.float()))  # the cast reads a float64 tensor once; then float32
        assert device.counters.float64_ops == 1
        (doubles * 2).sum()
        assert device.counters.float64_ops == 3
        torch.zeros(2, dtype=torch.float64)  # a factory computes nothing
        assert device.counters.float64_ops == 3


def test_recurrent_layers_run_on_a_cuda_build(monkeypatch):
    """On a CUDA build (cuDNN present) a GRU on the GPU flattens its weights with cuDNN; the emulated
    GPU's tensors are CPU tensors underneath, which cuDNN refuses: the first real-GPU run's emulated
    phases failed every recurrent case so ('_cudnn_rnn_flatten_weight' ... 'CPU' backend)."""
    import torch.backends.cudnn as cudnn

    names = cudnn.is_acceptable.__globals__  # the module's own, behind torch.backends' module wrapper
    monkeypatch.setitem(names, "is_available", lambda: True)  # as on a CUDA build
    monkeypatch.setitem(names, "_init", lambda: True)
    monkeypatch.setattr(torch, "_use_cudnn_rnn_flatten_weight", lambda: True)
    from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

    with emulated_cuda():
        gru = torch.nn.GRU(3, 4, batch_first=True).to("cuda")
        inputs = torch.ones(2, 5, 3, device="cuda")
        packed = pack_padded_sequence(inputs, torch.tensor([5, 3]), batch_first=True)
        out, lengths = pad_packed_sequence(gru(packed)[0], batch_first=True)
        lstm = torch.nn.LSTM(3, 4).to("cuda")
        lstm(torch.ones(5, 2, 3, device="cuda"))
    assert out.shape == (2, 5, 4) and lengths.tolist() == [5, 3]
