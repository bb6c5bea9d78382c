# source: AikeAcheson/chatbot loss/maskNLLLoss.py (a masked loss returns its token count with .item(), per decoder step)
# verdict: hit twice; report only: both numbers are read in the decoder's loop.
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def mask_nll_loss(inp, target, mask):
    n_total = mask.sum()
    cross_entropy = -torch.log(torch.gather(inp, 1, target.view(-1, 1)).squeeze(1))
    loss = cross_entropy.masked_select(mask).mean()
    loss = loss.to(device)
    return loss, n_total.item()  # expect DEV008


def train(decoder, decoder_input, hidden, target_variable, mask, max_target_len, optimizer):
    optimizer.zero_grad()
    loss = 0
    print_losses = []
    n_totals = 0
    for t in range(max_target_len):
        decoder_output, hidden = decoder(decoder_input, hidden)
        decoder_input = target_variable[t].view(1, -1)
        mask_loss, n_total = mask_nll_loss(decoder_output, target_variable[t], mask[t])
        loss += mask_loss
        print_losses.append(mask_loss.item() * n_total)  # expect DEV008
        n_totals += n_total
    loss.backward()
    optimizer.step()
    return sum(print_losses) / n_totals
