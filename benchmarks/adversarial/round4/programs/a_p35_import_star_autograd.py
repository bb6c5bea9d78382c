from torch.autograd import *
import numpy as np

x = Variable(np.zeros(2))
print(type(x).__name__)
