"""The names of routes to a module's names, of what star imports of torch bring, and of GPU switches.

Plain data, no libcst: :mod:`codemods.core.dynamic_names`, :mod:`codemods.core.names` and
:mod:`codemods.core.torch_names` read them on libcst's trees, and project mode's pre-pass
(``autofix.files.project_names``) on the ``ast`` of a project's other files, in runs whose results may
all come from the cache, where nothing imports libcst.
"""

from __future__ import annotations

# Builtins that run code from a string, or hand out a namespace's dictionary or any module.
BUILTIN_ROUTES = frozenset({"exec", "eval", "globals", "locals", "vars", "dir", "__import__", "__builtins__"})
# Builtins that are routes only when called without an argument: `vars(args)`, `dir(model)` read an
# object's attributes, `vars()` and `dir()` the names of the code around.
ROUTES_WITHOUT_ARGUMENTS = frozenset({"vars", "dir"})
# Builtins that reach an attribute by a string: a route where the string spells one.
BY_STRING = frozenset({"getattr", "setattr", "hasattr", "delattr"})
# Attributes of frames and of what holds one (a traceback, a generator, a coroutine): a running code's
# namespaces, whatever their object (a frame is seldom named by its module's path:
# `sys.exc_info()[2].tb_frame`).
FRAME_ATTRIBUTES = frozenset(
    {"f_locals", "f_globals", "f_back", "tb_frame", "gi_frame", "cr_frame", "ag_frame"}
)
# What hands out frames.
FRAME_CALLS = frozenset(
    {
        "sys._getframe",
        "sys._current_frames",
        "inspect.currentframe",
        "inspect.stack",
        "inspect.trace",
        "inspect.getouterframes",
        "inspect.getinnerframes",
    }
)
# Attributes that only frames, functions and modules have, each reaching a namespace.
ROUTE_ATTRIBUTES = FRAME_ATTRIBUTES | {"f_builtins", "__globals__", "__builtins__", "__getattribute__"}
# Qualified names that reach the module object, a frame or a builtin route through a module's path.
QUALIFIED_ROUTES = frozenset(
    {
        *FRAME_CALLS,
        "sys.modules",
        "importlib.import_module",
        "importlib.reload",
        "importlib.__import__",
        "inspect.getmodule",
        "gc.get_objects",
        "gc.get_referrers",
        "gc.get_referents",
        "pkgutil.resolve_name",
        "code.interact",
        "code.InteractiveInterpreter",
        "code.InteractiveConsole",
        "runpy.run_path",
        "runpy.run_module",
        "__main__",
        *(f"builtins.{name}" for name in BUILTIN_ROUTES | {"__dict__"}),
    }
)
# Modules that hold such routes: handed on or bound to another name (`s = sys`, `f(inspect)`), what
# code does with them is not shown.
ROUTE_MODULES = frozenset({"sys", "inspect", "importlib", "builtins", "__main__", "gc"})
# Settings kept as attributes of torch's modules: assigning them patches no function a fix reads.
TORCH_SETTINGS = (
    "torch.backends.",
    "torch.utils.backcompat.",  # `torch.utils.backcompat.broadcast_warning.enabled = True` (0.2-era)
    "torch._dynamo.config.",
    "torch._inductor.config.",
)

# What a star import of torch's own modules brings that the rules read (`from torch.autograd import *`
# then `Variable(x)`): their `__all__`, as of the PyTorch versions legacy code was written for.
_LEGACY_TYPES = "Float Double Half Long Int Short Char Byte Bool".split()
STAR_EXPORTS = {
    "torch.autograd": frozenset(
        "Variable Function backward grad no_grad enable_grad set_grad_enabled".split()
    ),
    "torch": frozenset(
        [f"{kind}Tensor" for kind in _LEGACY_TYPES]
        + "Tensor zeros ones empty full rand randn randint randperm arange eye linspace logspace tensor"
        " as_tensor from_numpy cat stack no_grad".split()
    ),
}

# What switches the current GPU, which `.cuda()` and `"cuda"` mean (called, or entered as a context).
SWITCHES_CURRENT_GPU = frozenset(
    {
        "torch.cuda.set_device",
        "torch.cuda.device",
        "torch.cuda.device_of",
        "torch.cuda.stream",
        "torch.cuda.set_stream",
        "torch.cuda.StreamContext",
        "torch.cuda._DeviceGuard",
        "torch._C._cuda_setDevice",
        "torch.accelerator.set_device_index",
        "torch.accelerator.set_device_idx",
        "torch.accelerator.device_index",
    }
)
