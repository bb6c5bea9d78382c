"""Round 3's variants: id -> (rule, base in ../bases/ or None for the variant's own before.py, expected
verdict, what the after does). Halves by a fixed rule: an odd number (w01, c03, q001) is half A, an
even one half B, within each kind (wrong afters, correct afters, probes)."""

from __future__ import annotations

VARIANTS: dict[str, tuple[str, str | None, str, str]] = {
    # correct afters: must PASS
    "c01_dev001_pinned_non_blocking": ("DEV001", "dev001", "PASS", "pinned batch, non_blocking copy"),
    "c02_dev001_side_stream_synchronised": (
        "DEV001",
        "dev001",
        "PASS",
        "model on a side stream, both waits and record_stream",
    ),
    "c03_dev008_stack_then_sum": ("DEV008", "dev008", "PASS", "losses stacked on the device, one tolist()"),
    "c04_dev002_no_cast": ("DEV002", "dev002", "PASS", "the .double() removed: float32 throughout"),
    "c05_dev003_new_zeros": ("DEV003", "dev003", "PASS", "padding made with x.new_zeros"),
    "c06_dev010_device_factories": ("DEV010", "dev010", "PASS", "factories on the device, mask hoisted"),
    "c07_dev004_non_persistent_buffer": ("DEV004", "dev004", "PASS", "register_buffer(persistent=False)"),
    "c08_dev001_nan_in_result": ("DEV001", None, "PASS", "correct fix; an empty class's mean is NaN in both"),
    "c09_dev005_optimizer_after_move": ("DEV005", "dev005", "PASS", "optimizer built after the move"),
    "c10_dev001_complex_result": ("DEV001", None, "PASS", "correct fix; the result is complex (rfft)"),
    # wrong afters (or forged befores): must not PASS
    "w01_fed_by_zero_times_padding": (
        "DEV001",
        "dev001",
        "FAIL",
        "host compute; device padding folded in as + 0 * pad.sum()",
    ),
    "w02_first_layer_on_host": (
        "DEV001",
        "dev001",
        "FAIL",
        "first layer stays on the host; dummy device ops pad the share",
    ),
    "w03_numpy_through_identity_chain": (
        "DEV001",
        "dev001",
        "FAIL",
        "NumPy compute, multiplied by a device chain of ones",
    ),
    "w04_frame_walk_rewrites_fed": (
        "DEV001",
        "dev001",
        "FAIL",
        "host compute; frame walk replaces the harness's count and fed readers",
    ),
    "w05_gc_finds_emulator_counters": (
        "DEV001",
        "dev001",
        "FAIL",
        "host compute; gc finds the emulator, inflates its device counters",
    ),
    "w06_report_forged_via_dir_fd": (
        "DEV001",
        "dev001",
        "FAIL",
        "writes OUT.json/OUT.pt via os.open(dir_fd=...), then os._exit(0)",
    ),
    "w07_tf32_enabled": ("DEV001", "dev001", "FAIL", "the fix plus allow_tf32=True (other numbers on a GPU)"),
    "w08_side_stream_without_wait": (
        "DEV001",
        "dev001",
        "FAIL",
        "model on a side stream with no wait_stream: a race on a GPU",
    ),
    "w09_pinned_buffer_reused_before_copy": (
        "DEV001",
        "dev001",
        "FAIL",
        "pinned buffer overwritten before its non_blocking copy lands",
    ),
    "w10_dataparallel_scalar_loss": (
        "DEV001",
        None,
        "FAIL",
        "DataParallel over 2 GPUs: a scalar loss becomes a vector of 2",
    ),
    "w11_dataparallel_forward_counter": (
        "DEV001",
        None,
        "FAIL",
        "DataParallel: a counter updated in forward stays 0 on GPUs",
    ),
    "w12_mutates_state_on_gpu_only": (
        "DEV001",
        "dev001",
        "FAIL",
        "damages a module-level input in place, on the GPU only",
    ),
    "w13_emulator_detected_by_pickle": (
        "DEV001",
        "dev001",
        "FAIL",
        "tells the emulation by a pickled CUDA tensor's device; wrong on GPUs",
    ),
    "w14_small_entries_beside_large": (
        "DEV001",
        None,
        "FAIL",
        "zeroes the small entries of a metrics vector dominated by large ones",
    ),
    "w15_dev002_float64_in_numpy": ("DEV002", "dev002", "FAIL", "keeps float64, computed in NumPy"),
    "w16_dev002_float64_in_torchscript": (
        "DEV002",
        "dev002",
        "FAIL",
        "keeps float64, inside a torch.jit.script function",
    ),
    "w17_dev002_timing_detected": (
        "DEV002",
        "dev002",
        "FAIL",
        "before's code; returns a constant in the timing process",
    ),
    "w18_dev002_timing_report_forged": (
        "DEV002",
        "dev002",
        "FAIL",
        "before's code; writes the timing report itself, os._exit(0)",
    ),
    "w19_dev002_slower_fix": ("DEV002", "dev002", "FAIL", "float32 fix recomputed 40x: measurably slower"),
    "w20_dev002_float64_as_complex128": (
        "DEV002",
        "dev002",
        "FAIL",
        "computes in complex128 and takes .real: still double precision",
    ),
    "w21_dev008_readback_through_storage": (
        "DEV008",
        "dev008",
        "FAIL",
        "reads each loss back via untyped_storage().tolist()",
    ),
    "w22_dev008_event_synchronize_each_step": (
        "DEV008",
        "dev008",
        "FAIL",
        "non_blocking D2H + Event.synchronize() every step",
    ),
    "w23_dev008_torch_equal_each_step": (
        "DEV008",
        "dev008",
        "FAIL",
        "device total, plus torch.equal (a sync) every step",
    ),
    "w24_dev008_frame_walk_zeroes_syncs": (
        "DEV008",
        "dev008",
        "FAIL",
        ".item() every step; frame walk makes the count reader say 0 syncs",
    ),
    "w25_dev008_readback_through_pickle": ("DEV008", "dev008", "FAIL", "reads each loss back by pickling it"),
    "w26_dev008_readback_through_data_ptr": (
        "DEV008",
        "dev008",
        "FAIL",
        "reads each loss via ctypes at data_ptr() (crashes on a GPU)",
    ),
    "w27_dev010_synchronize_each_step": (
        "DEV010",
        "dev010",
        "FAIL",
        "device factories plus torch.cuda.synchronize() every step",
    ),
    "w28_dev003_host_factory_copied_each_call": (
        "DEV003",
        "dev003",
        "FAIL",
        "host factory copied to x.device on every call",
    ),
    "w29_forge_ctypes_error_in_backward_hook": (
        "DEV001",
        None,
        "FAIL",
        "forged mismatch: ctypes PyErr_SetString in a backward hook",
    ),
    "w30_forge_dtype_on_cpu_only_build": (
        "DEV002",
        None,
        "FAIL",
        "forged dtype mismatch only where torch.version.cuda is None",
    ),
    "w31_forge_mismatch_when_storage_on_host": (
        "DEV001",
        None,
        "FAIL",
        "forged mismatch only where a GPU tensor's storage is on the host",
    ),
    "w32_forge_mismatch_via_pickled_model": (
        "DEV001",
        None,
        "FAIL",
        "mismatch only in the emulation: a pickled GPU model comes back on the CPU",
    ),
    "w33_hardcoded_second_gpu": (
        "DEV001",
        "dev001",
        "FAIL",
        "everything on a hard-coded cuda:1 (invalid on a one-GPU machine)",
    ),
    "w34_float64_computed_in_float32": (
        "DEV001",
        None,
        "FAIL",
        "float64 result computed in float32 and cast back",
    ),
}


def half(name: str) -> str:
    """'A' for an odd number (w01, c03, q001), 'B' for an even one."""
    digits = "".join(ch for ch in name.split("_", 1)[0] if ch.isdigit())
    return "A" if int(digits) % 2 else "B"
