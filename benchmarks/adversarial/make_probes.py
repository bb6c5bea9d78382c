"""Writes probes/pNN_*.py from the table below: python benchmarks/adversarial/make_probes.py benchmarks/adversarial/probes"""
import os, textwrap, sys
OUT = sys.argv[1]
CUDA_NOTES = "https://docs.pytorch.org/docs/stable/notes/cuda.html"
TI_TEST = "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp"
PROMO = "https://docs.pytorch.org/docs/stable/tensor_attributes.html#type-promotion-doc"
AMP = "https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference"
SYNC = "https://docs.pytorch.org/tutorials/recipes/recipes/tuning_guide.html#avoid-unnecessary-cpu-gpu-synchronization"
PINTUT = "https://docs.pytorch.org/tutorials/intermediate/pinmem_nonblock.html"
LOAD = "https://docs.pytorch.org/docs/stable/generated/torch.load.html"
DP = "https://docs.pytorch.org/docs/stable/generated/torch.nn.DataParallel.html"
GEN_CHECK = "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/core/DistributionsHelper.h (check_generator: \"Expected a '<type>' device type for generator but found '<type>'\")"
HEADER = '''import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

'''
P = []
def probe(name, family, claim, expect, source, code, gpus=1):
    P.append((name, family, claim, expect, source, code, gpus))

# --- arithmetic across devices
probe("cuda_plus_cpu_vector", "arithmetic across devices", "A CUDA tensor plus a CPU tensor with dimensions raises.",
      "RuntimeError", TI_TEST + " (MixedDevices)",
      "print('RESULT:', outcome(lambda: torch.ones(5, 5, device='cuda') + torch.ones(5)))")
probe("cuda_plus_cpu_scalar", "scalars", "A CPU 0-dim tensor is a scalar to a CUDA elementwise op; the result is on the GPU.",
      "cuda:0", TI_TEST + " (CPUScalar)",
      "print('RESULT:', (torch.ones(5, 5, device='cuda') + torch.tensor(2.0)).device)")
probe("cpu_vector_plus_cuda_scalar", "scalars", "A CUDA 0-dim tensor is no scalar to a CPU tensor with dimensions: raises.",
      "RuntimeError", TI_TEST + " (only CPU zero-dim tensors are lifted); " + CUDA_NOTES,
      "print('RESULT:', outcome(lambda: torch.ones(5) + torch.tensor(2.0, device='cuda')))")
probe("two_cpu_scalars_cuda_out", "scalars", "Two CPU 0-dim inputs with a CUDA out= tensor raise (only one input may stay a CPU scalar).",
      "RuntimeError", TI_TEST + " (CPUScalarInputs: ASSERT_ANY_THROW)",
      "out = torch.empty(5, 5, device='cuda')\nprint('RESULT:', outcome(lambda: torch.add(torch.tensor(1.0), torch.tensor(2.0), out=out).device))")
probe("cuda0_plus_cuda1", "arithmetic across devices", "Tensors on two different GPUs cannot be added.",
      "RuntimeError", CUDA_NOTES + " (cross-GPU operations are not allowed by default)",
      "print('RESULT:', outcome(lambda: torch.ones(3, device='cuda:0') + torch.ones(3, device='cuda:1')))", gpus=2)
probe("copy_between_gpus", "arithmetic across devices", "copy_() across GPUs is allowed; the destination keeps its device.",
      "cuda:0", CUDA_NOTES + " (with the exception of copy_() and other methods with copy-like functionality)",
      "dst = torch.zeros(3, device='cuda:0')\ndst.copy_(torch.ones(3, device='cuda:1'))\nprint('RESULT:', dst.device)", gpus=2)
probe("cat_cuda_cpu", "arithmetic across devices", "torch.cat of a CUDA and a CPU tensor raises.",
      "RuntimeError", CUDA_NOTES,
      "print('RESULT:', outcome(lambda: torch.cat([torch.ones(2, device='cuda'), torch.ones(2)])))")
probe("maximum_with_cpu_scalar", "scalars", "torch.maximum(cuda, cpu 0-dim) is a TensorIterator binary op: allowed, result on the GPU.",
      "cuda:0", TI_TEST + " (CPUScalar)",
      "print('RESULT:', torch.maximum(torch.ones(3, device='cuda'), torch.tensor(2.0)).device)")
probe("masked_fill_cpu_value", "scalars", "masked_fill with a CPU 0-dim value tensor on a CUDA tensor works (the value is read as a scalar).",
      "[0.0, 5.0]", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/cuda/Indexing.cu (masked_fill__cuda(..., const Tensor& value): value.item())",
      "x = torch.zeros(2, device='cuda')\nprint('RESULT:', x.masked_fill(torch.tensor([False, True], device='cuda'), torch.tensor(5.0)).tolist())")
