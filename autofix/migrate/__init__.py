"""``autofix migrate``: many projects at once, their reports, test verdicts and branches."""
