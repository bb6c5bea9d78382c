import builtins as b
