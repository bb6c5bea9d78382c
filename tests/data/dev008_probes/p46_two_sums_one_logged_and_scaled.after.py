# source: jiangqn/seq2seq main.py (an epoch sum and a windowed sum of the same loss, the window divided in place)
# verdict: hit on both; both sums could stay on the device, the window read where it is printed.
import torch


def fit(model, loader, opt, epochs):
    model = model.cuda()
    for epoch in range(epochs):
        epoch_sum, examples, window = 0, 0, 0
        for i, (src, tgt) in enumerate(loader):
            src, tgt = src.cuda(), tgt.cuda()
            opt.zero_grad()
            loss = model(src, tgt)
            epoch_sum += loss.detach().double() * src.size(0)  # expect DEV008
            examples += src.size(0)
            window += loss.detach().double()  # expect DEV008
            if i > 0 and i % 100 == 0:
                window /= 100
                print("epoch %d step %d loss %.4f" % (epoch, i, float(window)))
                window = 0
            loss.backward()
            opt.step()
        epoch_sum = float(epoch_sum)
        window = float(window)
        print("epoch %d mean loss %.4f" % (epoch, epoch_sum / examples))
