#!/usr/bin/env bash
# One real-GPU check, under 8 minutes: the fidelity table on CUDA, `autofix verify` on the corpus with
# real CUDA (correctness, and speed-ups with 99% intervals), and a dated section appended to
# benchmarks/results.md.
#
#   benchmarks/gpu_check.sh                  # on a machine with a CUDA GPU
#   benchmarks/gpu_check.sh --dry-run        # the same steps on the CPU, with the emulated GPU
#   benchmarks/gpu_check.sh --dry-run --results /tmp/r.md corpus/DEV002/dtype_following_mlp
#
# Options: --dry-run; --results FILE (default benchmarks/results.md); --jobs N; --keep DIR (copy each
# step's raw output, the fidelity and verify JSON among them, into DIR); --fidelity-sample N (N rows of
# the table, not all: for the test of the dry run); then case folders (default: the whole corpus).
# Exit 0 when both steps agree and pass, 1 when either found a difference, 2 when it could not run (no
# GPU without --dry-run, or a step over its time limit).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PYTHON" ] || PYTHON="$(command -v python3)"
RESULTS="$ROOT/benchmarks/results.md"
DRY_RUN=0
JOBS=""
KEEP=""
FIDELITY_SAMPLE=""
CASES=()
# Time limits per step (seconds): together under 8 minutes, with room for start-up and the report.
FIDELITY_LIMIT=90
VERIFY_LIMIT=360

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --results) RESULTS="$2"; shift ;;
        --jobs) JOBS="$2"; shift ;;
        --keep) KEEP="$2"; shift ;;
        --fidelity-sample) FIDELITY_SAMPLE="$2"; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "gpu_check.sh: unknown option $1" >&2; exit 2 ;;
        *) CASES+=("$1") ;;
    esac
    shift
done
[ ${#CASES[@]} -gt 0 ] || CASES=("$ROOT/corpus")

if [ "$DRY_RUN" = 1 ]; then
    MODE=dry-run
    DEVICE=emulated-cuda
else
    MODE=cuda
    DEVICE=cuda
    if ! "$PYTHON" -c "import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
        echo "gpu_check.sh: no CUDA GPU here (torch.cuda.is_available() is False);" \
             "--dry-run runs the steps on the CPU" >&2
        exit 2
    fi
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/gpu-check.XXXXXX")"
keep_and_clean() {
    if [ -n "$KEEP" ]; then mkdir -p "$KEEP" && cp "$WORK"/* "$KEEP"/ 2>/dev/null; fi
    rm -rf "$WORK"
}
trap keep_and_clean EXIT
START=$(date +%s)
cd "$ROOT"

echo "== fidelity table ($MODE)" >&2
FIDELITY_ARGS=(--json "$WORK/fidelity.json")
[ "$MODE" = cuda ] && FIDELITY_ARGS+=(--device cuda)
[ -n "$FIDELITY_SAMPLE" ] && FIDELITY_ARGS+=(--sample "$FIDELITY_SAMPLE")
timeout "$FIDELITY_LIMIT" "$PYTHON" benchmarks/fidelity.py "${FIDELITY_ARGS[@]}" >"$WORK/fidelity.txt" 2>&1
FIDELITY_EXIT=$?
tail -1 "$WORK/fidelity.txt" >&2

echo "== autofix verify --device $DEVICE (${#CASES[@]} path(s))" >&2
VERIFY_ARGS=(--device "$DEVICE" --json "$WORK/verify.json" --quiet)
[ -n "$JOBS" ] && VERIFY_ARGS+=(--jobs "$JOBS")
OMP_NUM_THREADS=1 timeout "$VERIFY_LIMIT" "$PYTHON" -m autofix verify "${VERIFY_ARGS[@]}" "${CASES[@]}" \
    >"$WORK/verify.txt" 2>"$WORK/verify.err"
VERIFY_EXIT=$?
tail -1 "$WORK/verify.err" >&2

"$PYTHON" benchmarks/gpu_check_report.py --fidelity "$WORK/fidelity.json" --verify "$WORK/verify.json" \
    --results "$RESULTS" --mode "$MODE" --seconds "$(( $(date +%s) - START ))" \
    --fidelity-exit "$FIDELITY_EXIT" --verify-exit "$VERIFY_EXIT" >/dev/null || exit 2
echo "== appended to $RESULTS ($(( $(date +%s) - START )) s)" >&2

for code in "$FIDELITY_EXIT" "$VERIFY_EXIT"; do
    [ "$code" = 124 ] && exit 2  # a step ran past its time limit
done
[ "$FIDELITY_EXIT" = 0 ] && [ "$VERIFY_EXIT" = 0 ] && exit 0
exit 1
