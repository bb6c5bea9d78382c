class _Hard:
    @staticmethod
    def sigmoid(x):
        return (x * 0.25 + 0.5).clamp(0, 1)

    @staticmethod
    def tanh(x):
        return x.clamp(-1, 1)


def hard_activations(fn):
    """Registers fn and swaps the module's F for hard activations."""
    fn.__globals__["F"] = _Hard
    return fn
