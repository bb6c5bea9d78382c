# source: roholazandie/retrieval_based_chatbot (a Hugging Face encoder sent to GPU 0)
# verdict: hit: `.to("cuda:0")` raises without a GPU; GPU 0 is the only one the file names, so the
#   portable device (the current GPU, which is 0) takes its place.
import torch
from transformers import AutoModel, AutoTokenizer

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

tokenizer = AutoTokenizer.from_pretrained("sentence-transformers/bert-base-nli-mean-tokens")
model = AutoModel.from_pretrained("sentence-transformers/bert-base-nli-mean-tokens")
model.to(device)  # expect DEV007


def embed(texts):
    batch = tokenizer(texts, return_tensors="pt", padding=True)
    with torch.no_grad():
        return model(**batch).last_hidden_state.mean(1)
