"""Rule infrastructure with no torch meaning: the rule contract, the tree index, names, syntax, data flow."""
