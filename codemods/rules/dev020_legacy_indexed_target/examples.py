"""DEV020's examples: code it must leave alone (VALID) and code it must fix (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        target = torch.zeros(5).long()
        for c in range(5):
            loss = criterion(out, target[c].unsqueeze(0))
        """
    ),
    # Steps × batch: `target[t]` is a batch already.
    Valid(
        """
        import torch
        import torch.nn as nn
        criterion = nn.NLLLoss()
        target = torch.LongTensor(ids).view(-1, 1)
        for t in range(n):
            loss = criterion(out, target[t])
        """
    ),
    # A tensor index keeps a vector.
    Valid(
        """
        import torch
        import torch.nn.functional as F
        labels = torch.zeros(20).long()
        idx = torch.arange(10)
        loss = F.nll_loss(output[idx], labels[idx])
        """
    ),
    # The rank of the indexed tensor is not shown.
    Valid(
        """
        import torch
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        def step(out, target, c):
            return criterion(out, target[c])
        """
    ),
    # Not a torch loss.
    Valid(
        """
        import torch
        target = torch.zeros(5)
        for c in range(5):
            score = metric(out, target[c])
        """
    ),
    # A slice keeps the dimension.
    Valid(
        """
        import torch
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        target = torch.zeros(5).long()
        loss = criterion(out, target[1:2])
        """
    ),
]

INVALID = [
    # The character RNN tutorial: a target vector built by a helper, read a step at a time.
    Invalid(
        """
        import torch
        import torch.nn as nn
        from torch.autograd import Variable
        def char_tensor(s):
            tensor = torch.zeros(len(s)).long()
            for c in range(len(s)):
                tensor[c] = ord(s[c])
            return Variable(tensor)
        criterion = nn.CrossEntropyLoss()
        target = char_tensor("hello")
        loss = 0
        for c in range(5):
            output, hidden = decoder(inp[c], hidden)
            loss += criterion(output, target[c])
        """,
        """
        import torch
        import torch.nn as nn
        from torch.autograd import Variable
        def char_tensor(s):
            tensor = torch.zeros(len(s)).long()
            for c in range(len(s)):
                tensor[c] = ord(s[c])
            return Variable(tensor)
        criterion = nn.CrossEntropyLoss()
        target = char_tensor("hello")
        loss = 0
        for c in range(5):
            output, hidden = decoder(inp[c], hidden)
            loss += criterion(output, target[c].unsqueeze(0))
        """,
        message="0-dim since PyTorch 0.4",
        line=14,
    ),
    # A functional loss and a literal index.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        y = torch.LongTensor(4).view(-1)
        loss = F.nll_loss(out, y[0])
        """,
        """
        import torch
        import torch.nn.functional as F
        y = torch.LongTensor(4).view(-1)
        loss = F.nll_loss(out, y[0].unsqueeze(0))
        """,
        line=4,
    ),
    # The target as a keyword.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        y = torch.zeros(3).long()
        loss = F.cross_entropy(out, target=y[2])
        """,
        """
        import torch
        import torch.nn.functional as F
        y = torch.zeros(3).long()
        loss = F.cross_entropy(out, target=y[2].unsqueeze(0))
        """,
        line=4,
    ),
    # The criterion and the target handed to a helper by its one caller.
    Invalid(
        """
        import torch
        import torch.nn as nn
        def train(criterion, inp, target):
            loss = 0
            for c in range(3):
                loss += criterion(model(inp[c]), target[c])
            return loss
        train(nn.NLLLoss(), torch.zeros(3).long(), torch.zeros(3).long().cuda())
        """,
        """
        import torch
        import torch.nn as nn
        def train(criterion, inp, target):
            loss = 0
            for c in range(3):
                loss += criterion(model(inp[c]), target[c].unsqueeze(0))
            return loss
        train(nn.NLLLoss(), torch.zeros(3).long(), torch.zeros(3).long().cuda())
        """,
        line=6,
    ),
    # Unpacked from a helper's tuple with `*`.
    Invalid(
        """
        import torch
        import torch.nn as nn
        def pair():
            inp = torch.zeros(4).long()
            target = torch.zeros(4).long()
            return inp, target
        def train(criterion, inp, target):
            return criterion(model(inp[0]), target[0])
        train(nn.CrossEntropyLoss(), *pair())
        """,
        """
        import torch
        import torch.nn as nn
        def pair():
            inp = torch.zeros(4).long()
            target = torch.zeros(4).long()
            return inp, target
        def train(criterion, inp, target):
            return criterion(model(inp[0]), target[0].unsqueeze(0))
        train(nn.CrossEntropyLoss(), *pair())
        """,
        line=8,
    ),
    # A loss module held by a class.
    Invalid(
        """
        import torch
        import torch.nn as nn
        class Tagger:
            def __init__(self):
                self.loss_fn = nn.NLLLoss()
            def step(self, out):
                tags = torch.zeros(4).long()
                return self.loss_fn(out, tags[3])
        """,
        """
        import torch
        import torch.nn as nn
        class Tagger:
            def __init__(self):
                self.loss_fn = nn.NLLLoss()
            def step(self, out):
                tags = torch.zeros(4).long()
                return self.loss_fn(out, tags[3].unsqueeze(0))
        """,
        line=8,
    ),
    # Safe: a class-index loss whose input the model's forward shows to be 2-D (`.view(1, -1)` into a
    # `Linear`): the 0-dim target raised there, the fix changes only runs that stopped.
    Invalid(
        """
        import torch
        import torch.nn as nn
        class CharRNN(nn.Module):
            def __init__(self):
                super().__init__()
                self.decoder = nn.Linear(8, 5)
            def forward(self, x):
                return self.decoder(x.view(1, -1))
        model = CharRNN()
        criterion = nn.CrossEntropyLoss()
        target = torch.zeros(4).long()
        for c in range(4):
            output = model(inp[c])
            loss = criterion(output, target[c])
        """,
        """
        import torch
        import torch.nn as nn
        class CharRNN(nn.Module):
            def __init__(self):
                super().__init__()
                self.decoder = nn.Linear(8, 5)
            def forward(self, x):
                return self.decoder(x.view(1, -1))
        model = CharRNN()
        criterion = nn.CrossEntropyLoss()
        target = torch.zeros(4).long()
        for c in range(4):
            output = model(inp[c])
            loss = criterion(output, target[c].unsqueeze(0))
        """,
        message="shown to be batched",
        line=14,
    ),
]
