#!/usr/bin/env bash
# Round 9's programs, run as round 8's are (a folder applied whole as a project, a file alone):
# "same" or "DIFFERS" for each. Usage: benchmarks/adversarial/round9/run.sh [NAME...]
here=$(cd "$(dirname "$0")" && pwd)
PROGRAMS=$here/programs exec "$here/../round8/run.sh" "$@"
