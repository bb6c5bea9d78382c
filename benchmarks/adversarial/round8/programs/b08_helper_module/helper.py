import sys


class _Fake:
    @staticmethod
    def sigmoid(x):
        return x * 0 + 7

    @staticmethod
    def tanh(x):
        return x * 0 - 7


def install():
    sys.modules["__main__"].F = _Fake
