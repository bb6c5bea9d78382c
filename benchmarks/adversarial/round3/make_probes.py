"""Write round 3's fidelity probes (round3/probes/qNNN_name.py) from the table below.

Each probe is a small program whose docstring states real CUDA's behaviour (``EXPECT:``, one line: what
the probe prints after ``RESULT:``), the PyTorch documentation or source that says so (``SOURCE:``), its
family and the emulated GPU count (``GPUS:``). No real GPU was used to write them: EXPECT is what the
cited text states. ``attempt(f)`` prints an exception's type name instead of a traceback.

    python3 benchmarks/adversarial/round3/make_probes.py   # rewrites round3/probes/
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

D = "https://docs.pytorch.org/docs/stable/"
GH = "https://github.com/pytorch/pytorch/blob/main/"
AMP = D + "amp.html#cuda-ops-that-can-autocast-to-float32"
AMP16 = D + "amp.html#cuda-ops-that-can-autocast-to-float16"
NOTES = D + "notes/cuda.html"
TI = GH + "aten/src/ATen/TensorIterator.cpp (CPU scalars beside device tensors; others must share the device)"

# (name, family, claim, EXPECT, SOURCE, GPUS, body)
PROBES: list[tuple[str, str, str, str, str, int, str]] = [
    # -- torch.device parsing
    ("device_index_parsed", "torch.device parsing", "'cuda:1' parses to index 1", "1",
     D + "tensor_attributes.html#torch-device", 1, "r = torch.device('cuda:1').index"),
    ("device_str_roundtrip", "torch.device parsing", "str(torch.device('cuda', 0)) is 'cuda:0'", "cuda:0",
     D + "tensor_attributes.html#torch-device", 1, "r = str(torch.device('cuda', 0))"),
    ("device_cuda_ne_cuda0", "torch.device parsing", "torch.device('cuda') != torch.device('cuda:0')", "False",
     D + "tensor_attributes.html#torch-device (index None is not index 0)", 1,
     "r = torch.device('cuda') == torch.device('cuda:0')"),
    ("tensor_device_ne_cuda", "torch.device parsing", "a GPU tensor's device is cuda:0, not 'cuda'", "False",
     D + "tensor_attributes.html#torch-device (a tensor's device always has an index)", 1,
     "r = torch.ones(2, device='cuda').device == torch.device('cuda')"),
    ("int_device_is_cuda", "torch.device parsing", "device=0 means cuda:0", "cuda:0",
     D + "tensor_attributes.html#torch-device (a device ordinal as an int is the accelerator's)", 1,
     "r = torch.ones(2, device=0).device"),
    ("is_cuda_flags", "torch.device parsing", "is_cuda of a GPU and a CPU tensor", "True False",
     D + "generated/torch.Tensor.is_cuda.html", 1,
     "r = f'{torch.ones(1, device=\"cuda\").is_cuda} {torch.ones(1).is_cuda}'"),
    # -- .to(other)
    ("to_other_device_and_dtype", "to(other)", "to(other) takes other's device and dtype", "cuda:0 torch.float16",
     D + "generated/torch.Tensor.to.html (same dtype and device as other)", 1,
     "y = torch.ones(2).to(torch.ones(1, device='cuda', dtype=torch.half))\nr = f'{y.device} {y.dtype}'"),
    ("to_copy_true_new_object", "to(other)", "to(same device, copy=True) is a new tensor", "False",
     D + "generated/torch.Tensor.to.html (copy=True: a new Tensor even when it already matches)", 1,
     "x = torch.ones(2, device='cuda')\nr = x.to('cuda:0', copy=True) is x"),
    ("to_dtype_keeps_device", "to(other)", "to(dtype) keeps the device", "cuda:0 torch.float64",
     D + "generated/torch.Tensor.to.html", 1,
     "y = torch.ones(2, device='cuda').to(torch.float64)\nr = f'{y.device} {y.dtype}'"),
    ("to_cpu_and_dtype", "to(other)", "to('cpu', float16) moves and casts", "cpu torch.float16",
     D + "generated/torch.Tensor.to.html", 1,
     "y = torch.ones(2, device='cuda').to('cpu', torch.float16)\nr = f'{y.device} {y.dtype}'"),
    ("to_device_kw_non_blocking", "to(other)", "to(device=..., non_blocking=True) lands on the GPU", "cuda:0",
     D + "generated/torch.Tensor.to.html", 1, "r = torch.ones(2).to(device='cuda', non_blocking=True).device"),
    ("to_other_on_cpu_moves_back", "to(other)", "a GPU tensor .to(a CPU tensor) comes back to the CPU", "cpu",
     D + "generated/torch.Tensor.to.html", 1, "r = torch.ones(2, device='cuda').to(torch.ones(1)).device"),
    # -- .type() strings
    ("type_string_double", ".type() strings", "a float64 GPU tensor's type()", "torch.cuda.DoubleTensor",
     D + "tensors.html (CUDA tensor types)", 1, "r = torch.ones(2, device='cuda', dtype=torch.float64).type()"),
    ("type_string_long", ".type() strings", "an int64 GPU tensor's type()", "torch.cuda.LongTensor",
     D + "tensors.html (CUDA tensor types)", 1, "r = torch.ones(2, device='cuda', dtype=torch.int64).type()"),
    ("type_to_cuda_half_string", ".type() strings", "type('torch.cuda.HalfTensor') moves and casts",
     "cuda:0 torch.float16", D + "generated/torch.Tensor.type.html", 1,
     "y = torch.ones(2).type('torch.cuda.HalfTensor')\nr = f'{y.device} {y.dtype}'"),
    ("type_dtype_keeps_device", ".type() strings", "type(torch.float16) keeps the device", "cuda:0",
     D + "generated/torch.Tensor.type.html", 1, "r = torch.ones(2, device='cuda').type(torch.float16).device"),
    ("type_string_bool", ".type() strings", "a bool GPU tensor's type()", "torch.cuda.BoolTensor",
     D + "tensors.html (CUDA tensor types)", 1, "r = torch.ones(2, device='cuda', dtype=torch.bool).type()"),
    ("type_legacy_class_arg", ".type() strings", "type(torch.cuda.IntTensor) gives int32 on the GPU",
     "cuda:0 torch.int32", D + "generated/torch.Tensor.type.html", 1,
     "y = torch.ones(2).type(torch.cuda.IntTensor)\nr = f'{y.device} {y.dtype}'"),
    # -- legacy constructors
    ("legacy_float_sizes", "legacy constructors", "torch.cuda.FloatTensor(2, 3) is a 2x3 GPU tensor",
     "(2, 3) cuda:0", D + "tensors.html (legacy constructors)", 1,
     "y = torch.cuda.FloatTensor(2, 3)\nr = f'{tuple(y.shape)} {y.device}'"),
    ("legacy_long_from_list", "legacy constructors", "torch.cuda.LongTensor([1, 2])", "torch.int64 cuda:0",
     D + "tensors.html (legacy constructors)", 1,
     "y = torch.cuda.LongTensor([1, 2])\nr = f'{y.dtype} {y.device}'"),
    ("legacy_ctor_from_cpu_tensor", "legacy constructors", "torch.cuda.FloatTensor(a CPU tensor) raises",
     "TypeError", GH + "torch/csrc/utils/tensor_new.cpp (legacy ctor: 'expected TensorOptions(...) (got ...)')",
     1, "r = attempt(lambda: torch.cuda.FloatTensor(torch.ones(2)))"),
    ("legacy_empty", "legacy constructors", "torch.cuda.DoubleTensor() is empty on the GPU", "0 cuda:0",
     D + "tensors.html (legacy constructors)", 1,
     "y = torch.cuda.DoubleTensor()\nr = f'{y.numel()} {y.device}'"),
    ("legacy_new_tensor", "legacy constructors", "new_tensor of a legacy GPU tensor stays on the GPU", "cuda:0",
     D + "generated/torch.Tensor.new_tensor.html", 1, "r = torch.cuda.FloatTensor([1, 2]).new_tensor([3]).device"),
    ("legacy_half_dtype", "legacy constructors", "torch.cuda.HalfTensor(2) is float16", "torch.float16",
     D + "tensors.html (legacy constructors)", 1, "r = torch.cuda.HalfTensor(2).dtype"),
    # -- default dtype / device
    ("default_dtype_gpu_factory", "set_default_dtype", "float64 default applies to GPU factories", "torch.float64",
     D + "generated/torch.set_default_dtype.html", 1,
     "torch.set_default_dtype(torch.float64)\nr = torch.ones(2, device='cuda').dtype"),
    ("default_dtype_gpu_tensor", "set_default_dtype", "float64 default applies to torch.tensor on the GPU",
     "torch.float64", D + "generated/torch.set_default_dtype.html", 1,
     "torch.set_default_dtype(torch.float64)\nr = torch.tensor([1.0], device='cuda').dtype"),
    ("default_dtype_legacy_fixed", "set_default_dtype", "torch.cuda.FloatTensor stays float32", "torch.float32",
     D + "generated/torch.set_default_dtype.html", 1,
     "torch.set_default_dtype(torch.float64)\nr = torch.cuda.FloatTensor(2).dtype"),
    ("default_tensor_type_cuda", "set_default_dtype", "set_default_tensor_type(torch.cuda.FloatTensor)",
     "cuda:0", D + "generated/torch.set_default_tensor_type.html", 1,
     "torch.set_default_tensor_type(torch.cuda.FloatTensor)\nr = torch.ones(2).device"),
    ("device_context_manager", "set_default_dtype", "with torch.device('cuda'): factories go there", "cuda:0",
     D + "tensor_attributes.html#torch-device (a device as a context manager)", 1,
     "with torch.device('cuda'):\n    y = torch.ones(2)\nr = y.device"),
    ("get_default_device_cuda", "set_default_dtype", "get_default_device after set_default_device('cuda')",
     "cuda:0", GH + "torch/__init__.py (get_default_device: an index-less device reports the tensor's)", 1,
     "torch.set_default_device('cuda')\nr = torch.get_default_device()"),
    # -- autocast / AMP
    ("autocast_addmm_half", "autocast/AMP", "addmm autocasts to float16", "torch.float16", AMP16, 1,
     "a = torch.ones(2, 2, device='cuda')\nwith torch.autocast('cuda'):\n    r = torch.addmm(a, a, a).dtype"),
    ("autocast_conv1d_half", "autocast/AMP", "conv1d autocasts to float16", "torch.float16", AMP16, 1,
     "x = torch.ones(1, 2, 8, device='cuda')\nw = torch.ones(3, 2, 3, device='cuda')\n"
     "with torch.autocast('cuda'):\n    r = torch.nn.functional.conv1d(x, w).dtype"),
    ("autocast_exp_float32", "autocast/AMP", "exp of float16 autocasts to float32", "torch.float32", AMP, 1,
     "x = torch.ones(2, device='cuda', dtype=torch.float16)\nwith torch.autocast('cuda'):\n    r = torch.exp(x).dtype"),
    ("autocast_sum_float32", "autocast/AMP", "sum of float16 autocasts to float32", "torch.float32", AMP, 1,
     "x = torch.ones(2, device='cuda', dtype=torch.float16)\nwith torch.autocast('cuda'):\n    r = x.sum().dtype"),
    ("autocast_cat_promotes", "autocast/AMP", "cat of float16 and float32 gives float32", "torch.float32",
     D + "amp.html#cuda-ops-that-promote-to-the-widest-input-type", 1,
     "a = torch.ones(2, device='cuda', dtype=torch.float16)\nb = torch.ones(2, device='cuda')\n"
     "with torch.autocast('cuda'):\n    r = torch.cat([a, b]).dtype"),
    ("autocast_add_promotes", "autocast/AMP", "add (not listed) follows type promotion", "torch.float32",
     D + "amp.html (ops not listed run in the type promotion of their inputs)", 1,
     "a = torch.ones(2, device='cuda', dtype=torch.float16)\nb = torch.ones(2, device='cuda')\n"
     "with torch.autocast('cuda'):\n    r = (a + b).dtype"),
    ("autocast_is_enabled", "autocast/AMP", "is_autocast_enabled('cuda') inside autocast", "True",
     D + "amp.html", 1, "with torch.autocast('cuda'):\n    r = torch.is_autocast_enabled('cuda')"),
    ("autocast_bmm_bf16", "autocast/AMP", "bmm under bfloat16 autocast", "torch.bfloat16", AMP16, 1,
     "a = torch.ones(1, 2, 2, device='cuda')\nwith torch.autocast('cuda', dtype=torch.bfloat16):\n"
     "    r = torch.bmm(a, a).dtype"),
    ("grad_scaler_initial_scale", "autocast/AMP", "GradScaler('cuda').get_scale() is 2**16", "65536.0",
     D + "amp.html#torch.amp.GradScaler (init_scale=2.0**16)", 1, "r = torch.amp.GradScaler('cuda').get_scale()"),
    ("autocast_log_softmax_float32", "autocast/AMP", "log_softmax autocasts to float32", "torch.float32", AMP, 1,
     "x = torch.ones(2, device='cuda', dtype=torch.float16)\nwith torch.autocast('cuda'):\n"
     "    r = torch.log_softmax(x, 0).dtype"),
    ("autocast_mse_loss_float32", "autocast/AMP", "mse_loss autocasts to float32", "torch.float32", AMP, 1,
     "x = torch.ones(2, device='cuda', dtype=torch.float16)\nwith torch.autocast('cuda'):\n"
     "    r = torch.nn.functional.mse_loss(x, x).dtype"),
    ("autocast_layer_norm_float32", "autocast/AMP", "layer_norm autocasts to float32", "torch.float32", AMP, 1,
     "x = torch.ones(2, 4, device='cuda', dtype=torch.float16)\nwith torch.autocast('cuda'):\n"
     "    r = torch.nn.functional.layer_norm(x, (4,)).dtype"),
    # -- streams and events
    ("current_stream_device", "streams and events", "the current stream's device", "cuda:0",
     D + "generated/torch.cuda.current_stream.html", 1, "r = torch.cuda.current_stream().device"),
    ("default_is_current", "streams and events", "outside any stream context, current == default", "True",
     D + "generated/torch.cuda.default_stream.html", 1,
     "r = torch.cuda.current_stream() == torch.cuda.default_stream()"),
    ("stream_query_after_sync", "streams and events", "a synchronized stream's query() is True", "True",
     D + "generated/torch.cuda.Stream.html", 1,
     "s = torch.cuda.Stream()\nwith torch.cuda.stream(s):\n    y = torch.ones(4, device='cuda') * 2\n"
     "s.synchronize()\nr = s.query()"),
    ("unrecorded_event_query", "streams and events", "an event never recorded has completed", "True",
     GH + "aten/src/ATen/cuda/CUDAEvent.h (query: if (!is_created_) return true)", 1,
     "r = torch.cuda.Event().query()"),
    ("elapsed_time_needs_timing", "streams and events", "elapsed_time without enable_timing raises",
     "RuntimeError", GH + "aten/src/ATen/cuda/CUDAEvent.h (elapsed_time: both events need enable_timing)", 1,
     "a, b = torch.cuda.Event(), torch.cuda.Event()\na.record(); b.record(); b.synchronize()\n"
     "r = attempt(lambda: a.elapsed_time(b))"),
    ("stream_none_is_noop", "streams and events", "torch.cuda.stream(None) changes nothing", "True",
     D + "generated/torch.cuda.stream.html (a no-op if the stream is None)", 1,
     "with torch.cuda.stream(None):\n    r = torch.cuda.current_stream() == torch.cuda.default_stream()"),
    ("stream_synchronize_counts", "streams and events", "Stream.synchronize() is a sync for sync debug mode",
     "done COUNTS: h2d=0 d2h=0 syncs=1",
     GH + "c10/cuda/CUDAFunctions.h (stream_synchronize: warn_or_error_on_sync); c10/cuda/CUDAStream.h", 1,
     "torch.cuda.current_stream().synchronize()\nr = 'done'"),
    ("work_in_stream_context", "streams and events", "work inside a stream context is on the GPU", "cuda:0",
     D + "notes/cuda.html#cuda-streams", 1,
     "s = torch.cuda.Stream()\nwith torch.cuda.stream(s):\n    y = torch.ones(2, device='cuda') + 1\nr = y.device"),
    # -- pinned memory and non_blocking
    ("nonblocking_d2h_is_pinned", "pinned memory and non_blocking", "a non_blocking copy to the host is pinned",
     "True", GH + "aten/src/ATen/native/TensorConversions.cpp (_to_copy: pin_out for non_blocking CUDA->CPU)",
     1, "r = torch.ones(4, device='cuda').to('cpu', non_blocking=True).is_pinned()"),
    ("pinned_plus_one_not_pinned", "pinned memory and non_blocking", "arithmetic on a pinned tensor is pageable",
     "False", D + "generated/torch.Tensor.pin_memory.html", 1, "r = (torch.ones(4).pin_memory() + 1).is_pinned()"),
    ("pin_slice", "pinned memory and non_blocking", "pinning a slice gives a pinned tensor", "True",
     D + "generated/torch.Tensor.pin_memory.html", 1, "r = torch.ones(4)[1:].pin_memory().is_pinned()"),
    ("pageable_nonblocking_h2d_counts", "pinned memory and non_blocking",
     "a non_blocking copy from pageable memory: one copy, no sync reported",
     "cuda:0 COUNTS: h2d=1 d2h=0 syncs=0",
     GH + "aten/src/ATen/native/cuda/Copy.cu (non_blocking: cudaMemcpyAsync, no memcpy_and_sync)", 1,
     "r = torch.ones(4).to('cuda', non_blocking=True).device"),
    ("tensor_on_device_counts", "pinned memory and non_blocking",
     "torch.tensor(list, device='cuda') is one blocking host-to-device copy",
     "cuda:0 COUNTS: h2d=1 d2h=0 syncs=1",
     GH + "torch/csrc/utils/tensor_new.cpp (internal_new_from_data: built on the CPU, then .to(device)); "
     "c10/cuda/CUDAFunctions.h (memcpy_and_sync warns)", 1, "r = torch.tensor([1.0, 2.0], device='cuda').device"),
    ("cuda_non_blocking", "pinned memory and non_blocking", ".cuda(non_blocking=True) lands on the GPU", "cuda:0",
     D + "generated/torch.Tensor.cuda.html", 1, "r = torch.ones(2).cuda(non_blocking=True).device"),
    # -- torch.cuda.memory_*
    ("memory_back_after_del", "torch.cuda.memory_*", "memory_allocated returns to its value after del", "True",
     D + "generated/torch.cuda.memory_allocated.html", 1,
     "before = torch.cuda.memory_allocated()\nx = torch.empty(1024, device='cuda')\ndel x\n"
     "r = torch.cuda.memory_allocated() == before"),
    ("reserved_at_least_allocated", "torch.cuda.memory_*", "memory_reserved >= memory_allocated", "True",
     D + "generated/torch.cuda.memory_reserved.html", 1,
     "x = torch.empty(1000, device='cuda')\nr = torch.cuda.memory_reserved() >= torch.cuda.memory_allocated() > 0"),
    ("empty_cache_releases", "torch.cuda.memory_*", "empty_cache with nothing alive leaves nothing reserved",
     "0", D + "generated/torch.cuda.empty_cache.html", 1,
     "x = torch.empty(1 << 20, device='cuda')\ndel x\ntorch.cuda.empty_cache()\nr = torch.cuda.memory_reserved()"),
    ("peak_reset_to_current", "torch.cuda.memory_*", "after reset_peak_memory_stats the peak is the current",
     "True", D + "generated/torch.cuda.reset_peak_memory_stats.html", 1,
     "x = torch.empty(1 << 16, device='cuda')\ndel x\ny = torch.empty(16, device='cuda')\n"
     "torch.cuda.reset_peak_memory_stats()\nr = torch.cuda.max_memory_allocated() == torch.cuda.memory_allocated()"),
    ("one_float_is_512_bytes", "torch.cuda.memory_*", "one float32 element allocates one 512-byte block", "512",
     GH + "c10/cuda/CUDACachingAllocator.cpp (kMinBlockSize = 512: sizes round up)", 1,
     "before = torch.cuda.memory_allocated()\nx = torch.empty(1, device='cuda')\n"
     "r = torch.cuda.memory_allocated() - before"),
    ("memory_stats_retries_key", "torch.cuda.memory_*", "memory_stats() has num_alloc_retries (0)", "0",
     D + "generated/torch.cuda.memory_stats.html (num_alloc_retries)", 1,
     "x = torch.empty(4, device='cuda')\nr = torch.cuda.memory_stats()['num_alloc_retries']"),
    ("memory_per_device", "torch.cuda.memory_*", "a tensor on cuda:1 counts on GPU 1, not GPU 0", "True True",
     D + "generated/torch.cuda.memory_allocated.html (device argument)", 2,
     "a0, a1 = torch.cuda.memory_allocated(0), torch.cuda.memory_allocated(1)\n"
     "x = torch.empty(1024, device='cuda:1')\n"
     "r = f'{torch.cuda.memory_allocated(1) > a1} {torch.cuda.memory_allocated(0) == a0}'"),
    ("memory_snapshot_list", "torch.cuda.memory_*", "memory_snapshot() returns a list", "list",
     D + "generated/torch.cuda.memory_snapshot.html", 1,
     "x = torch.empty(4, device='cuda')\nr = type(torch.cuda.memory_snapshot()).__name__"),
    # -- sparse
    ("sparse_to_dense_device", "sparse", "a GPU sparse tensor densifies on the GPU", "cuda:0",
     D + "sparse.html", 1,
     "s = torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.ones(2), (3,), device='cuda')\n"
     "r = s.to_dense().device"),
    ("sparse_cuda_method", "sparse", ".cuda() of a sparse tensor keeps its layout", "True torch.sparse_coo",
     D + "sparse.html", 1,
     "s = torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.ones(2), (3,)).cuda()\n"
     "r = f'{s.is_cuda} {s.layout}'"),
    ("sparse_mm_cpu_dense_raises", "sparse", "sparse.mm of a GPU sparse and a CPU dense raises", "RuntimeError",
     NOTES, 1,
     "s = torch.sparse_coo_tensor(torch.tensor([[0, 1], [0, 1]]), torch.ones(2), (2, 2), device='cuda')\n"
     "r = attempt(lambda: torch.sparse.mm(s, torch.ones(2, 2)))"),
    ("sparse_coalesce_indices", "sparse", "a GPU sparse tensor's indices are on the GPU", "cuda:0",
     D + "sparse.html", 1,
     "s = torch.sparse_coo_tensor(torch.tensor([[0, 0]]), torch.ones(2), (3,), device='cuda')\n"
     "r = s.coalesce().indices().device"),
    ("sparse_add_layout", "sparse", "sparse + sparse stays sparse on the GPU", "cuda:0 torch.sparse_coo",
     D + "sparse.html", 1,
     "s = torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.ones(2), (3,), device='cuda')\n"
     "t = s + s\nr = f'{t.device} {t.layout}'"),
    ("sparse_indices_values_devices_differ", "sparse", "CPU indices with GPU values raise", "RuntimeError",
     GH + "aten/src/ATen/native/sparse/SparseTensor.cpp (device of indices must match device of values)", 1,
     "r = attempt(lambda: torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.ones(2, device='cuda'), (3,)))"),
    # -- complex
    ("complex_abs_dtype", "complex", "abs of complex64 on the GPU is float32 there", "cuda:0 torch.float32",
     D + "complex_numbers.html", 1,
     "y = torch.ones(2, dtype=torch.complex64, device='cuda').abs()\nr = f'{y.device} {y.dtype}'"),
    ("view_as_real_device", "complex", "view_as_real stays on the GPU", "cuda:0 (2, 2)",
     D + "generated/torch.view_as_real.html", 1,
     "y = torch.view_as_real(torch.ones(2, dtype=torch.complex64, device='cuda'))\n"
     "r = f'{y.device} {tuple(y.shape)}'"),
    ("complex_cpu_scalar", "complex", "a complex GPU tensor times a CPU 0-dim complex", "cuda:0",
     TI, 1, "r = (torch.ones(2, dtype=torch.complex64, device='cuda') * torch.tensor(2j)).device"),
    ("polar_mixed_raises", "complex", "torch.polar with GPU abs and CPU angle raises", "RuntimeError",
     NOTES, 1, "r = attempt(lambda: torch.polar(torch.ones(2, device='cuda'), torch.zeros(2)))"),
    ("fft_dtype_device", "complex", "fft of a float GPU tensor is complex64 on the GPU", "cuda:0 torch.complex64",
     D + "generated/torch.fft.fft.html", 1,
     "y = torch.fft.fft(torch.ones(4, device='cuda'))\nr = f'{y.device} {y.dtype}'"),
    ("complex_real_view_device", "complex", ".real of a GPU complex tensor is on the GPU", "cuda:0",
     D + "generated/torch.real.html", 1, "r = torch.ones(2, dtype=torch.complex64, device='cuda').real.device"),
    # -- quantile / sort / topk / unique
    ("quantile_float_q", "quantile/sort/topk/unique", "quantile with a float q stays on the GPU", "cuda:0 2.0",
     D + "generated/torch.quantile.html", 1,
     "y = torch.quantile(torch.tensor([3.0, 1.0, 2.0], device='cuda'), 0.5)\nr = f'{y.device} {y.item()}'"),
    ("quantile_cpu_q_raises", "quantile/sort/topk/unique", "quantile with a CPU q tensor raises", "RuntimeError",
     GH + "aten/src/ATen/native/Sorting.cpp (quantile() q tensor must be on the same device as the input tensor)",
     1, "r = attempt(lambda: torch.quantile(torch.ones(3, device='cuda'), torch.tensor([0.5])))"),
    ("sort_indices", "quantile/sort/topk/unique", "sort's indices are int64 on the GPU", "torch.int64 cuda:0",
     D + "generated/torch.sort.html", 1,
     "i = torch.sort(torch.tensor([3.0, 1.0], device='cuda')).indices\nr = f'{i.dtype} {i.device}'"),
    ("topk_values", "quantile/sort/topk/unique", "topk(2) of [3, 1, 2]", "[3.0, 2.0] cuda:0",
     D + "generated/torch.topk.html", 1,
     "v = torch.topk(torch.tensor([3.0, 1.0, 2.0], device='cuda'), 2).values\nr = f'{v.tolist()} {v.device}'"),
    ("unique_counts_device", "quantile/sort/topk/unique", "unique's counts are on the GPU", "cuda:0 [1, 2]",
     D + "generated/torch.unique.html", 1,
     "u, c = torch.unique(torch.tensor([3.0, 1.0, 3.0], device='cuda'), return_counts=True)\n"
     "r = f'{c.device} {c.tolist()}'"),
    ("kthvalue_gpu", "quantile/sort/topk/unique", "kthvalue on the GPU", "cuda:0 2.0",
     D + "generated/torch.kthvalue.html", 1,
     "v = torch.kthvalue(torch.tensor([3.0, 1.0, 2.0], device='cuda'), 2).values\nr = f'{v.device} {v.item()}'"),
    ("argsort_stable", "quantile/sort/topk/unique", "a stable argsort on the GPU", "[1, 0, 2] cuda:0",
     D + "generated/torch.argsort.html", 1,
     "i = torch.argsort(torch.tensor([2.0, 1.0, 2.0], device='cuda'), stable=True)\nr = f'{i.tolist()} {i.device}'"),
    ("median_zero_dim", "quantile/sort/topk/unique", "median of a GPU tensor is a 0-dim GPU tensor", "cuda:0 0",
     D + "generated/torch.median.html", 1,
     "m = torch.median(torch.tensor([3.0, 1.0, 2.0], device='cuda'))\nr = f'{m.device} {m.dim()}'"),
    # -- torch.where with scalars
    ("where_two_scalars", "torch.where with scalars", "where(cond, 1.0, 0.0) on a GPU cond", "cuda:0 torch.float32",
     D + "generated/torch.where.html (scalars for input and other)", 1,
     "y = torch.where(torch.ones(3, device='cuda') > 0, 1.0, 0.0)\nr = f'{y.device} {y.dtype}'"),
    ("where_int_scalar_keeps_dtype", "torch.where with scalars", "an int scalar does not promote float16",
     "torch.float16", D + "generated/torch.where.html; " + D + "tensor_attributes.html#type-promotion-doc", 1,
     "x = torch.ones(3, device='cuda', dtype=torch.float16)\nr = torch.where(x > 0, x, 0).dtype"),
    ("where_cpu_zero_dim", "torch.where with scalars", "a CPU 0-dim tensor is a scalar to where", "cuda:0",
     GH + "aten/src/ATen/native/TensorCompare.cpp (where: out_device skips CPU 0-dim tensors)", 1,
     "x = torch.ones(3, device='cuda')\nr = torch.where(x > 0, x, torch.tensor(0.0)).device"),
    ("where_cpu_vector_raises", "torch.where with scalars", "a CPU 1-D tensor in where raises", "RuntimeError",
     TI, 1, "x = torch.ones(3, device='cuda')\nr = attempt(lambda: torch.where(x > 0, x, torch.zeros(3)))"),
    ("where_cpu_condition_raises", "torch.where with scalars", "a CPU 1-D condition with GPU values raises",
     "RuntimeError", TI, 1,
     "x = torch.ones(3, device='cuda')\nr = attempt(lambda: torch.where(torch.ones(3) > 0, x, x))"),
    # -- bucketize / searchsorted
    ("bucketize_gpu", "bucketize", "bucketize on the GPU gives int64 there", "cuda:0 torch.int64 [1, 1]",
     D + "generated/torch.bucketize.html", 1,
     "y = torch.bucketize(torch.ones(2, device='cuda'), torch.tensor([0.0, 2.0], device='cuda'))\n"
     "r = f'{y.device} {y.dtype} {y.tolist()}'"),
    ("bucketize_cpu_boundaries_raises", "bucketize", "CPU boundaries with a GPU input raise", "RuntimeError",
     GH + "aten/src/ATen/native/BucketizationUtils.h (boundaries and input value tensors should have same device type)",
     1, "r = attempt(lambda: torch.bucketize(torch.ones(2, device='cuda'), torch.tensor([0.0, 2.0])))"),
    ("searchsorted_gpu", "bucketize", "searchsorted on the GPU", "cuda:0 [1]",
     D + "generated/torch.searchsorted.html", 1,
     "y = torch.searchsorted(torch.tensor([0.0, 2.0], device='cuda'), torch.ones(1, device='cuda'))\n"
     "r = f'{y.device} {y.tolist()}'"),
    ("bucketize_scalar_input", "bucketize", "bucketize(a number, GPU boundaries) is on the GPU", "cuda:0",
     GH + "aten/src/ATen/native/cuda/Bucketization.cu (bucketize_cuda(Scalar, ...): on boundaries' device)", 1,
     "r = torch.bucketize(2.5, torch.tensor([0.0, 2.0, 4.0], device='cuda')).device"),
    ("searchsorted_cpu_values_raises", "bucketize", "CPU values with GPU sorted sequence raise", "RuntimeError",
     GH + "aten/src/ATen/native/BucketizationUtils.h (same device type)", 1,
     "r = attempt(lambda: torch.searchsorted(torch.tensor([0.0, 2.0], device='cuda'), torch.ones(2)))"),
    # -- in-place ops on views
    ("inplace_slice_view", "in-place ops on views", "add_ on a slice writes through to the base", "[0.0, 1.0, 1.0, 0.0]",
     D + "tensor_view.html", 1, "x = torch.zeros(4, device='cuda')\nx[1:3].add_(1)\nr = x.tolist()"),
    ("inplace_view_reshape", "in-place ops on views", "fill_ on a view of a view", "[5.0, 5.0, 0.0, 0.0]",
     D + "tensor_view.html", 1, "x = torch.zeros(4, device='cuda')\nx.view(2, 2)[0].fill_(5)\nr = x.tolist()"),
    ("copy_cpu_into_gpu_slice", "in-place ops on views", "copy_ of a CPU tensor into a GPU slice",
     "[0.0, 7.0, 8.0, 0.0]", D + "generated/torch.Tensor.copy_.html (src may be on a different device)", 1,
     "x = torch.zeros(4, device='cuda')\nx[1:3].copy_(torch.tensor([7.0, 8.0]))\nr = x.tolist()"),
    ("diagonal_mul_cpu_scalar", "in-place ops on views", "mul_ of a diagonal view by a CPU 0-dim tensor",
     "[[3.0, 0.0], [0.0, 3.0]]", TI, 1,
     "x = torch.eye(2, device='cuda')\nx.diagonal().mul_(torch.tensor(3.0))\nr = x.tolist()"),
    ("view_add_cpu_vector_raises", "in-place ops on views", "add_ of a CPU vector into a GPU view raises",
     "RuntimeError", TI, 1, "x = torch.zeros(4, device='cuda')\nr = attempt(lambda: x[1:3].add_(torch.ones(2)))"),
    ("no_grad_leaf_view_inplace", "in-place ops on views", "in-place on a leaf's view under no_grad", "[2.0, 1.0, 1.0]",
     D + "notes/autograd.html#in-place-operations-with-autograd", 1,
     "w = torch.ones(3, device='cuda', requires_grad=True)\nwith torch.no_grad():\n    w[0:1].mul_(2)\n"
     "r = w.tolist()"),
    # -- nn.functional with device masks
    ("sdpa_cpu_mask_raises", "nn.functional with device masks", "SDPA with a CPU mask on GPU inputs raises",
     "RuntimeError", D + "generated/torch.nn.functional.scaled_dot_product_attention.html; " + NOTES, 1,
     "q = torch.ones(1, 2, 4, device='cuda')\nm = torch.ones(2, 2, dtype=torch.bool)\n"
     "r = attempt(lambda: torch.nn.functional.scaled_dot_product_attention(q, q, q, attn_mask=m))"),
    ("cross_entropy_cpu_target_raises", "nn.functional with device masks", "cross_entropy with a CPU target raises",
     "RuntimeError", NOTES, 1,
     "r = attempt(lambda: torch.nn.functional.cross_entropy(torch.ones(2, 3, device='cuda'), torch.tensor([0, 1])))"),
    ("cross_entropy_cpu_weight_raises", "nn.functional with device masks", "cross_entropy with a CPU weight raises",
     "RuntimeError", NOTES, 1,
     "t = torch.tensor([0, 1], device='cuda')\n"
     "r = attempt(lambda: torch.nn.functional.cross_entropy(torch.ones(2, 3, device='cuda'), t, weight=torch.ones(3)))"),
    ("masked_fill_cpu_mask_raises", "nn.functional with device masks", "masked_fill with a CPU mask raises",
     "RuntimeError", GH + "aten/src/ATen/native/cuda/Indexing.cu (expected self and mask to be on the same device)",
     1, "x = torch.ones(3, device='cuda')\nr = attempt(lambda: x.masked_fill(torch.tensor([True, False, True]), 0.0))"),
    ("embedding_cpu_indices_raises", "nn.functional with device masks", "embedding with CPU indices raises",
     "RuntimeError", NOTES, 1,
     "w = torch.ones(5, 2, device='cuda')\nr = attempt(lambda: torch.nn.functional.embedding(torch.tensor([0, 1]), w))"),
    ("dropout_eval_identity", "nn.functional with device masks", "dropout with training=False returns its input",
     "True", GH + "aten/src/ATen/native/Dropout.cpp (if p == 0 || !train: return input)", 1,
     "x = torch.ones(3, device='cuda')\nr = torch.nn.functional.dropout(x, 0.5, training=False) is x"),
    ("one_hot_device", "nn.functional with device masks", "one_hot of GPU indices", "cuda:0 torch.int64",
     D + "generated/torch.nn.functional.one_hot.html", 1,
     "y = torch.nn.functional.one_hot(torch.tensor([0, 2], device='cuda'), 4)\nr = f'{y.device} {y.dtype}'"),
    # -- Generator states
    ("cuda_generator_device", "Generator states", "torch.Generator(device='cuda').device", "cuda:0",
     D + "generated/torch.Generator.html", 1, "r = torch.Generator(device='cuda').device"),
    ("cuda_generator_seed", "Generator states", "a CUDA generator's manual_seed / initial_seed", "3",
     D + "generated/torch.Generator.html", 1, "g = torch.Generator(device='cuda')\ng.manual_seed(3)\nr = g.initial_seed()"),
    ("draw_with_cuda_generator", "Generator states", "randn with a CUDA generator lands on the GPU", "cuda:0",
     D + "generated/torch.randn.html", 1,
     "g = torch.Generator(device='cuda').manual_seed(0)\nr = torch.randn(3, device='cuda', generator=g).device"),
    ("rng_state_roundtrip", "Generator states", "set_rng_state(get_rng_state()) repeats the draw", "True",
     D + "generated/torch.cuda.set_rng_state.html", 1,
     "s = torch.cuda.get_rng_state()\na = torch.randn(3, device='cuda')\ntorch.cuda.set_rng_state(s)\n"
     "r = torch.equal(a, torch.randn(3, device='cuda'))"),
    ("rng_state_all_length", "Generator states", "get_rng_state_all has one state per GPU", "2",
     D + "generated/torch.cuda.get_rng_state_all.html", 2, "r = len(torch.cuda.get_rng_state_all())"),
    ("same_seed_same_numbers_across_gpus", "Generator states",
     "after manual_seed, cuda:0 and cuda:1 draw the same numbers (Philox: seed and offset only)", "True",
     D + "generated/torch.manual_seed.html (seeds all devices); "
     + GH + "aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (Philox state: seed + offset)", 2,
     "torch.manual_seed(0)\na = torch.randn(4, device='cuda:0')\nb = torch.randn(4, device='cuda:1')\n"
     "r = torch.equal(a.cpu(), b.cpu())"),
    ("cuda_manual_seed_current_only", "Generator states", "torch.cuda.manual_seed seeds the current GPU only", "0",
     D + "generated/torch.cuda.manual_seed.html (for the current GPU)", 2,
     "torch.manual_seed(0)\ntorch.cuda.manual_seed(1)\nr = torch.cuda.default_generators[1].initial_seed()"),
    ("gpu_draw_leaves_cpu_stream", "Generator states", "a GPU draw does not advance the CPU stream", "True",
     D + "notes/randomness.html", 1,
     "torch.manual_seed(0)\na = torch.rand(2)\ntorch.manual_seed(0)\ntorch.rand(3, device='cuda')\n"
     "r = torch.equal(a, torch.rand(2))"),
    ("cuda_generator_seed_int", "Generator states", "Generator(device='cuda').seed() returns an int", "int",
     D + "generated/torch.Generator.html#torch.Generator.seed", 1,
     "r = type(torch.Generator(device='cuda').seed()).__name__"),
    # -- DataLoader worker seeds
    ("worker_seeds_differ", "DataLoader worker seeds", "each worker gets its own seed", "True",
     D + "data.html#randomness-in-multi-process-data-loading", 1,
     "class Seeds(torch.utils.data.Dataset):\n    def __len__(self):\n        return 4\n"
     "    def __getitem__(self, i):\n        return torch.utils.data.get_worker_info().seed\n"
     "loader = torch.utils.data.DataLoader(Seeds(), batch_size=2, num_workers=2)\n"
     "seeds = [b[0].item() for b in loader]\nr = seeds[0] != seeds[1]"),
    ("worker_initial_seed", "DataLoader worker seeds", "torch.initial_seed() in a worker is its seed", "True",
     D + "data.html#randomness-in-multi-process-data-loading (base_seed + worker_id)", 1,
     "class Seeds(torch.utils.data.Dataset):\n    def __len__(self):\n        return 2\n"
     "    def __getitem__(self, i):\n        return torch.initial_seed() == torch.utils.data.get_worker_info().seed\n"
     "loader = torch.utils.data.DataLoader(Seeds(), batch_size=1, num_workers=1)\n"
     "r = all(bool(b[0]) for b in loader)"),
    ("collate_gpu_tensors", "DataLoader worker seeds", "default collate stacks GPU tensors on the GPU", "cuda:0",
     D + "data.html#dataloader-collate-fn", 1,
     "data = [torch.ones(2, device='cuda') for _ in range(4)]\n"
     "r = next(iter(torch.utils.data.DataLoader(data, batch_size=2))).device"),
    # -- checkpoint save/load round trips
    ("legacy_format_roundtrip", "checkpoint save/load", "the legacy (non-zip) format restores to the GPU", "cuda:0",
     D + "generated/torch.save.html; " + D + "generated/torch.load.html", 1,
     "import io\nb = io.BytesIO()\ntorch.save({'w': torch.ones(2, device='cuda')}, b,"
     " _use_new_zipfile_serialization=False)\nb.seek(0)\nr = torch.load(b)['w'].device"),
    ("map_location_string_remaps", "checkpoint save/load", "map_location='cuda:0' for a cuda:1 tensor", "cuda:0",
     D + "generated/torch.load.html", 2,
     "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda:1'), b)\nb.seek(0)\n"
     "r = torch.load(b, map_location='cuda:0').device"),
    ("weights_only_keeps_gpu", "checkpoint save/load", "weights_only=True restores to the GPU", "cuda:0",
     D + "generated/torch.load.html", 1,
     "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda'), b)\nb.seek(0)\n"
     "r = torch.load(b, weights_only=True).device"),
    ("optimizer_state_follows_params", "checkpoint save/load", "optimizer.load_state_dict moves state to the params",
     "cpu", GH + "torch/optim/optimizer.py (_process_value_according_to_param_policy: to param.device)", 1,
     "import io\nm = torch.nn.Linear(2, 2).cuda()\no = torch.optim.Adam(m.parameters())\n"
     "m(torch.ones(1, 2, device='cuda')).sum().backward()\no.step()\nb = io.BytesIO()\n"
     "torch.save(o.state_dict(), b)\nb.seek(0)\nm2 = torch.nn.Linear(2, 2)\no2 = torch.optim.Adam(m2.parameters())\n"
     "o2.load_state_dict(torch.load(b))\nr = o2.state[m2.weight]['exp_avg'].device"),
    ("views_share_storage_after_load", "checkpoint save/load", "saved views still share storage after load",
     "True", D + "notes/serialization.html#preserve-storage-sharing", 1,
     "import io\nx = torch.arange(4.0, device='cuda')\nb = io.BytesIO()\ntorch.save([x, x[1:]], b)\nb.seek(0)\n"
     "y = torch.load(b)\nr = y[1].data_ptr() == y[0].data_ptr() + 4"),
    ("map_location_lambda_cuda1", "checkpoint save/load", "map_location=lambda s, l: s.cuda(1)", "cuda:1",
     D + "generated/torch.load.html", 2,
     "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda'), b)\nb.seek(0)\n"
     "r = torch.load(b, map_location=lambda s, loc: s.cuda(1)).device"),
    ("pickle_roundtrip_gpu", "checkpoint save/load", "a pickled GPU tensor unpickles on the GPU", "cuda:0",
     GH + "torch/_tensor.py (__reduce_ex__) and torch/storage.py (_load_from_bytes: torch.load)", 1,
     "import pickle\nr = pickle.loads(pickle.dumps(torch.ones(2, device='cuda'))).device"),
    ("deepcopy_tensor", "checkpoint save/load", "deepcopy of a GPU tensor stays on the GPU", "cuda:0",
     GH + "torch/_tensor.py (__deepcopy__: clone on the same device)", 1,
     "import copy\nr = copy.deepcopy(torch.ones(2, device='cuda')).device"),
    ("deepcopy_module", "checkpoint save/load", "deepcopy of a GPU module keeps its parameters there", "cuda:0",
     GH + "torch/_tensor.py (__deepcopy__)", 1,
     "import copy\nr = copy.deepcopy(torch.nn.Linear(2, 2).cuda()).weight.device"),
    # -- TorchScript
    ("script_mixed_devices_raises", "jit/script", "a scripted add of GPU and CPU vectors raises", "RuntimeError",
     D + "jit.html; " + NOTES, 1, "r = attempt(lambda: scripted_add(torch.ones(2, device='cuda'), torch.ones(2)))"),
    ("script_result_device", "jit/script", "a scripted function's result stays on the GPU", "cuda:0",
     D + "jit.html", 1, "r = scripted_double(torch.ones(2, device='cuda')).device"),
    ("trace_result_device", "jit/script", "a traced module run on GPU inputs returns a GPU tensor", "cuda:0",
     D + "generated/torch.jit.trace.html", 1,
     "m = torch.nn.Linear(2, 2).cuda()\nt = torch.jit.trace(m, torch.ones(1, 2, device='cuda'))\n"
     "r = t(torch.ones(1, 2, device='cuda')).device"),
    ("script_module_cuda", "jit/script", "a ScriptModule's .cuda() moves its parameters", "cuda:0",
     D + "generated/torch.jit.ScriptModule.html", 1,
     "r = torch.jit.script(torch.nn.Linear(2, 2)).cuda().weight.device"),
    # -- misc
    ("device_count_two", "set_device/current_device", "device_count with two GPUs", "2",
     D + "generated/torch.cuda.device_count.html", 2, "r = torch.cuda.device_count()"),
    ("cuda_in_device_context", "set_device/current_device", ".cuda() inside torch.cuda.device(1)", "cuda:1",
     D + "generated/torch.cuda.device.html", 2, "with torch.cuda.device(1):\n    r = torch.ones(1).cuda().device"),
    ("new_tensor_device", "set_device/current_device", "new_tensor follows self's device", "cuda:0",
     D + "generated/torch.Tensor.new_tensor.html", 1, "r = torch.ones(1, device='cuda').new_tensor([1, 2]).device"),
    ("full_cpu_tensor_fill", "set_device/current_device", "torch.full with a CPU 0-dim fill value on the GPU",
     "[3.0, 3.0] cuda:0", D + "generated/torch.full.html (fill_value: a number, or a 0-dim tensor as one)", 1,
     "y = torch.full((2,), torch.tensor(3.0), device='cuda')\nr = f'{y.tolist()} {y.device}'"),
    ("arange_gpu_zero_dim_end", "set_device/current_device", "arange(a GPU 0-dim end) is made on the CPU", "cpu",
     D + "generated/torch.arange.html (end is a number; device defaults to the CPU)", 1,
     "r = torch.arange(torch.tensor(3, device='cuda')).device"),
]

HEADER = '''"""{claim}

EXPECT: {expect}
SOURCE: {source}
FAMILY: {family}
GPUS: {gpus}
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

'''

SCRIPTED = '''

@torch.jit.script
def scripted_add(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a + b


@torch.jit.script
def scripted_double(a: torch.Tensor) -> torch.Tensor:
    return a * 2

'''


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "probes"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("q*.py"):
        old.unlink()
    names = set()
    for number, (name, family, claim, expect, source, gpus, body) in enumerate(PROBES, 1):
        assert name not in names, name
        names.add(name)
        text = HEADER.format(claim=claim, expect=expect, source=source, family=family, gpus=gpus)
        if "scripted_" in body:
            text += SCRIPTED
        text += body + "\nprint('RESULT:', r)\n"
        (out / f"q{number:03d}_{name}.py").write_text(text)
    print(f"{len(PROBES)} probes written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
