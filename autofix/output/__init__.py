"""What a run prints: diffs, machine formats (JSON, SARIF, GitHub) and progress."""
