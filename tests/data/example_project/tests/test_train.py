from scorer.train import train


def test_training_lowers_the_loss():
    losses = train(steps=20)["losses"]
    assert losses[-1] < losses[0]
