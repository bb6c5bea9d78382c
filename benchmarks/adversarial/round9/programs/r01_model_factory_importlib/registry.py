import importlib

def build(name):
    return importlib.import_module(f"models.{name}").Model()
