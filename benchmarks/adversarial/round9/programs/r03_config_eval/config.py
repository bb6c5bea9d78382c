import ast

def load():
    return ast.literal_eval("{\"seed\": 0}")
