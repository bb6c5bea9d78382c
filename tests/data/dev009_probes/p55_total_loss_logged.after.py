# source: qqueing/DeepSpeaker-pytorch train_triplet.py
# verdict: hit: `loss` bound from another name and read as a number; `.item()`, unsafe.
def train_step(model, criterion, optimizer, logger, anchor, positive, negative):
    out_a, out_p, out_n = model(anchor), model(positive), model(negative)
    triplet_loss = criterion.forward(out_a, out_p, out_n)
    loss = triplet_loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    logger.log_value("total_loss", loss.item())
    return "loss {:.6f}".format(loss.item())
