"""DEV017's examples: code it must leave alone (VALID) and code it must fix (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A gradient changed in place after it is made (`fill_`, a write through an alias, `.data` or a
    # view, code it is handed to): its value when `backward` runs is not the 1 written.
    Valid(
        """
        import torch
        one = torch.FloatTensor([1])
        one.fill_(0.5)
        loss = model(x).mean()
        loss.backward(one)
        """
    ),
    Valid(
        """
        import torch
        one = torch.FloatTensor([1])
        alias = one
        alias[0] = 5
        mone = torch.FloatTensor([-1]).cuda()
        mone.data.view(-1)[0] = -2
        model(x).mean().backward(one)
        model(x).mean().backward(mone)
        """
    ),
    Valid(
        """
        import torch
        one = torch.FloatTensor([1])
        scale_gradient(one)
        loss = model(x).mean()
        loss.backward(one)
        """
    ),
    # Modern code.
    Valid(
        """
        import torch
        loss = model(x).mean()
        loss.backward()
        """
    ),
    # A vector output given its gradient: the shapes match.
    Valid(
        """
        import torch
        out = model(x)
        out.backward(torch.ones(4))
        """
    ),
    # A 0-dim gradient for a 0-dim loss.
    Valid(
        """
        import torch
        loss = model(x).mean()
        loss.backward(torch.tensor(2.0))
        """
    ),
    # `FloatTensor(1)` is a size: an uninitialised element, not the value 1.
    Valid(
        """
        import torch
        one = torch.FloatTensor(1)
        loss = model(x).mean()
        loss.backward(one)
        """
    ),
    # A gradient of another value: its meaning is not 1 or -1.
    Valid(
        """
        import torch
        two = torch.FloatTensor([2])
        loss = model(x).mean()
        loss.backward(two)
        """
    ),
    # Flipped on every round: its value where it is used is not shown.
    Valid(
        """
        import torch
        sign = torch.FloatTensor([1])
        for x in batches:
            loss = model(x).mean()
            loss.backward(sign)
            sign = sign * -1
        """
    ),
    # The output is not shown to be 0-dim.
    Valid(
        """
        import torch
        one = torch.FloatTensor([1])
        out = model(x)
        out.backward(one)
        """
    ),
]

INVALID = [
    # The WGAN idiom.
    Invalid(
        """
        import torch
        one = torch.FloatTensor([1])
        mone = one * -1
        errD_real = netD(real).mean()
        errD_real.backward(one)
        errD_fake = netD(fake).mean()
        errD_fake.backward(mone)
        """,
        """
        import torch
        one = torch.FloatTensor([1])
        mone = one * -1
        errD_real = netD(real).mean()
        errD_real.backward()
        errD_fake = netD(fake).mean()
        (-errD_fake).backward()
        """,
        message="has shape (1,)",
        line=5,
    ),
    # Moved to the GPU under a flag, in a tuple assignment.
    Invalid(
        """
        import torch
        one = torch.FloatTensor([1])
        mone = one * -1
        if use_cuda:
            one, mone = one.cuda(), mone.cuda()
        for real in batches:
            netD(real).mean().backward(mone)
        """,
        """
        import torch
        one = torch.FloatTensor([1])
        mone = one * -1
        if use_cuda:
            one, mone = one.cuda(), mone.cuda()
        for real in batches:
            (-netD(real).mean()).backward()
        """,
        line=7,
    ),
    # A gradient written in place, other arguments kept.
    Invalid(
        """
        import torch
        loss = criterion(out, y) if False else out.sum()
        loss = out.sum()
        loss.backward(torch.Tensor([1.0]), retain_graph=True)
        """,
        """
        import torch
        loss = criterion(out, y) if False else out.sum()
        loss = out.sum()
        loss.backward(retain_graph=True)
        """,
        line=4,
    ),
    # The gradient keyword, and `-one`.
    Invalid(
        """
        import torch
        one = torch.cuda.FloatTensor([1])
        g_loss = D(G(z)).mean()
        g_loss.backward(gradient=-one)
        """,
        """
        import torch
        one = torch.cuda.FloatTensor([1])
        g_loss = D(G(z)).mean()
        (-g_loss).backward()
        """,
        line=4,
    ),
    # A loss module's result, and a negated constructor.
    Invalid(
        """
        import torch
        import torch.nn as nn
        criterion = nn.BCELoss()
        mone = torch.FloatTensor([-1]).cuda()
        err = criterion(D(x), y)
        err.backward(mone)
        """,
        """
        import torch
        import torch.nn as nn
        criterion = nn.BCELoss()
        mone = torch.FloatTensor([-1]).cuda()
        err = criterion(D(x), y)
        (-err).backward()
        """,
        line=6,
    ),
    # A functional loss, the gradient moved with `.to(device)`.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        one = torch.Tensor([1]).to(device)
        F.mse_loss(model(x), y).backward(one)
        """,
        """
        import torch
        import torch.nn.functional as F
        one = torch.Tensor([1]).to(device)
        F.mse_loss(model(x), y).backward()
        """,
        line=4,
    ),
    # As DEV009 and DEV010 respell the constructor: a dtype and a device keep the value.
    Invalid(
        """
        import torch
        mone = torch.tensor([-1], dtype=torch.float32, device="cuda" if use_cuda else "cpu")
        err = D(G(z)).mean()
        err.backward(mone)
        """,
        """
        import torch
        mone = torch.tensor([-1], dtype=torch.float32, device="cuda" if use_cuda else "cpu")
        err = D(G(z)).mean()
        (-err).backward()
        """,
        line=4,
    ),
]
