"""Linting and fixing one text: parse (in pieces), run the rules, apply fixes until stable, re-parse."""