# --- in-place
probe("inplace_cuda_add_cpu_vector", "in-place ops", "cuda.add_(cpu tensor with dimensions) raises.",
      "RuntimeError", TI_TEST + " (MixedDevices)",
      "x = torch.ones(3, device='cuda')\nprint('RESULT:', outcome(lambda: x.add_(torch.ones(3))))")
probe("inplace_cuda_mul_cpu_scalar", "in-place ops", "cuda.mul_(cpu 0-dim) is allowed.",
      "[2.0, 2.0, 2.0]", TI_TEST + " (CPUScalar)",
      "x = torch.ones(3, device='cuda')\nx.mul_(torch.tensor(2.0))\nprint('RESULT:', x.tolist())")
probe("inplace_cpu_add_cuda_scalar", "in-place ops", "cpu.add_(cuda 0-dim) raises: only CPU scalars are lifted.",
      "RuntimeError", TI_TEST,
      "x = torch.ones(3)\nprint('RESULT:', outcome(lambda: x.add_(torch.tensor(1.0, device='cuda'))))")
probe("slice_assign_cpu_into_cuda", "in-place ops", "Assigning a CPU tensor to a slice of a CUDA tensor copies it over (copy_ crosses devices).",
      "[1.0, 2.0, 0.0]", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.copy_.html (src may reside on a different device)",
      "x = torch.zeros(3, device='cuda')\nx[0:2] = torch.tensor([1.0, 2.0])\nprint('RESULT:', x.tolist())")
probe("inplace_on_leaf_requires_grad", "in-place ops", "An in-place op on a leaf that requires grad raises, on the GPU as on the CPU.",
      "RuntimeError", "https://docs.pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd",
      "w = torch.ones(3, device='cuda', requires_grad=True)\nprint('RESULT:', outcome(lambda: w.add_(1)))")
