# source: tommyrharper/mnist-transformer (train.py: the model comes from another module)
# verdict: look-alike: the file never moves the model.
from torch import nn, optim

model = nn.Linear(784, 10)
loss_fn = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-5)
print("training...")
