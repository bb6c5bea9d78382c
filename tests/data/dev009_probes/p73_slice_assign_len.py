# source: clara-gdef/seq2seq models/last_job_prediction.py (padding label lists into a batch tensor)
# verdict: hit: `len(lab)` and `len(jobs[i])` show lists (an int has no length): data, unsafe (a
#   torch.Size has a length too); DEV010 then folds the `.cuda()` in a later pass.
import torch


def pad_truth(labels, jobs, width):
    truth = torch.zeros(len(labels), width, dtype=torch.int64)
    for i, lab in enumerate(labels):
        truth[i, :len(lab)] = torch.LongTensor(lab)  # expect DEV009
    history = torch.zeros(len(jobs), width, dtype=torch.int64).cuda()
    for i in range(len(jobs)):
        history[i, :len(jobs[i])] = torch.LongTensor(jobs[i]).cuda()  # expect DEV009
    return truth, history