# --- indexing
probe("index_cuda_with_cpu_long", "indexing with CPU indices", "A CUDA tensor indexed with CPU int64 indices: allowed, result on the GPU.",
      "cuda:0", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorAdvancedIndexing.cpp (\"indices should be either on cpu or on the same device as the indexed tensor\")",
      "print('RESULT:', torch.arange(5.0, device='cuda')[torch.tensor([0, 2])].device)")
probe("index_cpu_with_cuda_long", "indexing with CPU indices", "A CPU tensor indexed with CUDA indices raises.",
      "RuntimeError", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorAdvancedIndexing.cpp (\"indices should be either on cpu or on the same device as the indexed tensor (cpu)\")",
      "print('RESULT:', outcome(lambda: torch.arange(5.0)[torch.tensor([0, 2], device='cuda')]))")
probe("index_cuda_with_cpu_mask", "indexing with CPU indices", "A CUDA tensor indexed with a CPU bool mask: allowed.",
      "[1.0, 3.0]", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorAdvancedIndexing.cpp",
      "x = torch.arange(4.0, device='cuda')\nprint('RESULT:', x[torch.tensor([False, True, False, True])].tolist())")
probe("index_select_cpu_index", "indexing with CPU indices", "index_select on a CUDA tensor with a CPU index raises (no CPU-index exception for index_select).",
      "RuntimeError", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/core/op_registration/adaption.h (common_device_check_failure); e.g. https://github.com/bronemos/view-fusion/issues/4 (... cuda:0 and cpu! (when checking argument for argument index in method wrapper_CUDA__index_select))",
      "print('RESULT:', outcome(lambda: torch.arange(5.0, device='cuda').index_select(0, torch.tensor([0, 1]))))")
probe("gather_cpu_index", "indexing with CPU indices", "gather on a CUDA tensor with a CPU index raises.",
      "RuntimeError", CUDA_NOTES,
      "print('RESULT:', outcome(lambda: torch.arange(5.0, device='cuda').gather(0, torch.tensor([0, 1]))))")
# --- *_as
probe("view_as_keeps_device", "*_as methods", "cpu.view_as(cuda) only reads the shape: the view stays on the CPU.",
      "cpu", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.view_as.html (equivalent to self.view(other.size()))",
      "print('RESULT:', torch.ones(2, 3).view_as(torch.ones(3, 2, device='cuda')).device)")
probe("expand_as_keeps_device", "*_as methods", "cpu.expand_as(cuda) stays on the CPU.",
      "cpu", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.expand_as.html (equivalent to self.expand(other.size()))",
      "print('RESULT:', torch.ones(1, 3).expand_as(torch.ones(2, 3, device='cuda')).device)")
probe("type_as_moves", "*_as methods", "cpu.type_as(cuda) moves to the GPU (it is self.type(other.type())).",
      "cuda:0 torch.float16", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.type_as.html",
      "t = torch.ones(2).type_as(torch.ones(2, device='cuda', dtype=torch.float16))\nprint('RESULT:', t.device, t.dtype)")
probe("zeros_like_device", "*_as methods", "zeros_like(cuda) is on the GPU; device='cpu' overrides.",
      "cuda:0 cpu", "https://docs.pytorch.org/docs/stable/generated/torch.zeros_like.html",
      "x = torch.ones(2, device='cuda')\nprint('RESULT:', torch.zeros_like(x).device, torch.zeros_like(x, device='cpu').device)")
probe("new_zeros_device", "*_as methods", "cuda.new_zeros(...) is on the GPU.",
      "cuda:0", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.new_zeros.html (same torch.device as this tensor)",
      "print('RESULT:', torch.ones(2, device='cuda').new_zeros(3).device)")
# --- generators
probe("cuda_draw_cpu_generator", "factories with generators", "A GPU draw with a CPU generator raises.",
      "RuntimeError", GEN_CHECK,
      "g = torch.Generator()\nprint('RESULT:', outcome(lambda: torch.randn(3, device='cuda', generator=g)))")
probe("cpu_draw_cuda_generator", "factories with generators", "A CPU draw with a CUDA generator raises.",
      "RuntimeError", GEN_CHECK,
      "g = torch.Generator(device='cuda')\nprint('RESULT:', outcome(lambda: torch.randn(3, generator=g)))")
probe("gpu_stream_differs_from_cpu", "factories with generators", "Same seed, GPU numbers differ from CPU numbers.",
      "False", "https://docs.pytorch.org/docs/stable/notes/randomness.html (not reproducible between CPU and GPU executions, even with identical seeds)",
      "torch.manual_seed(0)\na = torch.randn(4)\ntorch.manual_seed(0)\nb = torch.randn(4, device='cuda')\nprint('RESULT:', torch.equal(a, b.cpu()))")
probe("gpu_stream_reproducible", "factories with generators", "Reseeding reproduces the GPU's numbers.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.manual_seed.html (sets the seed on all devices)",
      "torch.manual_seed(3)\na = torch.rand(4, device='cuda')\ntorch.manual_seed(3)\nb = torch.rand(4, device='cuda')\nprint('RESULT:', torch.equal(a, b))")
probe("cuda_generator_state_size", "factories with generators", "A CUDA generator's state is 16 bytes (Philox seed + offset).",
      "16 torch.uint8", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (get_state: seed_size + offset_size)",
      "s = torch.cuda.get_rng_state()\nprint('RESULT:', s.numel(), s.dtype)")
probe("cuda_set_rng_state_cpu_state", "factories with generators", "Loading the CPU generator's state (5056 bytes) into a CUDA generator raises.",
      "RuntimeError", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (set_state: TORCH_CHECK(new_state_size == total_size ..., \"RNG state is wrong size\"))",
      "print('RESULT:', outcome(lambda: torch.cuda.set_rng_state(torch.get_rng_state())))")
probe("cuda_initial_seed", "factories with generators", "torch.manual_seed seeds the GPU too: cuda.initial_seed() returns it.",
      "7", "https://docs.pytorch.org/docs/stable/generated/torch.manual_seed.html",
      "torch.manual_seed(7)\nprint('RESULT:', torch.cuda.initial_seed())")
probe("randperm_cuda", "factories with generators", "randperm(device='cuda') is a permutation on the GPU.",
      "cuda:0 [0, 1, 2, 3, 4]", "https://docs.pytorch.org/docs/stable/generated/torch.randperm.html",
      "p = torch.randperm(5, device='cuda')\nprint('RESULT:', p.device, sorted(p.tolist()))")
# --- pin_memory
probe("pin_memory_is_pinned", "pin_memory", "pin_memory() gives a pinned host tensor.",
      "True cpu", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.pin_memory.html",
      "p = torch.ones(3).pin_memory()\nprint('RESULT:', p.is_pinned(), p.device)")
probe("pin_memory_of_pinned_is_self", "pin_memory", "pin_memory() of an already pinned tensor returns the tensor itself.",
      "True", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Memory.cpp (pin_memory: if (self.is_pinned(device)) return self;)",
      "p = torch.ones(3).pin_memory()\nprint('RESULT:', p.pin_memory() is p)")
probe("pin_memory_of_cuda_raises", "pin_memory", "pin_memory() of a CUDA tensor raises.",
      "RuntimeError", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Memory.cpp (only dense CPU tensors can be pinned)",
      "print('RESULT:', outcome(lambda: torch.ones(3, device='cuda').pin_memory()))")
probe("cuda_factory_pin_memory_raises", "pin_memory", "A CUDA factory with pin_memory=True raises.",
      "RuntimeError", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/EmptyTensor.cpp (empty_cuda: \"Only dense CPU tensors can be pinned\")",
      "print('RESULT:', outcome(lambda: torch.zeros(3, device='cuda', pin_memory=True)))")
probe("empty_pin_memory", "pin_memory", "torch.empty(..., pin_memory=True) is pinned.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.empty.html (pin_memory: allocated in pinned memory, CPU tensors only)",
      "print('RESULT:', torch.empty(3, pin_memory=True).is_pinned())")
probe("cuda_tensor_not_pinned", "pin_memory", "A CUDA tensor is not pinned.",
      "False", "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Memory.cpp (is_pinned: only CPU tensors can be pinned)",
      "print('RESULT:', torch.ones(3, device='cuda').is_pinned())")
probe("pinned_nonblocking_copy_no_sync", "pin_memory", "A non_blocking copy from pinned memory is one copy and no host sync.",
      "cuda:0 COUNTS: h2d=1 d2h=0 syncs=0", PINTUT,
      "p = torch.ones(3).pin_memory()\nprint('RESULT:', p.cuda(non_blocking=True).device)")
# --- DataLoader
probe("dataloader_pin_memory", "DataLoader workers", "DataLoader(pin_memory=True) yields pinned batches.",
      "True", "https://docs.pytorch.org/docs/stable/data.html#memory-pinning",
      "from torch.utils.data import DataLoader, TensorDataset\nbatch, = next(iter(DataLoader(TensorDataset(torch.ones(4, 2)), batch_size=2, pin_memory=True)))\nprint('RESULT:', batch.is_pinned())")
probe("dataloader_worker_batches_to_cuda", "DataLoader workers", "Batches from a worker are CPU tensors that .cuda() moves.",
      "cpu cuda:0", "https://docs.pytorch.org/docs/stable/data.html#multi-process-data-loading",
      "from torch.utils.data import DataLoader, TensorDataset\nif __name__ == '__main__':\n    batch, = next(iter(DataLoader(TensorDataset(torch.ones(4, 2)), batch_size=2, num_workers=1)))\n    print('RESULT:', batch.device, batch.cuda().device)")
probe("dataloader_worker_cuda_after_init", "DataLoader workers", "A forked worker that touches CUDA after the parent initialised it fails (Cannot re-initialize CUDA in forked subprocess).",
      "RuntimeError", "https://docs.pytorch.org/docs/stable/notes/multiprocessing.html#cuda-in-multiprocessing (the CUDA runtime does not support the fork start method); torch/cuda/__init__.py _lazy_init",
      textwrap.dedent('''\
      from torch.utils.data import DataLoader, Dataset


      class OnGpu(Dataset):
          def __len__(self):
              return 2

          def __getitem__(self, i):
              return torch.ones(2, device="cuda").sum().cpu()


      if __name__ == "__main__":
          torch.zeros(1, device="cuda")  # the parent initialises CUDA
          print("RESULT:", outcome(lambda: type(next(iter(DataLoader(OnGpu(), num_workers=1)))).__name__))'''))
probe("dataloader_shuffle_cuda_generator", "DataLoader workers", "A shuffling DataLoader given a CUDA generator raises (randperm on the CPU).",
      "RuntimeError", GEN_CHECK + "; https://docs.pytorch.org/docs/stable/data.html (generator used by RandomSampler)",
      "from torch.utils.data import DataLoader, TensorDataset\nloader = DataLoader(TensorDataset(torch.ones(4)), shuffle=True, generator=torch.Generator(device='cuda'))\nprint('RESULT:', outcome(lambda: next(iter(loader))))")
# --- DataParallel
probe("dataparallel_output_device", "DataParallel", "DataParallel of a CUDA model takes a CPU batch; the output is on device_ids[0].",
      "cuda:0", DP,
      "m = torch.nn.DataParallel(torch.nn.Linear(2, 2).cuda())\nprint('RESULT:', m(torch.ones(4, 2)).device)")
probe("dataparallel_cpu_module_raises", "DataParallel", "With 2 GPUs, DataParallel of a module left on the CPU raises (with 1 GPU, __init__ moves it).",
      "RuntimeError", DP + " (the module must have its parameters and buffers on device_ids[0])",
      "m = torch.nn.DataParallel(torch.nn.Linear(2, 2))\nprint('RESULT:', outcome(lambda: m(torch.ones(4, 2))))", gpus=2)
probe("dataparallel_counter_lost", "DataParallel", "With 2 GPUs, a counter incremented in forward stays at its initial value (updates go to replicas).",
      "0", DP + " (Warning: a counter attribute incremented in each forward will always stay at the initial value)",
      textwrap.dedent('''\
      class Counting(torch.nn.Module):
          def __init__(self):
              super().__init__()
              self.linear = torch.nn.Linear(2, 2)
              self.calls = 0

          def forward(self, x):
              self.calls += 1
              return self.linear(x)


      inner = Counting().cuda()
      torch.nn.DataParallel(inner, device_ids=[0, 1])(torch.ones(4, 2))
      print("RESULT:", inner.calls)'''), gpus=2)
probe("dataparallel_scalar_output_vector", "DataParallel", "With 2 GPUs, a module returning a 0-dim tensor gives a vector with one entry per GPU.",
      "(2,)", DP + " (When module returns a scalar ... a vector of length equal to number of devices)",
      textwrap.dedent('''\
      class Loss(torch.nn.Module):
          def __init__(self):
              super().__init__()
              self.linear = torch.nn.Linear(2, 2)

          def forward(self, x):
              return self.linear(x).sum()


      out = torch.nn.DataParallel(Loss().cuda(), device_ids=[0, 1])(torch.ones(4, 2))
      print("RESULT:", tuple(out.shape))'''), gpus=2)
probe("dataparallel_output_device_1", "DataParallel", "output_device=1 puts the output on cuda:1.",
      "cuda:1", DP + " (output_device: device location of output)",
      "m = torch.nn.DataParallel(torch.nn.Linear(2, 2).cuda(), device_ids=[0, 1], output_device=1)\nprint('RESULT:', m(torch.ones(4, 2)).device)", gpus=2)
# --- set_device / current_device
probe("set_device_current", "set_device/current_device", "set_device(1): current_device() is 1 and device='cuda' means cuda:1.",
      "1 cuda:1", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.set_device.html; " + CUDA_NOTES,
      "torch.cuda.set_device(1)\nprint('RESULT:', torch.cuda.current_device(), torch.zeros(1, device='cuda').device)", gpus=2)
probe("device_context_restores", "set_device/current_device", "torch.cuda.device(1) selects GPU 1 inside the block and restores GPU 0 after.",
      "cuda:1 0", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.device.html",
      "with torch.cuda.device(1):\n    inside = torch.ones(1).cuda().device\nprint('RESULT:', inside, torch.cuda.current_device())", gpus=2)
probe("set_device_cpu_raises", "set_device/current_device", "set_device('cpu') raises ValueError.",
      "ValueError", "https://github.com/pytorch/pytorch/blob/main/torch/cuda/_utils.py (_get_device_index: Expected a cuda device, but got: cpu)",
      "print('RESULT:', outcome(lambda: torch.cuda.set_device('cpu')))")
probe("invalid_ordinal_raises", "set_device/current_device", "A device index beyond device_count() raises a RuntimeError (invalid device ordinal).",
      "True", CUDA_NOTES,
      "try:\n    torch.zeros(1, device='cuda:7')\n    print('RESULT:', False)\nexcept RuntimeError:\n    print('RESULT:', True)")
probe("get_device_index", "set_device/current_device", "get_device() is the GPU index for a CUDA tensor, -1 on the CPU.",
      "1 -1", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.get_device.html",
      "print('RESULT:', torch.ones(1).to('cuda:1').get_device(), torch.ones(1).get_device())", gpus=2)
# --- save / load
probe("load_default_back_to_gpu", "save/load with map_location", "A saved CUDA tensor loads back onto its GPU by default.",
      "cuda:0", LOAD,
      "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda'), b)\nb.seek(0)\nprint('RESULT:', torch.load(b).device)")
probe("load_map_location_cpu", "save/load with map_location", "map_location='cpu' loads onto the CPU.",
      "cpu", LOAD,
      "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda'), b)\nb.seek(0)\nprint('RESULT:', torch.load(b, map_location='cpu').device)")
probe("load_map_location_dict_remap", "save/load with map_location", "map_location={'cuda:0': 'cuda:1'} remaps the storage.",
      "cuda:1", LOAD + " (a dict remaps location tags)",
      "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda:0'), b)\nb.seek(0)\nprint('RESULT:', torch.load(b, map_location={'cuda:0': 'cuda:1'}).device)", gpus=2)
probe("load_map_location_dict_unmatched", "save/load with map_location", "A dict that does not name the saved tag leaves it: saved on cuda:1, {'cuda:0': 'cpu'} loads on cuda:1.",
      "cuda:1", LOAD + " (a dict remaps the location tags it names: keys are tags in the file)",
      "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda:1'), b)\nb.seek(0)\nprint('RESULT:', outcome(lambda: torch.load(b, map_location={'cuda:0': 'cpu'}).device))", gpus=2)
probe("load_map_location_callable_identity", "save/load with map_location", "map_location=lambda storage, loc: storage keeps everything on the CPU.",
      "cpu", LOAD,
      "import io\nb = io.BytesIO()\ntorch.save(torch.ones(2, device='cuda'), b)\nb.seek(0)\nprint('RESULT:', torch.load(b, map_location=lambda s, loc: s).device)")
probe("load_state_dict_keeps_module_device", "save/load with map_location", "load_state_dict of a GPU checkpoint into a CPU model copies into the CPU parameters.",
      "cpu", "https://docs.pytorch.org/tutorials/beginner/saving_loading_models.html#save-on-gpu-load-on-cpu",
      "import io\nb = io.BytesIO()\ntorch.save(torch.nn.Linear(2, 2).cuda().state_dict(), b)\nb.seek(0)\nm = torch.nn.Linear(2, 2)\nm.load_state_dict(torch.load(b))\nprint('RESULT:', m.weight.device)")
# --- repr / storage
probe("repr_cuda", "repr/storage", "repr of a CUDA tensor names its device.",
      "tensor([1., 1.], device='cuda:0')", "https://github.com/pytorch/pytorch/blob/main/torch/_tensor_str.py (device suffix)",
      "print('RESULT:', repr(torch.ones(2, device='cuda')))")
probe("repr_cuda_float64", "repr/storage", "repr of a CUDA float64 tensor: device first, then dtype.",
      "tensor([1., 1.], device='cuda:0', dtype=torch.float64)", "https://github.com/pytorch/pytorch/blob/main/torch/_tensor_str.py",
      "print('RESULT:', repr(torch.ones(2, device='cuda', dtype=torch.float64)))")
probe("untyped_storage_device", "repr/storage", "A CUDA tensor's storage is on the GPU.",
      "cuda:0", "https://docs.pytorch.org/docs/stable/storage.html (UntypedStorage.device)",
      "print('RESULT:', torch.ones(2, device='cuda').untyped_storage().device)")
probe("legacy_type_string", "repr/storage", "x.type() of a CUDA float tensor is 'torch.cuda.FloatTensor'.",
      "torch.cuda.FloatTensor", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.type.html",
      "print('RESULT:', torch.ones(2, device='cuda').type())")
probe("isinstance_legacy_cuda_type", "repr/storage", "isinstance(cuda float tensor, torch.cuda.FloatTensor) holds.",
      "True False", "https://docs.pytorch.org/docs/stable/tensors.html (legacy CUDA tensor types)",
      "x = torch.ones(2, device='cuda')\nprint('RESULT:', isinstance(x, torch.cuda.FloatTensor), isinstance(torch.ones(2), torch.cuda.FloatTensor))")
probe("to_same_device_returns_self", "repr/storage", "x.to('cuda') of a CUDA tensor returns self.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.to.html (if self already has the correct dtype and device, self is returned)",
      "x = torch.ones(2, device='cuda')\nprint('RESULT:', x.to('cuda') is x)")
# --- NumPy
probe("numpy_of_cuda_raises", "NumPy interop", "cuda.numpy() raises TypeError.",
      "TypeError", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.numpy.html",
      "print('RESULT:', outcome(lambda: torch.ones(2, device='cuda').numpy()))")
probe("np_asarray_of_cuda_raises", "NumPy interop", "np.asarray(cuda tensor) raises TypeError (__array__).",
      "TypeError", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.numpy.html",
      "import numpy as np\nprint('RESULT:', outcome(lambda: np.asarray(torch.ones(2, device='cuda'))))")
probe("numpy_force_copies", "NumPy interop", "cuda.numpy(force=True) copies to the host and converts.",
      "[1.0, 1.0]", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.numpy.html (force=True: t.detach().cpu()...numpy())",
      "print('RESULT:', outcome(lambda: torch.ones(2, device='cuda').numpy(force=True).tolist()))")
probe("as_tensor_numpy_to_cuda", "NumPy interop", "torch.as_tensor(ndarray, device='cuda') copies host data to the GPU: one copy.",
      "cuda:0 COUNTS: h2d=1 d2h=0 syncs=1", "https://docs.pytorch.org/docs/stable/generated/torch.as_tensor.html; " + SYNC,
      "import numpy as np\nprint('RESULT:', torch.as_tensor(np.ones(3), device='cuda').device)")
# --- sync points
probe("item_syncs", ".item()/sync points", ".item() on a CUDA tensor reads back: one device-to-host copy and one sync.",
      "3.0 COUNTS: h2d=0 d2h=1 syncs=1", SYNC,
      "print('RESULT:', torch.ones(3, device='cuda').sum().item())")
probe("nonzero_syncs", ".item()/sync points", "nonzero on a CUDA tensor waits for the device (its output size).",
      "5 COUNTS: h2d=0 d2h=1 syncs=1", SYNC,
      "print('RESULT:', torch.arange(6, device='cuda').nonzero().shape[0])")
probe("nonblocking_d2h_no_sync", ".item()/sync points", "to('cpu', non_blocking=True) is a copy without a host sync.",
      "cpu COUNTS: h2d=0 d2h=1 syncs=0", PINTUT,
      "print('RESULT:', torch.ones(3, device='cuda').to('cpu', non_blocking=True).device)")
probe("cpu_copy_syncs", ".item()/sync points", "x.cpu() of a CUDA tensor is a blocking copy: one device-to-host copy and one sync.",
      "cpu COUNTS: h2d=0 d2h=1 syncs=1", SYNC + "; https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAFunctions.h (stream_synchronize: warn_or_error_on_sync)",
      "print('RESULT:', torch.ones(3, device='cuda').cpu().device)")
probe("bool_of_cuda_syncs", ".item()/sync points", "Python control flow on a CUDA value syncs.",
      "yes COUNTS: h2d=0 d2h=1 syncs=1", SYNC,
      "x = torch.ones(3, device='cuda')\nprint('RESULT:', 'yes' if x.sum() > 0 else 'no')")
# --- dtype promotion
probe("promotion_half_cuda_double_cpu_scalar", "dtype promotion across devices", "float16 CUDA + float64 CPU 0-dim: the dimensioned operand's dtype wins (same category).",
      "torch.float16 cuda:0", PROMO,
      "r = torch.ones(2, device='cuda', dtype=torch.float16) + torch.tensor(1.0, dtype=torch.float64)\nprint('RESULT:', r.dtype, r.device)")
probe("promotion_int_cuda_long_cpu_scalar", "dtype promotion across devices", "int32 CUDA + int64 CPU 0-dim stays int32.",
      "torch.int32 cuda:0", PROMO + " ((int_tensor + long_zerodim).dtype is torch.int32)",
      "r = torch.ones(2, device='cuda', dtype=torch.int32) + torch.tensor(1, dtype=torch.int64)\nprint('RESULT:', r.dtype, r.device)")
probe("promotion_int_cuda_float_cpu_scalar", "dtype promotion across devices", "int64 CUDA + float64 CPU 0-dim: a higher-category zero-dim operand promotes to its own size (float64), not the default dtype.",
      "torch.float64 cuda:0", PROMO,
      "r = torch.ones(2, device='cuda', dtype=torch.int64) + torch.tensor(1.5, dtype=torch.float64)\nprint('RESULT:', r.dtype, r.device)")
# --- streams / events
probe("stream_context_current", "streams/events/synchronize", "Inside torch.cuda.stream(s), current_stream() is s.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.StreamContext.html (all kernels queued within its context are enqueued on the selected stream)",
      "s = torch.cuda.Stream()\nwith torch.cuda.stream(s):\n    inside = torch.cuda.current_stream() == s\nprint('RESULT:', inside)")
probe("stream_handle", "streams/events/synchronize", "A stream exposes its cudaStream_t as an int (cuda_stream).",
      "int", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.Stream.html",
      "print('RESULT:', outcome(lambda: type(torch.cuda.current_stream().cuda_stream).__name__))")
probe("event_elapsed_time", "streams/events/synchronize", "Timing events give a float of milliseconds.",
      "float True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.Event.html",
      "a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)\na.record()\ntorch.ones(100, device='cuda').sum()\nb.record()\nb.synchronize()\nt = a.elapsed_time(b)\nprint('RESULT:', type(t).__name__, t >= 0)")
probe("record_stream", "streams/events/synchronize", "x.record_stream(s) accepts a CUDA stream for a CUDA tensor.",
      "None", "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.record_stream.html",
      "s = torch.cuda.Stream()\nprint('RESULT:', outcome(lambda: torch.ones(2, device='cuda').record_stream(s)))")
probe("cuda_graph_object", "streams/events/synchronize", "torch.cuda.CUDAGraph() can be constructed on a GPU machine.",
      "CUDAGraph", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.CUDAGraph.html",
      "print('RESULT:', outcome(lambda: type(torch.cuda.CUDAGraph()).__name__))")
# --- autocast
probe("autocast_mm_half", "AMP autocast", "matmul under autocast('cuda') runs in float16.",
      "torch.float16", AMP,
      "a = torch.ones(2, 2, device='cuda')\nwith torch.autocast('cuda'):\n    print('RESULT:', (a @ a).dtype)")
probe("autocast_bf16_linear", "AMP autocast", "linear under autocast('cuda', bfloat16) runs in bfloat16.",
      "torch.bfloat16", AMP,
      "m = torch.nn.Linear(2, 2).cuda()\nwith torch.autocast('cuda', dtype=torch.bfloat16):\n    print('RESULT:', m(torch.ones(1, 2, device='cuda')).dtype)")
probe("autocast_softmax_float32", "AMP autocast", "softmax of float16 under autocast runs in float32.",
      "torch.float32", AMP + " (CUDA ops that can autocast to float32: softmax)",
      "x = torch.ones(2, 2, device='cuda', dtype=torch.float16)\nwith torch.autocast('cuda'):\n    print('RESULT:', torch.softmax(x, -1).dtype)")
probe("autocast_float64_not_eligible", "AMP autocast", "float64 ops are not eligible: a float64 matmul stays float64 under autocast.",
      "torch.float64", AMP + " (Op eligibility: ops that run in float64 ... are not eligible)",
      "a = torch.ones(2, 2, device='cuda', dtype=torch.float64)\nwith torch.autocast('cuda'):\n    print('RESULT:', (a @ a).dtype)")
probe("autocast_cpu_tensors_untouched", "AMP autocast", "autocast('cuda') does not cast CPU tensors.",
      "torch.float32", AMP + " (autocast('cuda') affects CUDA ops)",
      "a = torch.ones(2, 2)\nwith torch.autocast('cuda'):\n    print('RESULT:', (a @ a).dtype)")
probe("autocast_get_dtype", "AMP autocast", "torch.get_autocast_dtype('cuda') inside autocast(bfloat16) is bfloat16.",
      "torch.bfloat16", "https://docs.pytorch.org/docs/stable/amp.html (torch.get_autocast_dtype)",
      "with torch.autocast('cuda', dtype=torch.bfloat16):\n    print('RESULT:', torch.get_autocast_dtype('cuda'))")
probe("autocast_disabled", "AMP autocast", "autocast('cuda', enabled=False) leaves matmul in float32.",
      "torch.float32", AMP,
      "a = torch.ones(2, 2, device='cuda')\nwith torch.autocast('cuda', enabled=False):\n    print('RESULT:', (a @ a).dtype)")
probe("grad_scaler_scales", "AMP autocast", "GradScaler('cuda').scale(loss) multiplies by the initial scale 65536.",
      "65536.0", "https://docs.pytorch.org/docs/stable/amp.html#torch.amp.GradScaler (init_scale=65536.0)",
      "s = torch.amp.GradScaler('cuda')\nprint('RESULT:', outcome(lambda: s.scale(torch.tensor(1.0, device='cuda')).item()))")
# --- memory queries
probe("memory_allocated_positive", "torch.cuda memory queries", "memory_allocated() counts the bytes of live CUDA tensors.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html",
      "x = torch.empty(1 << 20, device='cuda')\nprint('RESULT:', torch.cuda.memory_allocated() >= 4 << 20)")
probe("max_memory_allocated_positive", "torch.cuda memory queries", "max_memory_allocated() records the peak.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.max_memory_allocated.html",
      "x = torch.empty(1 << 20, device='cuda')\ndel x\nprint('RESULT:', torch.cuda.max_memory_allocated() >= 4 << 20)")
probe("memory_reserved_positive", "torch.cuda memory queries", "memory_reserved() is nonzero once the caching allocator holds memory.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_reserved.html",
      "x = torch.empty(1 << 20, device='cuda')\nprint('RESULT:', torch.cuda.memory_reserved() > 0)")
probe("mem_get_info_free_below_total", "torch.cuda memory queries", "mem_get_info(): free memory is below total once a context exists.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.mem_get_info.html (cudaMemGetInfo)",
      "x = torch.empty(1 << 20, device='cuda')\nfree, total = torch.cuda.mem_get_info()\nprint('RESULT:', free < total)")
probe("memory_stats_dict", "torch.cuda memory queries", "memory_stats() is a dict with allocator counters.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_stats.html",
      "x = torch.empty(1 << 20, device='cuda')\nprint('RESULT:', outcome(lambda: torch.cuda.memory_stats()['allocated_bytes.all.current'] > 0))")
probe("memory_summary_str", "torch.cuda memory queries", "memory_summary() returns a printable table.",
      "str", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_summary.html",
      "print('RESULT:', outcome(lambda: type(torch.cuda.memory_summary()).__name__))")
probe("device_properties_memory", "torch.cuda memory queries", "get_device_properties(0).total_memory is positive.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.get_device_properties.html",
      "print('RESULT:', torch.cuda.get_device_properties(0).total_memory > 0)")
probe("device_name_nvidia", "torch.cuda memory queries", "get_device_name() names an NVIDIA GPU.",
      "True", "https://docs.pytorch.org/docs/stable/generated/torch.cuda.get_device_name.html",
      "print('RESULT:', 'NVIDIA' in torch.cuda.get_device_name(0))")
probe("version_cuda", "torch.cuda memory queries", "A CUDA build reports its CUDA version; cuDNN is available.",
      "True True", "https://docs.pytorch.org/docs/stable/backends.html#torch.backends.cudnn.is_available",
      "print('RESULT:', torch.version.cuda is not None, torch.backends.cudnn.is_available())")
# --- kernels that CUDA lacks
probe("integer_matmul_cuda", "arithmetic across devices", "CUDA has no int64 matmul kernel: it raises.",
      "True", "https://github.com/pytorch/pytorch/issues/44428 (CUDA support for matrix multiplication on Long tensors: open)",
      "a = torch.ones(2, 2, dtype=torch.int64, device='cuda')\ntry:\n    a @ a\n    print('RESULT:', False)\nexcept RuntimeError:\n    print('RESULT:', True)")

os.makedirs(OUT, exist_ok=True)
for i, (name, family, claim, expect, source, code, gpus) in enumerate(P, 1):
    doc = f'"""{claim}\n\nEXPECT: {expect}\nSOURCE: {source}\nFAMILY: {family}\n' + (f"GPUS: {gpus}\n" if gpus != 1 else "") + '"""\n\n'
    with open(os.path.join(OUT, f"p{i:02d}_{name}.py"), "w") as handle:
        handle.write(doc + HEADER + code + "\n")
print(len(P), "probes")
