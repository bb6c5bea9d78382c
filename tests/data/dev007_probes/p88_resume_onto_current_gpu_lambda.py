# source: find_string excerpts without a repository name (BasicSR-style `train.py` resume: the state
#   loaded onto `torch.cuda.current_device()` through a lambda; three copies in one search)
# verdict: hit: reported, not fixed: the lambda names a GPU by a variable, and the line above it
#   (`torch.cuda.current_device()`) raises without a GPU as well.
import torch


def load_resume_state(opt):
    if opt["path"].get("resume_state"):
        device_id = torch.cuda.current_device()
        resume_state = torch.load(  # expect DEV007
            opt["path"]["resume_state"], map_location=lambda storage, loc: storage.cuda(device_id)
        )
        return resume_state
    return None
