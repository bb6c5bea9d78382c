#!/usr/bin/env bash
# Each program of programs/ run as written and after `autofix apply` (safe fixes only), outputs compared.
# A program whose first lines say `# EMU` or `# RUN: autofix` runs under the emulated GPU.
# Usage: benchmarks/adversarial/round4/run.sh [NAME...]    (from the repository root, after `make venv`)
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${AUTOFIX_BIN:-$here/../../../.venv/bin}
programs=${PROGRAMS:-$here/programs}  # (round 5 runs its own programs through this script)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=("$@")
[ ${#names[@]} -eq 0 ] && names=($(cd "$programs" && ls *.py))
same=0; differ=0
for name in "${names[@]}"; do
    name=${name%.py}
    src="$programs/$name.py"
    mkdir -p "$work/$name" && cd "$work/$name" || exit 2
    cp "$src" before.py && cp "$src" after.py
    "$bin/autofix" apply --no-cache after.py >/dev/null 2>&1
    run=("$bin/python")
    head -3 before.py | grep -qE "# (EMU|RUN: autofix)" && run=("$bin/autofix" run --emulate-cuda -- "$bin/python")
    b=$(OMP_NUM_THREADS=1 timeout 120 "${run[@]}" before.py 2>&1 | tail -3)
    a=$(OMP_NUM_THREADS=1 timeout 120 "${run[@]}" after.py 2>&1 | tail -3)
    if [ "$a" == "$b" ]; then same=$((same + 1)); echo "same    $name"; else differ=$((differ + 1)); echo "DIFFERS $name"; fi
done
echo "$same same, $differ differ"
