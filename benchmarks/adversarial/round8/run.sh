#!/usr/bin/env bash
# Each program of programs/ run as written and after `autofix apply` (safe fixes only), outputs compared.
# A program is a file, or a folder whose main.py imports its other files (a helper of the project), applied
# whole as a project (`autofix apply .`). A
# program whose first lines say `# GPUS=N` runs under the emulated GPU with N devices.
# Usage: benchmarks/adversarial/round8/run.sh [NAME...]    (from the repository root, after `make venv`)
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${AUTOFIX_BIN:-$here/../../../.venv/bin}
programs=${PROGRAMS:-$here/programs}  # (round 9's run.sh runs its own programs here)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=("$@")
[ ${#names[@]} -eq 0 ] && names=($(cd "$programs" && ls | sed 's/\.py$//'))
same=0; differ=0
for name in "${names[@]}"; do
    name=${name%.py}
    for side in before after; do
        mkdir -p "$work/$name/$side"
        if [ -d "$programs/$name" ]; then cp -r "$programs/$name/." "$work/$name/$side/"
        else cp "$programs/$name.py" "$work/$name/$side/main.py"; fi
    done
    # A folder is applied whole, as a project is (project mode reads its other files); a file alone.
    target=main.py; [ -d "$programs/$name" ] && target=.
    (cd "$work/$name/after" && "$bin/autofix" apply --no-cache "$target" >/dev/null 2>&1)
    gpus=$(head -3 "$work/$name/before/main.py" | grep -o 'GPUS=[0-9]' | cut -d= -f2)
    run=("$bin/python")
    [ -n "$gpus" ] && run=("$bin/autofix" run --emulate-cuda --gpus "$gpus" -- "$bin/python")
    b=$(cd "$work/$name/before" && OMP_NUM_THREADS=1 timeout 120 "${run[@]}" main.py 2>&1 | tail -3)
    a=$(cd "$work/$name/after" && OMP_NUM_THREADS=1 timeout 120 "${run[@]}" main.py 2>&1 | tail -3)
    b=${b//$work\/$name\/before/W}; a=${a//$work\/$name\/after/W}
    if [ "$a" == "$b" ]; then same=$((same + 1)); echo "same    $name"; else differ=$((differ + 1)); echo "DIFFERS $name"; fi
done
echo "$same same, $differ differ"
